/// Whose data a storage transaction reads and writes: one user of a store or a service.
///
/// A device's store has one user, ``device``; a service (the daemon on PostgreSQL, or a
/// shared SQLite store) has many. Every row a backend keeps for a user is keyed by the user's
/// identifier, and a transaction for one user never sees another user's rows.
public struct UserID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier: 1 to ``maximumLength`` characters of letters, digits, `.`, `_`, `-`
    /// and `@`.
    public let rawValue: String

    /// The longest identifier.
    public static let maximumLength = 128

    /// The one user of a device's store, used when no user is named.
    public static let device = UserID(unchecked: "default")

    /// Creates an identifier, or `nil` when `rawValue` is empty, too long or has other characters.
    public init?(rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Creates an identifier from a literal (which must be valid).
    public init(stringLiteral value: String) {
        precondition(Self.isValid(value), "invalid user identifier")
        self.rawValue = value
    }

    private init(unchecked value: String) { self.rawValue = value }

    /// Whether a string is a valid user identifier.
    public static func isValid(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "._-@".unicodeScalars.contains(scalar))
            }
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(String.self)
        guard Self.isValid(value) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "not a user identifier (letters, digits, . _ - @; at most 128)")
        }
        rawValue = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
