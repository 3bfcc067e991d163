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
    /// Whether ``indexedText`` holds the description: a search may read candidates without it
    /// (the longest field, weighted least) and read it only for those it can still reorder
    /// (``EntryStorage/entriesForRanking(ids:scope:now:)``).
    public var isDescriptionRead: Bool

    /// Creates a candidate.
    public init(
        id: Int64, donatedAt: Date, engagementCount: Int, indexedText: IndexedText,
        isDescriptionRead: Bool = true
    ) {
        self.id = id
        self.donatedAt = donatedAt
        self.engagementCount = engagementCount
        self.indexedText = indexedText
        self.isDescriptionRead = isDescriptionRead
    }
}
