/// An entry with its indexed text: what ranking reads of a search candidate read without it
/// (see ``EntryStorage/entriesForRanking(ids:scope:now:)``).
public struct EntryForRanking: Sendable {
    /// The entry.
    public var entry: StoredEntry
    /// Its text as the full-text index holds it, every field.
    public var indexedText: IndexedText

    /// Creates an entry for ranking.
    public init(entry: StoredEntry, indexedText: IndexedText) {
        self.entry = entry
        self.indexedText = indexedText
    }
}
