import Foundation

/// An entry that matched a full-text query: what ranking needs, and the text the index holds.
public struct SearchCandidate: Sendable, Hashable {
    /// The entry's row identifier.
    public var id: Int64
    /// When it was last donated.
    public var donatedAt: Date
    /// How many times the user engaged with it.
    public var engagementCount: Int
    /// The entry's indexed text, field by field.
    public var indexedText: IndexedText

    /// Creates a candidate.
    public init(
        id: Int64, donatedAt: Date, engagementCount: Int, indexedText: IndexedText
    ) {
        self.id = id
        self.donatedAt = donatedAt
        self.engagementCount = engagementCount
        self.indexedText = indexedText
    }
}
