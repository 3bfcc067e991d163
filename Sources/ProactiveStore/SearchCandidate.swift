/// An entry that matched a full-text query, with its text relevance.
public struct SearchCandidate: Sendable, Hashable {
    /// The entry.
    public var entry: StoredEntry
    /// BM25 relevance with field weights (higher is better; not normalised).
    public var relevance: Double
    /// Whether every term matched in the title.
    public var matchedTitle: Bool

    /// Creates a candidate.
    public init(entry: StoredEntry, relevance: Double, matchedTitle: Bool) {
        self.entry = entry
        self.relevance = relevance
        self.matchedTitle = matchedTitle
    }
}
