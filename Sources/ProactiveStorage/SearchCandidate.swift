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
    /// How many words the description has as ranking counts them
    /// (`TextRelevance.wordCount(_:)`), when the store knows it; it bounds what a description
    /// not read can add to a score.
    public var descriptionWords: Int?

    /// Creates a candidate.
    public init(
        id: Int64, donatedAt: Date, engagementCount: Int, indexedText: IndexedText,
        isDescriptionRead: Bool = true, descriptionWords: Int? = nil
    ) {
        self.descriptionWords = descriptionWords
        self.id = id
        self.donatedAt = donatedAt
        self.engagementCount = engagementCount
        self.indexedText = indexedText
        self.isDescriptionRead = isDescriptionRead
    }
}
