import Foundation

/// An entry that matched a full-text query: what ranking needs, and the text the index holds.
public struct SearchCandidate: Sendable, Hashable {
    /// The entry's row identifier.
    public var id: Int64
    /// When it was last donated.
    public var donatedAt: Date
    /// How many times the user engaged with it.
    public var engagementCount: Int
    /// The entry's indexed text, field by field (only what was read: ``isTextRead``,
    /// ``isDescriptionRead``).
    public var indexedText: IndexedText
    /// Whether ``indexedText`` holds the title, keywords and address (a read of
    /// ``SearchCandidateText/none`` leaves them out).
    public var isTextRead: Bool
    /// Whether the full-text index finds every term of the query in the title, when known
    /// (``EntryStorage/titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)``); `nil`
    /// when unknown.
    ///
    /// It is true whenever ranking finds every term in the title (the index may find more: a
    /// Chinese term's bigrams apart), so that a candidate for which it is false cannot get the
    /// title's bonus: ranking bounds candidates not read by it.
    public var titleHasEveryTerm: Bool?
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
        isDescriptionRead: Bool = true, descriptionWords: Int? = nil, isTextRead: Bool = true,
        titleHasEveryTerm: Bool? = nil
    ) {
        self.descriptionWords = descriptionWords
        self.isTextRead = isTextRead
        self.titleHasEveryTerm = titleHasEveryTerm
        self.id = id
        self.donatedAt = donatedAt
        self.engagementCount = engagementCount
        self.indexedText = indexedText
        self.isDescriptionRead = isDescriptionRead
    }
}

extension SearchCandidate {
    /// Whether every field of the candidate's indexed text was read.
    public var isWhollyRead: Bool { isTextRead && isDescriptionRead }
}
