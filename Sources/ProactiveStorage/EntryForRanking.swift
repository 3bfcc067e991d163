/// An entry with its indexed description: what ranking reads of a search candidate read
/// without it (see ``EntryStorage/entriesForRanking(ids:scope:now:)``).
public struct EntryForRanking: Sendable {
    /// The entry.
    public var entry: StoredEntry
    /// Its description as the full-text index holds it (``IndexedText/description``).
    public var indexedDescription: String?

    /// Creates an entry for ranking.
    public init(entry: StoredEntry, indexedDescription: String?) {
        self.entry = entry
        self.indexedDescription = indexedDescription
    }
}
