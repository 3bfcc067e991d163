import Dispatch
import ProactiveStorage
import Synchronization

/// A small synchronous pool of ``LibPQConnection``s, for the PostgreSQL storage's read
/// transactions: at most ``maximumConnections`` open, made when first needed and kept idle
/// between uses; a caller waits at most ``leaseTimeout`` seconds for a free one. A connection
/// found closed, or given back broken, is dropped and replaced on a later lease.
final class LibPQConnectionPool: Sendable {
    /// The connection's libpq parameters (keyword, value).
    let parameters: [(String, String)]
    let maximumConnections: Int
    let queryTimeout: Double
    let leaseTimeout: Double

    private struct State {
        var idle: [LibPQConnection] = []
        var isClosed = false
    }
    private let state = Mutex(State())
    private let permits: DispatchSemaphore

    init(parameters: [(String, String)], maximumConnections: Int, queryTimeout: Double, leaseTimeout: Double)
    {
        self.parameters = parameters
        self.maximumConnections = max(1, maximumConnections)
        self.queryTimeout = queryTimeout
        self.leaseTimeout = leaseTimeout
        permits = DispatchSemaphore(value: self.maximumConnections)
    }

    /// Runs `body` with a connection of the pool, given back afterwards.
    func withConnection<T>(_ body: (LibPQConnection) throws -> T) throws -> T {
        // Blocking an event loop's thread would stop every connection on it.
        guard !isOnEventLoop else {
            throw StorageError(postgres: WaitOnEventLoop(), while: "starting a transaction")
        }
        guard permits.wait(timeout: .now() + leaseTimeout) == .success else {
            throw StorageError(
                code: .busy,
                message:
                    "all \(maximumConnections) PostgreSQL read connections stayed busy for \(Int(leaseTimeout)) s"
            )
        }
        defer { permits.signal() }
        let connection = try idleOrNewConnection()
        defer { giveBack(connection) }
        connection.beginUse()
        return try body(connection)
    }

    private func idleOrNewConnection() throws(StorageError) -> LibPQConnection {
        while true {
            let (isClosed, idle) = state.withLock { state in
                (state.isClosed, state.isClosed ? nil : state.idle.popLast())
            }
            if isClosed {
                throw StorageError(code: .unavailable, message: "the PostgreSQL storage was closed")
            }
            guard let idle else {
                return try LibPQConnection(parameters: parameters, queryTimeout: queryTimeout)
            }
            if idle.checkIsUsable() { return idle }
        }
    }

    private func giveBack(_ connection: LibPQConnection) {
        guard connection.isUsable else { return }
        state.withLock { state in
            if !state.isClosed { state.idle.append(connection) }
        }
    }

    /// Closes every idle connection; later leases fail, connections in use are closed when
    /// given back.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.idle.removeAll()
        }
    }
}
