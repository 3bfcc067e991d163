import CPhoneNumber

/// A phone number parsed and validated by libphonenumber, with its standard forms.
///
/// ```swift
/// let number = try PhoneNumber(parsing: "(415) 781-1111", defaultRegion: "US")
/// number.e164                 // "+14157811111"
/// number.nationalFormat       // "(415) 781-1111"
/// number.internationalFormat  // "+1 415-781-1111"
/// ```
/// Parsing is thread-safe and needs no setup.
public struct PhoneNumber: Sendable, Hashable, Codable {
    /// How strict ``init(parsing:defaultRegion:validation:)`` is.
    public enum Validation: String, Sendable, Hashable, Codable {
        /// The number must be valid for its country (the default).
        case valid
        /// The number must have a possible length for its country.
        case possible
        /// Anything that parses is accepted; see ``isValid``.
        case none
    }

    /// The dialable E.164 form ("+14157811111").
    public var e164: String
    /// The national display form ("(415) 781-1111", "01 45 48 55 26").
    public var nationalFormat: String
    /// The international display form ("+1 415-781-1111", "+33 1 45 48 55 26").
    public var internationalFormat: String
    /// The region the number belongs to (ISO 3166-1 alpha-2), or `nil` when its digits do
    /// not tell.
    public var regionCode: String?
    /// The country calling code (1, 33, 886).
    public var countryCode: Int
    /// Whether the number is valid for its country.
    public var isValid: Bool
    /// Whether the number has a possible length for its country.
    public var isPossible: Bool
    /// What kind of line it is.
    public var kind: PhoneNumberKind

    /// Parses a number as a person in `defaultRegion` would dial it.
    ///
    /// - Parameters:
    ///   - text: the number as written ("(415) 781-1111", "+33 1 45 48 55 26", "tel:+1…").
    ///   - defaultRegion: ISO 3166-1 alpha-2 code of the region the number is written for,
    ///     case-insensitive; `nil` when unknown (the text must then start with `+` or `00`).
    ///   - validation: how strict to be; by default the number must be valid.
    /// - Throws: ``PhoneNumberError`` when the text is not a number, or not valid enough.
    public init(parsing text: String, defaultRegion: String? = nil, validation: Validation = .valid) throws {
        let region = (defaultRegion ?? "ZZ").uppercased()
        guard region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PhoneNumberError(
                code: .invalidRegion, message: "defaultRegion must be an ISO 3166-1 alpha-2 code")
        }
        var result = ProactivePhoneParseResult()
        let status = proactive_phone_parse(text, region, &result)
        switch Int(status) {
        case Int(PROACTIVE_PHONE_OK): break
        case Int(PROACTIVE_PHONE_INVALID_COUNTRY_CODE):
            throw PhoneNumberError(
                code: .invalidCountryCode,
                message: "the number has no valid country calling code and no usable default region")
        case Int(PROACTIVE_PHONE_TOO_SHORT_AFTER_IDD), Int(PROACTIVE_PHONE_TOO_SHORT_NSN):
            throw PhoneNumberError(code: .tooShort, message: "the number has too few digits")
        case Int(PROACTIVE_PHONE_TOO_LONG_NSN):
            throw PhoneNumberError(code: .tooLong, message: "the number has too many digits")
        default:
            throw PhoneNumberError(code: .notANumber, message: "the text is not a phone number")
        }
        e164 = Self.string(from: &result.e164)
        nationalFormat = Self.string(from: &result.national)
        internationalFormat = Self.string(from: &result.international)
        let numberRegion = Self.string(from: &result.region)
        regionCode =
            numberRegion.isEmpty || numberRegion == "ZZ" || numberRegion == "001" ? nil : numberRegion
        countryCode = Int(result.country_code)
        isValid = result.is_valid != 0
        isPossible = result.is_possible != 0
        kind = PhoneNumberKind(libphonenumberType: result.type)
        switch validation {
        case .valid where !isValid:
            throw PhoneNumberError(
                code: .invalidNumber, message: "the number is not valid for its country")
        case .possible where !isPossible:
            throw PhoneNumberError(
                code: .invalidNumber, message: "the number does not have a possible length for its country")
        default: break
        }
    }

    /// The country calling code of a region ("FR" → 33), or `nil` if unknown.
    public static func callingCode(forRegion region: String) -> Int? {
        let code = proactive_phone_calling_code(region.uppercased())
        return code > 0 ? Int(code) : nil
    }

    /// The main region of a country calling code (33 → "FR"), or `nil` if unknown.
    public static func regionCode(forCallingCode callingCode: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 8)
        let found = proactive_phone_region_for_calling_code(Int32(callingCode), &buffer, 8)
        guard found != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads a NUL-terminated C string stored in a fixed-size tuple field.
    private static func string<T>(from field: inout T) -> String {
        withUnsafeBytes(of: &field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
