import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// What only the embedded store does: files, several processes, migrations.
@Suite struct SQLiteStorageTests {
    /// The identifiers bound to `json_each` read back as they were, from 0 to the extremes.
    @Test func identifierListsAreJSONArraysOfTheirValues() throws {
        var rng = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, 1, 9, 10, 99, 100, 12345, Int64.max, Int64.min, -1, -10]
        let random = (0..<500).map { _ in
            Int64.random(in: Int64.min...Int64.max, using: &rng) >> Int64.random(in: 0...62, using: &rng)
        }
        for ids in [[], fixed, random] {
            let text = SQLiteTransaction.jsonArray(ids)
            #expect(try JSONDecoder().decode([Int64].self, from: Data(text.utf8)) == ids, "\(text)")
        }
        let queue = try DatabaseQueue()
        let read = try queue.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT value FROM json_each(?)", arguments: [SQLiteTransaction.jsonArray(random)])
        }
        #expect(read == random)
    }

    /// The largest id ever deleted is kept in the file: a store opened again (another process)
    /// gives the next entry a larger id.
    @Test func anIdDeletedStaysRetiredAfterReopening() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try SQLiteStorage(path: path)
        let ids = try first.write { tx in
            try (0..<3).map { try tx.upsertEntry(Fixture.item("com.a", "\($0)", "Note \($0)")).id }
        }
        #expect(try first.write { try $0.deleteEntry(id: ids[2], app: "com.a") })
        let next = try SQLiteStorage(path: path).write {
            try $0.upsertEntry(Fixture.item("com.a", "3", "Note 3"))
        }
        #expect(next.id > ids[2], "\(ids) then \(next.id)")
    }

    /// The statements every write runs find their rows through an index that leads with the
    /// user, whatever the store's size (a plan that walks the user's rows made ingest quadratic).
    @Test func everyWritesStatementsUseAnIndexLedByTheUser() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        try SQLiteStorage(path: path).write { try $0.upsertEntry(Fixture.item("com.a.b", "1", "Plan")) }
        let plans = try DatabaseQueue(path: path).read { db in
            try [
                "SELECT 1 FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= 1 AND userKey = 1 LIMIT 1",
                "SELECT id FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= 1 AND userKey = 1",
                "DELETE FROM event WHERE userId = 'u' AND at < 1",
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
                    .joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("entry_expiresAt (userKey=? AND expiresAt"), "\(plans[0])")
        #expect(plans[1].contains("entry_expiresAt (userKey=? AND expiresAt"), "\(plans[1])")
        #expect(plans[2].contains("event_at (userId=? AND at<?)"), "\(plans[2])")
    }

    /// A read that fails leaves its connection outside any transaction: the reads that reuse it
    /// see what was written since (a connection kept inside would answer from its old snapshot).
    @Test func aFailedReadLeavesItsConnectionUpToDate() throws {
        struct Failure: Error {}
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fail-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        let store = try SQLiteStorage(path: path)
        for round in 0..<3 {
            // One reader connection at a time, so each read takes the connection the failed one used.
            #expect(throws: Failure.self) {
                try store.read { tx in
                    _ = try tx.nowPlaying()
                    throw Failure()
                }
            }
            try store.write { tx in
                try tx.saveNowPlaying(
                    app: "com.pod\(round)", at: Fixture.now, state: "playing", payload: "{}")
            }
            let apps = try store.read { tx in try tx.nowPlaying().map(\.app) }
            #expect(apps.count == round + 1, "round \(round): \(apps)")
        }
    }

    @Test func survivesReopen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID()).sqlite")
            .path
        defer { Fixture.removeStore(path) }
        try SQLiteStorage(path: path).write { try $0.upsertEntry(Fixture.item("com.a.b", "1", "Persistent")) }
        let reopened = try SQLiteStorage(path: path)
        #expect(
            try reopened.read {
                try $0.searchCandidates(FullTextQuery(typed: "persist"), scope: .system, now: Fixture.now)
            }.count == 1)
    }

    /// The full-text index keeps which rows hold a word, not where (`detail=none`): less than
    /// half the size of the same index with positions, prefix indexes included.
    @Test func theFullTextIndexKeepsNoPositions() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("size-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        var rng = SystemRandomNumberGenerator()
        let vocabulary = (0..<400).map { i in
            String(
                (0..<Int.random(in: 3...9, using: &rng)).map { _ in
                    "abcdefghilmnoprstuvzé".randomElement(using: &rng)!
                })
        }
        func words(_ n: Int) -> String {
            (0..<n).map { _ in vocabulary.randomElement(using: &rng)! }.joined(separator: " ")
        }
        try SQLiteStorage(path: path).write { tx in
            for i in 0..<3000 {
                var draft = Fixture.item("com.a", "\(i)", words(4))
                draft.indexedText.description = IndexText.indexForm(words(18))
                draft.indexedText.keywords = words(2)
                try tx.upsertEntry(draft)
            }
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: StoredText.sqlFunction) }
        let (compact, withPositions) = try DatabaseQueue(path: path, configuration: configuration).write {
            db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE positions_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress, content='entry_text', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5');
                    INSERT INTO positions_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry_text;
                    """)
            let size = { (table: String) in
                try Int.fetchOne(
                    db, sql: "SELECT SUM(pgsize) FROM dbstat WHERE name LIKE ?", arguments: [table + "%"])
                    ?? 0
            }
            return (try size("entry_fts"), try size("positions_fts"))
        }
        #expect(compact > 0 && compact * 2 < withPositions, "\(compact) bytes against \(withPositions)")
    }

    /// A store made before the compact index (v11) is upgraded: its index rebuilt without
    /// positions, and text indexed with non-spacing marks found by the words people type.
    @Test func anOlderStoresIndexIsRebuiltCompactAndFindsWordsWithMarks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v10-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        try SQLiteStorage(path: path).write { tx in
            try tx.upsertEntry(Fixture.item("com.a", "1", "Hindi"))
            try tx.upsertEntry(Fixture.item("com.a", "2", "Giraffe crossing"))
        }
        // Back to version 10: its index (positions, default word characters) and its index form.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    DROP TABLE entry_fts; DROP TABLE entry_title_fts;
                    UPDATE entry SET ftsTitle = 'हिन्दी news' WHERE identityKey = '1';
                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress, content='entry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5');
                    CREATE VIRTUAL TABLE entry_title_fts USING fts5(
                      ftsTitle, content='entry', content_rowid='id',
                      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5');
                    INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry;
                    INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry;
                    DELETE FROM grdb_migrations WHERE identifier = 'v11-compact-full-text-index';
                    """)
        }
        let store = try SQLiteStorage(path: path)
        let found = { (typed: String) in
            try store.read {
                try $0.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: Fixture.now)
            }
            .map(\.indexedText.title)
        }
        #expect(try found("हिन्दी") == ["हिनदी news"])
        #expect(try found("gira") == ["giraffe crossing"] || found("gira") == ["Giraffe crossing"])
        #expect(try store.write { try $0.indexIntegrityCheck() })
        let definition = try DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'entry_fts'") ?? ""
        }
        #expect(definition.contains("detail=none"))
    }

    @Test func openingANewStoreFromManyThreadsAtOnceMigratesOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    do {
                        let storage = try SQLiteStorage(path: path)
                        try storage.write {
                            try $0.upsertEntry(Fixture.item("com.a", UUID().uuidString, "x"))
                        }
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            var failures: [String] = []
            for try await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        #expect(failures.isEmpty)
        #expect(try SQLiteStorage(path: path).read { try $0.entryCounts() }[.item] == 6)
    }
}
