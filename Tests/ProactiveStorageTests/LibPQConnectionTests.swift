import Foundation
import PostgresNIO
import ProactiveStorage
import Testing

@testable import ProactivePostgres

/// The read transactions' connections (libpq, pipelined): values bound and read back, a
/// failure inside a read, announced reads never made, a statement that fails to prepare, a
/// statement that takes too long, a server that is not there.
@Suite struct LibPQConnectionTests {
    static var isConfigured: Bool { PostgresStorageTests.isConfigured }

    private func connection(queryTimeout: Double = 30) throws -> LibPQConnection? {
        guard let url = try PostgresTestDatabase.newDatabaseURL() else { return nil }
        return try LibPQConnection(
            parameters: PostgresStorage.libpqParameters(for: PostgresLocation(url: url), connectTimeout: 5),
            queryTimeout: queryTimeout)
    }

    private func values(_ result: LibPQResult) throws -> [[String?]] {
        try (0..<result.rowCount).map { row in
            var reader = RowReader(result, row: row)
            return try (0..<result.columnCount).map { _ in try reader.next(String?.self) }
        }
    }

    @Test(.enabled(if: isConfigured)) func boundValuesReadBackInOrderOfAsking() throws {
        let connection = try #require(try connection())
        var sent: [(LibPQConnection.Pending, String)] = []
        for text in PostgresStatementLiteralTests.hostile + ["\u{1F600} end"] {
            let statement: PostgresStatement =
                "SELECT \(text)::text, \(String?.none)::text, (\(Int64.min))::text"
            sent.append((try connection.submit(statement, while: "testing"), text))
        }
        // Read in another order than sent: each gets its own result.
        for (pending, text) in sent.reversed() {
            #expect(try values(connection.rows(of: pending)) == [[text, nil, String(Int64.min)]])
        }
        // The same text again runs by name, with other values.
        let again: PostgresStatement = "SELECT \("again")::text, \(String?.none)::text, (\(Int64(7)))::text"
        #expect(
            try values(connection.rows(of: connection.submit(again, while: "testing"))) == [
                ["again", nil, "7"]
            ])
    }

    @Test(.enabled(if: isConfigured)) func aFailedReadNamesItsErrorAndLeavesTheStorageUsable() throws {
        let storage = try #require(try PostgresTestDatabase.make(maximumConnections: 1))
        defer { storage.close() }
        let error = #expect(throws: StorageError.self) {
            try storage.read { tx in
                let tx = try #require(tx as? PostgresTransaction)
                return try tx.scalar("SELECT 1 / \(Int64(0))", "dividing", as: Int.self)
            }
        }
        #expect(error?.message.contains("22012") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("dividing") == true)
        // The one connection rolled back and serves the next read.
        #expect(try storage.read { try $0.entryCounts() }.isEmpty)
        let value = try storage.read { tx in
            try (tx as! PostgresTransaction).scalar("SELECT \(Int64(41)) + 1", "adding", as: Int.self)
        }
        #expect(value == 42)
    }

    @Test(.enabled(if: isConfigured)) func anAnnouncedReadNeverMadeIsDropped() throws {
        let storage = try #require(try PostgresTestDatabase.make(maximumConnections: 1))
        defer { storage.close() }
        try storage.write { try $0.upsertEntry(Fixture.item("com.a", "1", "Gelateria")) }
        for _ in 0..<3 {
            try storage.read { tx in
                try tx.prefetch([.contextLogDeletions, .nowPlaying])
            }
            // The next transaction on the same connection reads its own rows.
            #expect(try storage.read { try $0.entryCounts() } == [.item: 1])
            #expect(try storage.read { try $0.contextLogDeletions() } == 0)
        }
    }

    @Test(.enabled(if: isConfigured)) func aStatementThatFailsToPrepareFailsAgainAndOthersRun() throws {
        let connection = try #require(try connection())
        let broken: PostgresStatement = "SELECT no_such_column FROM pg_class WHERE oid = \(Int64(1))"
        for _ in 0..<2 {
            let error = #expect(throws: StorageError.self) {
                try connection.rows(of: connection.submit(broken, while: "reading nothing"))
            }
            #expect(error?.message.contains("42703") == true, "\(error?.message ?? "")")
        }
        let fine: PostgresStatement = "SELECT \("fine")::text"
        #expect(try values(connection.rows(of: connection.submit(fine, while: "testing"))) == [["fine"]])
    }

    @Test(.enabled(if: isConfigured)) func aStatementPastTheTimeoutIsCancelledAndTheConnectionGivenUp() throws
    {
        let connection = try #require(try connection(queryTimeout: 0.3))
        let slow: PostgresStatement = "SELECT pg_sleep(\(2.0))::text"
        let started = ContinuousClock.now
        let error = #expect(throws: StorageError.self) {
            try connection.rows(of: connection.submit(slow, while: "sleeping"))
        }
        #expect(ContinuousClock.now - started < .seconds(1.5))
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("did not answer") == true)
        #expect(!connection.isUsable)
    }

    @Test func aServerThatIsNotThereIsUnavailable() throws {
        let location = try PostgresLocation(url: "postgres://nobody@127.0.0.1:1/none?sslmode=disable")
        let error = #expect(throws: StorageError.self) {
            try LibPQConnection(
                parameters: PostgresStorage.libpqParameters(for: location, connectTimeout: 2), queryTimeout: 1
            )
        }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("cannot connect") == true)
    }
}
