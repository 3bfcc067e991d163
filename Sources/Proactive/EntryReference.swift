import ProactiveStorage

/// A reference to a stored entry, as receipts, search results, suggestions and continuations
/// name it: `activity/12`, `item/57`, `page/3`. Encoded as that string; a suggestion's
/// identifier may add `#surface`, which reading ignores.
///
/// ```swift
/// let reference = EntryReference(.activity, 12)
/// try engine.continueActivity(reference.description)  // "activity/12"
/// EntryReference("item/57#spotlight")?.entryID           // 57
/// ```
public struct EntryReference: Sendable, Hashable, Codable, CustomStringConvertible, LosslessStringConvertible
{
    /// What kind of entry is referred to.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A user activity.
        case activity
        /// A searchable item.
        case item
        /// A visited web page.
        case page
    }

    /// The kind of entry.
    public var kind: Kind
    /// The entry's number within its store.
    public var entryID: Int64

    /// A reference to entry `entryID` of `kind`.
    public init(_ kind: Kind, _ entryID: Int64) {
        self.kind = kind
        self.entryID = entryID
    }

    /// Reads `activity/12`, `item/57` or `page/3` (a `#surface` after it is ignored); `nil`
    /// for anything else.
    public init?(_ description: String) {
        let base = description.split(separator: "#", maxSplits: 1).first.map(String.init) ?? description
        let parts = base.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])),
            parts[1].allSatisfy(\.isASCII), let id = Int64(parts[1])
        else { return nil }
        self.init(kind, id)
    }

    /// A reference to a stored entry.
    init(stored kind: EntryKind, _ entryID: Int64) {
        self.init(Kind(rawValue: kind.rawValue) ?? .item, entryID)
    }

    /// `activity/12`.
    public var description: String { "\(kind.rawValue)/\(entryID)" }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let reference = EntryReference(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an entry reference: \(text)"))
        }
        self = reference
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
