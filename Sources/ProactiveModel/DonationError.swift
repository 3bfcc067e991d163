/// Why a donation was rejected: a stable ``code``, the ``field`` at fault (a dotted path such
/// as `contentAttributeSet.latitude`) and a ``reason`` that never quotes private content.
public struct DonationError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable machine-readable code.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The document is not valid JSON.
        case malformedJSON
        /// The document's `type` is not one the engine knows.
        case unknownType
        /// A required field is missing.
        case missingField
        /// A field the document's type, or a nested object the contract defines, does not have (a
        /// misspelt name, most often).
        case unknownField
        /// A field has the wrong JSON type.
        case wrongType
        /// A field's value is not allowed (out of range, not an URL, not reverse-DNS…).
        case invalidValue
        /// The document or a field is over its size limit.
        case tooLarge
        /// The activity's type is not declared by its app.
        case undeclaredActivityType
        /// The app has not declared itself with an `app` document.
        case unknownApp
        /// The donor may not donate for this app.
        case forbidden
        /// A batch's expected client state does not match the stored one.
        case clientStateMismatch
    }

    /// The code.
    public var code: Code
    /// The field at fault, as a dotted path; `nil` for the document as a whole.
    public var field: String?
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(code: Code, field: String?, reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// The rejection of a text that holds U+0000 (NUL), which no stored text can hold.
    public static func nulCharacter(field: String?) -> DonationError {
        DonationError(
            code: .invalidValue, field: field,
            reason: "contains the character U+0000 (NUL), which text may not hold")
    }

    /// The rejection of a document that gives a key twice in one object (see
    /// ``JSONDuplicateKeys``): which value it meant is left open by JSON.
    public static func duplicateKey(field: String) -> DonationError {
        DonationError(
            code: .malformedJSON, field: field,
            reason: "is given twice in one object; JSON leaves which value is meant open, so give it once")
    }

    public var description: String {
        if let field { return "\(field): \(reason)" }
        return reason
    }
}
