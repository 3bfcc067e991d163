import Foundation
import GRDB
import ProactiveSQLite
import ProactiveStorage
import Testing

/// What only the embedded store does: files, several processes, migrations.
@Suite struct SQLiteStorageTests {
    /// The statements every write runs find their rows through an index that leads with the
    /// user, whatever the store's size (a plan that walks the user's rows made ingest quadratic).
    @Test func everyWritesStatementsUseAnIndexLedByTheUser() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SQLiteStorage(path: path).write { try $0.upsertEntry(Fixture.item("com.a.b", "1", "Plan")) }
        let plans = try DatabaseQueue(path: path).read { db in
            try [
                "SELECT 1 FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= 1 AND userId = 'u' LIMIT 1",
                "SELECT id FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= 1 AND userId = 'u'",
                "DELETE FROM event WHERE userId = 'u' AND at < 1",
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
                    .joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("entry_expiresAt (userId=? AND expiresAt"), "\(plans[0])")
        #expect(plans[1].contains("entry_expiresAt (userId=? AND expiresAt"), "\(plans[1])")
        #expect(plans[2].contains("event_at (userId=? AND at<?)"), "\(plans[2])")
    }

    @Test func survivesReopen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID()).sqlite")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SQLiteStorage(path: path).write { try $0.upsertEntry(Fixture.item("com.a.b", "1", "Persistent")) }
        let reopened = try SQLiteStorage(path: path)
        #expect(
            try reopened.read {
                try $0.searchCandidates(FullTextQuery(typed: "persist"), scope: .system, now: Fixture.now)
            }.count == 1)
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
