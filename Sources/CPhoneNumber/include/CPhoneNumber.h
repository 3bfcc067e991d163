// A C interface to libphonenumber (PhoneNumberUtil), because importing its C++ API into
// Swift crashes the compiler (see spike-notes.md, section 4). Every function is
// thread-safe: they only use PhoneNumberUtil::GetInstance(), whose parsing and
// formatting calls are safe to run concurrently.
#ifndef PROACTIVE_CPHONENUMBER_H
#define PROACTIVE_CPHONENUMBER_H
#ifdef __cplusplus
extern "C" {
#endif

/// Outcome codes of proactive_phone_parse (libphonenumber's ErrorType, plus our own).
enum {
    PROACTIVE_PHONE_OK = 0,
    PROACTIVE_PHONE_INVALID_COUNTRY_CODE = 1,
    PROACTIVE_PHONE_NOT_A_NUMBER = 2,
    PROACTIVE_PHONE_TOO_SHORT_AFTER_IDD = 3,
    PROACTIVE_PHONE_TOO_SHORT_NSN = 4,
    PROACTIVE_PHONE_TOO_LONG_NSN = 5,
    PROACTIVE_PHONE_BAD_ARGUMENT = 6,
};

/// Everything one parse yields; strings are NUL-terminated UTF-8.
typedef struct ProactivePhoneParseResult {
    char e164[40];
    char national[80];
    char international[80];
    char region[8];
    int country_code;
    int is_valid;
    int is_possible;
    /// libphonenumber's PhoneNumberType (0 fixed line, 1 mobile, 2 fixed line or mobile,
    /// 3 toll free, 4 premium rate, 5 shared cost, 6 VoIP, 7 personal, 8 pager, 9 UAN,
    /// 10 voicemail, 11 unknown).
    int type;
} ProactivePhoneParseResult;

/// Parses `text` (UTF-8) as a phone number, dialled from `default_region` (ISO 3166-1
/// alpha-2, or "ZZ" when unknown and the text starts with +). Fills `out` and returns
/// PROACTIVE_PHONE_OK, or an error code (out is then zeroed).
int proactive_phone_parse(const char *text, const char *default_region,
                          ProactivePhoneParseResult *out);

/// The country calling code of a region ("FR" → 33), or 0 if unknown.
int proactive_phone_calling_code(const char *region);

/// The main region of a calling code (33 → "FR") written into `out` (at least 3 bytes);
/// returns 1 when found, 0 otherwise ("ZZ" is written then).
int proactive_phone_region_for_calling_code(int calling_code, char *out, int out_length);

#ifdef __cplusplus
}
#endif
#endif
