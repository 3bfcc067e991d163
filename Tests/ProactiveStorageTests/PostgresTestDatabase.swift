import Foundation
import Logging
import NIOPosix
import PostgresNIO
import ProactivePostgres
import ProactiveStorage
import Testing

/// Throwaway PostgreSQL databases for tests.
///
/// `PROACTIVE_TEST_POSTGRES` names a database of a throwaway cluster whose role may create
/// databases (`scripts/postgres-cluster.sh start DIR` prints one). Each test gets a database
/// of its own, created from a connection to that one, so tests are independent and may run in
/// parallel. Without the variable the PostgreSQL tests are skipped, except in CI (`CI` set),
/// where its absence fails them.
enum PostgresTestDatabase {
    /// The URL of the database to create others from, if set.
    static var url: String? {
        ProcessInfo.processInfo.environment["PROACTIVE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The URL of the same database through the server's Unix-domain socket
    /// (`PROACTIVE_TEST_POSTGRES_SOCKET`: `scripts/postgres-cluster.sh socket-url DIR`), if set.
    static var socketURL: String? {
        ProcessInfo.processInfo.environment["PROACTIVE_TEST_POSTGRES_SOCKET"].flatMap {
            $0.isEmpty ? nil : $0
        }
    }

    /// Whether this runs in CI, where PostgreSQL must be tested.
    static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// A storage on a new, empty database; `nil` when PostgreSQL is not configured here.
    static func make(maximumConnections: Int = 4) throws -> PostgresStorage? {
        guard let url = try newDatabaseURL() else { return nil }
        return try PostgresStorage(url: url, maximumConnections: maximumConnections)
    }

    /// The URL of a new, empty database (no schema yet); `nil` when PostgreSQL is not
    /// configured here.
    static func newDatabaseURL() throws -> String? {
        guard let url else {
            if isCI {
                throw StorageError(
                    code: .cannotOpen,
                    message:
                        "CI must test PostgreSQL: set PROACTIVE_TEST_POSTGRES (scripts/postgres-cluster.sh)")
            }
            return nil
        }
        let name = "proactive_test_" + String(UInt64.random(in: .min ... .max), radix: 16)
        try execute("CREATE DATABASE \(name)", at: url)
        return try replacingDatabase(of: url, with: name)
    }

    /// Runs one statement on the database at `url` and returns the first column of its rows
    /// as text (for checks the storage's API does not offer).
    @discardableResult
    static func execute(_ sql: String, at url: String) throws -> [String?] {
        let configuration = try PostgresStorage.configuration(for: PostgresLocation(url: url))
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1,
            logger: logger
        ).wait()
        defer { try? connection.close().wait() }
        let result = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
        return try result.rows.map { row in
            guard let cell = row.first else { return nil }
            return try cell.decode(String?.self)
        }
    }

    /// The same URL with another database name.
    static func replacingDatabase(of url: String, with name: String) throws -> String {
        guard var components = URLComponents(string: url) else {
            throw StorageError(code: .cannotOpen, message: "PROACTIVE_TEST_POSTGRES is not a URL")
        }
        components.path = "/" + name
        guard let replaced = components.string else {
            throw StorageError(code: .cannotOpen, message: "PROACTIVE_TEST_POSTGRES is not a URL")
        }
        return replaced
    }
}
