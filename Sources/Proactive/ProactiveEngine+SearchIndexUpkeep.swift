import Foundation
import ProactiveStorage

extension ProactiveEngine {
    /// Does one step of upkeep on the search index when it is due, writing at most `pages`
    /// pages in one short write transaction, and answers whether more steps are due.
    ///
    /// On the embedded store, words donated in separate transactions sit in separate segments
    /// of the full-text index, which FTS5 merges a few at a time; a search reads each word's
    /// matches from every segment. Once the segments besides the largest are half its size,
    /// upkeep merges them all into one, a step at a time (writers wait for one step at most).
    /// The daemon runs steps when it is idle, and `proactive donate` once it has donated. On
    /// PostgreSQL there is nothing to do (autovacuum keeps its indexes).
    ///
    /// - Parameter pages: the most pages of index one step writes (about 4 KB each; a step of
    ///   500 pages takes about 50 ms).
    @discardableResult
    public func maintainSearchIndex(pages: Int = 500) throws -> Bool {
        try storage.maintainSearchIndex(pages: pages)
    }

    /// Removes the text of deleted and replaced entries from the files of the search index
    /// now, in steps of at most `pages` pages, and returns when none is left.
    ///
    /// On the embedded store, the full-text index keeps a deleted entry's words in its file
    /// (behind a delete marker) until its segments are merged into one, which rewrites the
    /// whole index (about 7 s at a million items); ``maintainSearchIndex(pages:)`` does that
    /// at most a thousandth of the time, and `proactive delete` calls this once it has
    /// deleted. The store's rows themselves are overwritten with zeros when deleted, and the
    /// file is then rewritten from its live rows (`VACUUM`, about 5 s more at a million
    /// items), since pages keep older copies of their cells in their slack. On
    /// PostgreSQL, deleted rows leave through vacuum, which does not overwrite them.
    public func purgeDeletedSearchText(pages: Int = 2_000) throws {
        while try storage.purgeDeletedText(pages: pages) {}
    }
}
