import Foundation
import ProactivePostgres
import ProactiveSQLite
import ProactiveStorage
import Testing

/// The storage backends every conformance test runs on: SQLite always, PostgreSQL where
/// `PROACTIVE_TEST_POSTGRES` names a throwaway database (always in CI, where its absence fails).
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The backends available here.
    static var available: [TestBackend] {
        let environment = ProcessInfo.processInfo.environment
        let postgres = environment["PROACTIVE_TEST_POSTGRES"].map { !$0.isEmpty } ?? false
        let ci = environment["CI"].map { !$0.isEmpty } ?? false
        return postgres || ci ? [.sqlite, .postgres] : [.sqlite]
    }

    var testDescription: String { rawValue }

    /// A new, empty storage of this backend (a fresh database for PostgreSQL).
    func make() throws -> any Storage {
        switch self {
        case .sqlite:
            return try SQLiteStorage()
        case .postgres:
            guard let storage = try PostgresTestDatabase.make() else {
                throw StorageError(
                    code: .cannotOpen, message: "PROACTIVE_TEST_POSTGRES is not set: no PostgreSQL to test on"
                )
            }
            return storage
        }
    }
}
