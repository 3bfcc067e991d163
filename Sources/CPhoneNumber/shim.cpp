#include "CPhoneNumber.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

void copy(const std::string &value, char *out, size_t capacity) {
    size_t length = value.size() < capacity - 1 ? value.size() : capacity - 1;
    std::memcpy(out, value.data(), length);
    out[length] = '\0';
}

}  // namespace

extern "C" int proactive_phone_parse(const char *text, const char *default_region,
                                     ProactivePhoneParseResult *out) {
    if (out == nullptr) return PROACTIVE_PHONE_BAD_ARGUMENT;
    std::memset(out, 0, sizeof(*out));
    if (text == nullptr) return PROACTIVE_PHONE_BAD_ARGUMENT;
    const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    std::string region = default_region != nullptr ? default_region : "ZZ";
    PhoneNumberUtil::ErrorType error = util->Parse(text, region, &number);
    if (error != PhoneNumberUtil::NO_PARSING_ERROR) return static_cast<int>(error);

    std::string formatted;
    util->Format(number, PhoneNumberUtil::E164, &formatted);
    copy(formatted, out->e164, sizeof(out->e164));
    util->Format(number, PhoneNumberUtil::NATIONAL, &formatted);
    copy(formatted, out->national, sizeof(out->national));
    util->Format(number, PhoneNumberUtil::INTERNATIONAL, &formatted);
    copy(formatted, out->international, sizeof(out->international));
    std::string number_region;
    util->GetRegionCodeForNumber(number, &number_region);
    copy(number_region, out->region, sizeof(out->region));
    out->country_code = number.country_code();
    out->is_valid = util->IsValidNumber(number) ? 1 : 0;
    out->is_possible = util->IsPossibleNumber(number) ? 1 : 0;
    out->type = static_cast<int>(util->GetNumberType(number));
    return PROACTIVE_PHONE_OK;
}

extern "C" int proactive_phone_calling_code(const char *region) {
    if (region == nullptr) return 0;
    return PhoneNumberUtil::GetInstance()->GetCountryCodeForRegion(region);
}

extern "C" int proactive_phone_region_for_calling_code(int calling_code, char *out, int out_length) {
    if (out == nullptr || out_length < 3) return 0;
    std::string region;
    PhoneNumberUtil::GetInstance()->GetRegionCodeForCountryCode(calling_code, &region);
    copy(region, out, static_cast<size_t>(out_length));
    return region != "ZZ" ? 1 : 0;
}
