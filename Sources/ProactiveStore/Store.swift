import Foundation
import GRDB

/// The engine's durable on-device store: SQLite through GRDB, in WAL mode.
///
/// Every write is one transaction that keeps the invariants: the full-text index changes in
/// the same transaction as the rows it indexes, so a crash never leaves one without the other.
/// A write that returned has been committed to the WAL and survives a crash of the process.
public final class Store: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the store at a path, migrating it to the current schema.
    public init(path: String) throws(StoreError) {
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            try StoreMigrations.migrator.migrate(writer)
        } catch let error as DatabaseError {
            throw StoreError(error)
        } catch {
            throw StoreError(code: .cannotOpen, message: "cannot open the store at \(path): \(error)")
        }
    }

    /// Opens a private in-memory store, for tests and previews.
    public init() throws(StoreError) {
        do {
            writer = try DatabaseQueue()
            try StoreMigrations.migrator.migrate(writer)
        } catch {
            throw StoreError(code: .cannotOpen, message: "cannot open an in-memory store: \(error)")
        }
    }

    /// Runs `body` in one write transaction: all of it is committed, or none.
    @discardableResult
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        do {
            return try writer.write { db in
                let transaction = StoreTransaction(db: db)
                let result = try body(transaction)
                try transaction.index.flush(db)
                return result
            }
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }

    /// Runs `body` with a consistent read-only view of the store.
    public func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        do {
            return try writer.read { db in try body(StoreTransaction(db: db)) }
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }

    /// A number that changes when another connection (another process on the same file)
    /// commits a change: SQLite's `data_version` of the writer connection, whose own
    /// commits do not change it.
    public func externalChangeCount() throws -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }

    /// The SQLite version the store runs on.
    public var sqliteVersion: String {
        (try? writer.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }
}

/// An error of the store, with a stable ``code``.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// Stable codes.
    public enum Code: String, Sendable { case cannotOpen, database, busy, corrupt, full }
    /// The code.
    public var code: Code
    /// What happened.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: DatabaseError) {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: code = .busy
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: code = .corrupt
        case .SQLITE_FULL: code = .full
        default: code = .database
        }
        message = "store error: \(error.message ?? "SQLite code \(error.resultCode.rawValue)")"
    }

    public var description: String { message }
}
