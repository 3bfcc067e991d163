import Foundation
import GRDB
import ProactiveStorage

/// Keeps the full-text index in step with the `entry` table, in bulk.
///
/// FTS5 flushes its in-memory terms to a new index segment at every statement savepoint, so
/// indexing one row per statement (as triggers do) writes one segment per row and is several
/// times slower than SQLite can index. Instead, writes record which rows to (re)index and
/// which old text to remove, and ``flush(_:)`` applies them with a few statements just before
/// the write transaction commits. The index therefore always changes in the same transaction
/// as the rows it indexes.
///
/// Invariant between flushes: every row of `entry` not in ``pending`` is indexed with exactly
/// its `fts*` columns in `entry_fts` and its `ftsTitle` in `entry_title_fts`, as the
/// `entry_text` view reads them (their stored forms expanded: the view is both indexes'
/// content). Rows not eligible for search have NULL text: they are indexed with no words. So
/// FTS5's own `integrity-check` holds after every transaction.
final class DeferredIndex {
    /// Rows to index with their current text at the flush.
    private var pending: Set<Int64> = []
    /// Whether old text was queued in `temp.fts_deletions`.
    private var hasDeletions = false
    private var prepared = false

    static let columns = "ftsTitle, ftsKeywords, ftsDescription, ftsAddress"

    private func prepare(_ db: Database) throws {
        guard !prepared else { return }
        try db.execute(
            sql: "CREATE TEMP TABLE IF NOT EXISTS fts_deletions (id INTEGER, t TEXT, k TEXT, d TEXT, a TEXT)")
        prepared = true
    }

    /// Marks a row to be indexed with its current text at the flush.
    func enqueue(_ id: Int64) { pending.insert(id) }

    /// Queues the indexed text of the rows of `entry` matching `condition` for removal from
    /// the index; call before those rows are deleted or their text changes.
    func removeIndexedText(where condition: String, arguments: StatementArguments, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, \(Self.columns) FROM entry WHERE \(condition)",
            arguments: arguments)
        for row in rows {
            let id: Int64 = row[0]
            // A pending row was never indexed with its current text (nor, if new, at all);
            // what it had before this transaction was queued when its text first changed.
            if pending.remove(id) != nil { continue }
            try removeIndexedText(id: id, text: IndexedText(row: row, columnsFrom: 1), db)
        }
    }

    /// Whether a row's indexed text must be queued for removal before it changes: it is
    /// indexed now (not already pending).
    func isIndexed(_ id: Int64) -> Bool { !pending.contains(id) }

    /// Queues one row's old text for removal from the index.
    func removeIndexedText(id: Int64, text: IndexedText, _ db: Database) throws {
        try prepare(db)
        try db.cachedStatement(sql: "INSERT INTO temp.fts_deletions (id, t, k, d, a) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [id, text.title, text.keywords, text.description, text.address])
        hasDeletions = true
    }

    /// Applies every pending change to the index: two statements for removals and two for
    /// additions (a bulk write adds three to set and reset the merge fan-in around them).
    func flush(_ db: Database) throws {
        if hasDeletions {
            try db.execute(
                sql: """
                    INSERT INTO entry_fts (entry_fts, rowid, \(Self.columns))
                    SELECT 'delete', id, t, k, d, a FROM temp.fts_deletions ORDER BY rowid;
                    INSERT INTO entry_title_fts (entry_title_fts, rowid, ftsTitle)
                    SELECT 'delete', id, t FROM temp.fts_deletions ORDER BY rowid;
                    INSERT INTO searchIndexRewrite (entry) SELECT id FROM temp.fts_deletions ORDER BY rowid;
                    DELETE FROM searchIndexRewrite
                    WHERE id <= (SELECT max(id) FROM searchIndexRewrite) - \(Self.rewritesKept);
                    DELETE FROM temp.fts_deletions;
                    INSERT OR IGNORE INTO searchIndexPurge (indexName) VALUES ('entry_fts'), ('entry_title_fts');
                    """)
            hasDeletions = false
        }
        if !pending.isEmpty {
            // A bulk write merges new segments sixteen at a time instead of four (FTS5's
            // `automerge`), rewriting each page about half as often; the store's setting is
            // back to four when the transaction commits, and the index's upkeep merges the
            // segments left (see `SQLiteStorage.maintainSearchIndex`).
            let bulk = pending.count >= Self.bulkRows
            if bulk { try Self.setAutomerge(Self.bulkAutomerge, db) }
            let ids = "[" + pending.sorted().map(String.init).joined(separator: ",") + "]"
            try db.execute(
                sql: """
                    INSERT INTO entry_fts (rowid, \(Self.columns))
                    SELECT id, \(Self.columns) FROM entry_text
                    WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id
                    """, arguments: [ids])
            try db.execute(
                sql: """
                    INSERT INTO entry_title_fts (rowid, ftsTitle)
                    SELECT id, ftsTitle FROM entry_text
                    WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id
                    """, arguments: [ids])
            if bulk {
                // FTS5 keeps the words in memory until the commit or a savepoint: write them
                // now, while the bulk setting holds.
                try db.execute(sql: "SAVEPOINT fts_flush; RELEASE fts_flush")
                try Self.setAutomerge(Self.automerge, db)
            }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// How many of the latest rewritten rows `searchIndexRewrite` keeps: a process whose
    /// frequent words' matches are older reads them again (`FrequentWordMatches`).
    static let rewritesKept = 10_000

    /// From this many rows indexed in one transaction, a write is a bulk write.
    static let bulkRows = 500
    /// How many segments of a level FTS5 merges at once, normally (its default) and in bulk.
    static let automerge = 4
    static let bulkAutomerge = 16

    /// Sets how many segments of a level both indexes merge at once.
    private static func setAutomerge(_ segments: Int, _ db: Database) throws {
        for table in ["entry_fts", "entry_title_fts"] {
            try db.execute(
                sql: "INSERT INTO \(table)(\(table), rank) VALUES('automerge', ?)", arguments: [segments])
        }
    }
}

extension IndexedText {
    /// The text of a row's ``DeferredIndex/columns``, the first at `first`, as the store keeps
    /// it (see ``StoredText``).
    init(row: some ColumnValues, columnsFrom first: Int) throws {
        self.init(
            title: try StoredText.optionalText(row, first),
            keywords: try StoredText.optionalText(row, first + 1),
            description: try StoredText.optionalText(row, first + 2),
            address: try StoredText.optionalText(row, first + 3))
    }
}
