/// Why a phone number could not be parsed or was rejected.
///
/// Messages name the problem, never the number itself (it is private user content).
public struct PhoneNumberError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The text is not a phone number at all.
        case notANumber
        /// The number starts with a country calling code that does not exist, or has no
        /// `+` and no usable default region.
        case invalidCountryCode
        /// Too few digits for any number.
        case tooShort
        /// Too many digits for any number.
        case tooLong
        /// It parses, but no number of its country has that shape.
        case invalidNumber
        /// The default region is not an ISO 3166-1 alpha-2 code.
        case invalidRegion
    }

    /// The stable reason.
    public var code: Code
    /// A message naming the problem, without the number.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `"code: message"`.
    public var description: String { "\(code.rawValue): \(message)" }
}
