import Foundation
import GRDB
import ProactiveStorage
import Synchronization

extension SQLiteStorage {
    /// The store's full-text indexes.
    static let searchIndexes = ["entry_fts", "entry_title_fts", "publicEntry_fts"]

    /// Merges the segments of a full-text index into one, a step at a time, when that is
    /// worth its cost (see `FTS5Structure.needsMerging`), and finishes a merge this process
    /// started. Each step is one write transaction of FTS5's incremental `merge` command with
    /// a negative page count, which merges every segment, writing at most `pages` pages; a
    /// writer waits for one step at most.
    ///
    /// A merge another process started and left is finished by FTS5's own automatic merges
    /// as words are added, or here once the index has grown by half again.
    ///
    /// An index with deleted text (``purgeDeletedText(pages:)``) is merged too when a purge is
    /// due: at most a thousandth of the time goes to purging (`SearchIndexPurges`).
    public func maintainSearchIndex(pages: Int) throws -> Bool {
        // Another process's purge (a CLI command's, a daemon's) counts too.
        let recorded: SearchIndexPurges
        do {
            recorded = try writer.read(Self.lastPurge)
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
        let due = purges.withLock { purges in
            if let ended = recorded.lastEnded, purges.lastEnded.map({ ended > $0 }) ?? true {
                purges.lastEnded = ended
                purges.lastWork = recorded.lastWork
            }
            return purges.isDue(at: Date())
        }
        return try upkeepStep(pages: pages, purging: due)
    }

    /// Does one step of merging an index whose deleted text is still in its file, and answers
    /// whether more steps are needed.
    ///
    /// SQLite 3.40's FTS5 has no `secure-delete` option: deleting a row adds a delete marker,
    /// and the row's words stay in the index's older segments until every segment is merged
    /// into one. An index is listed as having deleted text in the transaction that deletes it
    /// (`searchIndexPurge`) and leaves the list in the step that leaves it in one segment.
    /// Once none is listed, the file is rewritten from its live rows (`VACUUM`: deleted rows
    /// are overwritten with zeros, `secure_delete`, but pages keep older copies of cells in
    /// their slack) and the write-ahead log is truncated, so that it holds no page written
    /// before, when no reader holds it (else at a later step of upkeep).
    public func purgeDeletedText(pages: Int) throws -> Bool {
        // Rows deleted without text in the index (interactions, events) are in the log too.
        purges.withLock {
            $0.logTruncationDue = true
            $0.rewriteDue = true
        }
        return try upkeepStep(pages: pages, purging: true)
    }

    /// One step on each index that needs one: a merge when due, or one this process started,
    /// and, `purging`, a merge of an index with deleted text; whether more steps are due.
    private func upkeepStep(pages: Int, purging: Bool) throws -> Bool {
        do {
            let listed = try purging ? writer.read { db in try Self.indexesWithDeletedText(db) } : []
            var more = false
            var purged = false
            for table in Self.searchIndexes {
                let purge = listed.contains(table)
                let layout = try writer.read { db in try Self.structure(of: table, db) }
                let started = mergingIndexes.withLock { $0.contains(table) }
                guard purge || started || layout?.needsMerging == true else { continue }
                let start = ContinuousClock.now
                let (after, left) = try writer.write { db in
                    let before = try Self.structure(of: table, db)
                    if let before, !(purge && before.isOneSegment) {
                        try db.execute(
                            sql: "INSERT INTO \(table)(\(table), rank) VALUES('merge', ?)",
                            arguments: [-max(1, pages)])
                        let after = try Self.structure(of: table, db)
                        if purge, after == before, after?.isOneSegment == false {
                            // A merge step that moved nothing: the whole merge at once.
                            try db.execute(sql: "INSERT INTO \(table)(\(table)) VALUES('optimize')")
                        }
                    }
                    let after = try Self.structure(of: table, db)
                    // No segment but one: no delete marker, and no deleted word, is left.
                    let left = purge && after?.isOneSegment == false
                    if purge && !left {
                        try db.execute(
                            sql: "DELETE FROM searchIndexPurge WHERE indexName = ?", arguments: [table])
                    }
                    return (after, left)
                }
                if purge { purges.withLock { $0.add(.now - start) } }
                // Done when no incremental merge is left under way (new segments may have
                // arrived since: they wait for the next time the index has grown by half).
                // A step that changed nothing ends it too.
                let done = after.map { !$0.isMerging || $0 == layout } ?? true
                mergingIndexes.withLock {
                    if done && !left { $0.remove(table) } else { $0.insert(table) }
                }
                more = more || !done || left
                purged = purged || (purge && !left)
            }
            if purged, try writer.read({ db in try Self.indexesWithDeletedText(db) }).isEmpty {
                let start = ContinuousClock.now
                purges.withLock { $0.rewriteDue = true }
                try rewriteFileIfDue()
                purges.withLock { $0.add(.now - start) }
                let ended = Date()
                let work = purges.withLock { purges in
                    purges.end(at: ended)
                    return purges.lastWork
                }
                try writer.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO searchIndexPurgeRecord (id, endedAt, workSeconds) VALUES (1, ?, ?)
                            ON CONFLICT (id) DO UPDATE SET endedAt = excluded.endedAt, workSeconds = excluded.workSeconds
                            """,
                        arguments: [ended.timeIntervalSince1970, SearchIndexPurges.seconds(work)])
                }
            }
            if !more {
                try rewriteFileIfDue()
                try truncateLogIfDue()
            }
            return more
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    /// Rewrites the store's file from its live rows (`VACUUM`) at the end of a purge (of an
    /// index, or ``purgeDeletedText(pages:)``'s of rows without indexed text): no page
    /// then keeps a byte of what was deleted. `secure_delete` zeroes a deleted cell and a freed
    /// page, but a page that a b-tree balance rebuilt keeps the bytes of the cells it held
    /// before in its unused middle (between its cell pointers and its cells), in any table or
    /// index; only a rewrite removes them. It costs about as much as the purge's merge (0.6 s
    /// at 100,000 items, 5 s at a million) and needs free space for a copy of the file: when
    /// the disk is full or another connection holds a lock the rewrite waits for the next
    /// purge, and the purge's merge still took the words out of the index.
    private func rewriteFileIfDue() throws {
        guard purges.withLock({ $0.rewriteDue }), location != ":memory:" else { return }
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            purges.withLock { $0.rewriteDue = false }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_FULL || error.resultCode == .SQLITE_BUSY
            || error.resultCode == .SQLITE_LOCKED
        {
            // Left for the next purge (see above).
        }
    }

    /// Truncates the write-ahead log after a purge, when no reader holds it (else at a later
    /// step): frames written before the purge may hold deleted text.
    private func truncateLogIfDue() throws {
        guard purges.withLock({ $0.logTruncationDue }), location != ":memory:" else { return }
        do {
            try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            purges.withLock { $0.logTruncationDue = false }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            // A reader still holds the log: the next step tries again.
        }
    }

    /// The last purge of deleted text as the store keeps it (none yet: due at once).
    static func lastPurge(_ db: Database) throws -> SearchIndexPurges {
        var purges = SearchIndexPurges()
        if let row = try Row.fetchOne(db, sql: "SELECT endedAt, workSeconds FROM searchIndexPurgeRecord") {
            purges.lastEnded = Date(timeIntervalSince1970: row[0])
            purges.lastWork = .seconds(row[1] as Double)
        }
        return purges
    }

    /// The full-text indexes listed as having deleted text.
    static func indexesWithDeletedText(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT indexName FROM searchIndexPurge"))
    }

    /// The layout of a full-text index, or nil when its structure record cannot be read.
    static func structure(of table: String, _ db: Database) throws -> FTS5Structure? {
        guard let blob = try Data.fetchOne(db, sql: "SELECT block FROM \(table)_data WHERE id = 10") else {
            return nil
        }
        return FTS5Structure(record: [UInt8](blob))
    }
}
