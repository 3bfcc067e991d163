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
    public func maintainSearchIndex(pages: Int) throws -> Bool {
        var more = false
        for table in Self.searchIndexes {
            do {
                let layout = try writer.read { db in try Self.structure(of: table, db) }
                guard let layout else { continue }
                let started = mergingIndexes.withLock { $0.contains(table) }
                guard started || layout.needsMerging else { continue }
                let after = try writer.write { db in
                    try db.execute(
                        sql: "INSERT INTO \(table)(\(table), rank) VALUES('merge', ?)",
                        arguments: [-max(1, pages)])
                    return try Self.structure(of: table, db)
                }
                // Done when no incremental merge is left under way (new segments may have
                // arrived since: they wait for the next time the index has grown by half).
                // A step that changed nothing ends it too.
                let done = after.map { !$0.isMerging || $0 == layout } ?? true
                mergingIndexes.withLock {
                    if done { $0.remove(table) } else { $0.insert(table) }
                }
                more = more || !done
            } catch let error as DatabaseError {
                throw StorageError(error, path: location)
            }
        }
        return more
    }

    /// The layout of a full-text index, or nil when its structure record cannot be read.
    static func structure(of table: String, _ db: Database) throws -> FTS5Structure? {
        guard let blob = try Data.fetchOne(db, sql: "SELECT block FROM \(table)_data WHERE id = 10") else {
            return nil
        }
        return FTS5Structure(record: [UInt8](blob))
    }
}
