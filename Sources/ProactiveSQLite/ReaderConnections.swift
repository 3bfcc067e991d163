import GRDB
import Synchronization

/// Read-only connections to a store's file, each lent to one read at a time and kept for the
/// next: the reads of requests (``SQLiteStorage/read(user:_:)``) take one without waiting.
///
/// GRDB's `DatabasePool` lends its readers through a pool that takes a dispatch barrier on
/// every loan and return and instantiates a key path each time; under a daemon's concurrent
/// requests the barriers contended, and the threads waiting on them were switched out several
/// times a request (a `sched_switch` profile of computed suggestion lists). Here a loan is a
/// `Mutex` around a list, held for a push or a pop. Each connection reads in a transaction of
/// its own (one snapshot of the WAL, as a pool's reader does), with the store's connection
/// settings (`Configuration.prepareDatabase`), opened `SQLITE_OPEN_READONLY`.
final class ReaderConnections: Sendable {
    private let path: String
    private let configuration: Configuration
    /// The connections not lent, and how many are open in all.
    private let state = Mutex<(idle: [DatabaseQueue], open: Int)>(([], 0))
    /// At most this many connections are open; a read beyond them is left to the caller.
    let maximum: Int

    init(path: String, configuration: Configuration, maximum: Int = 8) {
        var configuration = configuration
        configuration.readonly = true
        self.path = path
        self.configuration = configuration
        self.maximum = maximum
    }

    /// Closes every connection not lent (all of them once no read runs). The store's writer
    /// must be the last connection of the process to close: SQLite copies the WAL into the file
    /// (a checkpoint) when its last connection closes, which a read-only one cannot do.
    func close() {
        let idle = state.withLock { state in
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle { try? connection.close() }
    }

    /// What a read is lent: a connection, the right to open one, or nothing.
    private enum Loan {
        case lent(DatabaseQueue)
        case open
        case none
    }

    /// Runs `body` in a read transaction on a connection of its own, or answers nil (having run
    /// nothing) when every connection is lent and no more may be opened.
    func read<T>(_ body: (Database) throws -> T) throws -> T? {
        let loan: Loan = state.withLock { state in
            if let connection = state.idle.popLast() { return .lent(connection) }
            guard state.open < maximum else { return .none }
            state.open += 1
            return .open
        }
        let connection: DatabaseQueue
        switch loan {
        case .none:
            return nil
        case .lent(let lent):
            connection = lent
        case .open:
            do {
                connection = try DatabaseQueue(path: path, configuration: configuration)
            } catch {
                state.withLock { $0.open -= 1 }
                throw error
            }
        }
        defer { state.withLock { $0.idle.append(connection) } }
        return try connection.inDatabase { db in try Self.inReadTransaction(db, body) }
    }

    /// Runs `body` in a deferred transaction begun and ended by cached statements.
    ///
    /// `DatabaseQueue.read` parses `BEGIN` and `COMMIT` again for every read and wraps them in
    /// its savepoint bookkeeping: 3.5 % of a daemon's CPU on computed suggestion lists, three
    /// times what these statements cost prepared once.
    private static func inReadTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
        // Whatever fails (the read, or its end), the connection goes back to the list outside any
        // transaction: one left inside would keep its snapshot of the log (later reads would not
        // see new donations, and the log could not be copied into the file).
        defer {
            if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
        }
        let value = try body(db)
        try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        return value
    }
}
