import Dispatch
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ProactiveStorage
import Synchronization

/// A small synchronous pool of PostgreSQL connections.
///
/// At most ``maximumConnections`` connections are open; they are made when first needed and
/// kept idle between uses. A caller waits at most ``leaseTimeout`` seconds for a free one. A
/// connection found closed, or given back broken, is dropped and replaced by a new one on the
/// next lease.
final class PostgresConnectionPool: Sendable {
    /// Where and how to connect.
    let configuration: PostgresConnection.Configuration
    /// The most connections open at once.
    let maximumConnections: Int
    /// How long a connection may take to be made, in seconds.
    let connectTimeout: Double
    /// How long one statement may take, in seconds.
    let queryTimeout: Double
    /// How long a caller waits for a free connection, in seconds.
    let leaseTimeout: Double
    let logger: Logger

    private struct State {
        var idle: [PooledConnection] = []
        var isClosed = false
    }
    private let state = Mutex(State())
    /// One permit per connection that may be leased.
    private let permits: DispatchSemaphore
    private let connectionIDs = Atomic<Int>(0)

    init(
        configuration: PostgresConnection.Configuration, maximumConnections: Int, connectTimeout: Double,
        queryTimeout: Double, leaseTimeout: Double, logger: Logger
    ) {
        var configuration = configuration
        configuration.options.connectTimeout = .milliseconds(Int64(connectTimeout * 1000))
        configuration.options.additionalStartupParameters += Self.sessionSettings
        self.configuration = configuration
        self.maximumConnections = max(1, maximumConnections)
        self.connectTimeout = connectTimeout
        self.queryTimeout = queryTimeout
        self.leaseTimeout = leaseTimeout
        self.logger = logger
        self.permits = DispatchSemaphore(value: self.maximumConnections)
    }

    /// Settings every connection starts with (sent with its startup message: no round trip).
    ///
    /// `jit = off`: the engine's statements are short and many, and PostgreSQL compiles a
    /// statement's expressions with LLVM (Debian's server ships it) when the planner estimates
    /// it above `jit_above_cost` (100,000 by default); compiling takes milliseconds, more than
    /// such a statement runs. At 1M items over 1,000 users no statement of the engine reaches
    /// that estimate (a search's plans cost at most about 22,000), so this changes nothing
    /// there; a service with many more rows a user or in the public index would reach it.
    ///
    /// `plan_cache_mode = force_generic_plan`: a prepared statement is planned once for any
    /// values of its parameters, not again at each run for its values. At 1M items over 1,000
    /// users, planning a search's statements for their values took longer than running them
    /// (0.5 ms of the title statement's 0.95); their generic plans walk the same indexes. A
    /// statement whose best plan depends on its values asks for a custom plan
    /// (``PostgresStatement/usesCustomPlan``).
    static let sessionSettings: [(String, String)] = [
        ("jit", "off"), ("plan_cache_mode", "force_generic_plan"),
    ]

    /// Runs `body` with a connection of the pool, given back afterwards.
    ///
    /// - Throws: ``StorageError`` `.busy` when no connection is free in time, `.unavailable`
    ///   when none can be made; and whatever `body` throws.
    func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        guard !isOnEventLoop else {
            throw StorageError(postgres: WaitOnEventLoop(), while: "starting a transaction")
        }
        guard permits.wait(timeout: .now() + leaseTimeout) == .success else {
            throw StorageError(
                code: .busy,
                message:
                    "all \(maximumConnections) PostgreSQL connections stayed busy for \(Int(leaseTimeout)) s")
        }
        defer { permits.signal() }
        let pooled = try idleOrNewConnection()
        let session = PostgresSession(pooled: pooled, logger: logger, queryTimeout: queryTimeout)
        defer { giveBack(session) }
        return try body(session)
    }

    /// Makes a new connection, not part of the pool (for listening to notifications).
    func connect() throws(StorageError) -> PostgresConnection {
        let id = connectionIDs.add(1, ordering: .relaxed).newValue
        let future = PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id,
            logger: logger)
        do {
            return try future.waitBounded(seconds: connectTimeout + 1)
        } catch {
            // A connection made after the wait gave up is closed at once.
            future.whenSuccess { $0.closeKeepingAlive() }
            throw Self.connectError(error, timeout: connectTimeout)
        }
    }

    /// Closes every connection; later leases fail, connections in use are closed when given back.
    func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle.map(\.connection) {
            // Waits for the close unless on an event loop (a `deinit` may run there).
            if !isOnEventLoop { _ = try? connection.close().waitBounded(seconds: 2) }
            connection.closeKeepingAlive()
        }
    }

    private enum Lease {
        case closed
        case idle(PooledConnection)
        case new
    }

    private func idleOrNewConnection() throws(StorageError) -> PooledConnection {
        while true {
            let lease: Lease = state.withLock { state in
                if state.isClosed { return .closed }
                return state.idle.popLast().map(Lease.idle) ?? .new
            }
            switch lease {
            case .closed:
                throw StorageError(code: .unavailable, message: "the PostgreSQL storage was closed")
            case .idle(let pooled):
                guard pooled.connection.isClosed else { return pooled }
                pooled.connection.closeKeepingAlive()
            case .new:
                do {
                    return PooledConnection(try connect())
                } catch {
                    throw StorageError(
                        code: .unavailable, message: "cannot connect to PostgreSQL: \(error.message)")
                }
            }
        }
    }

    private func giveBack(_ session: PostgresSession) {
        let connection = session.connection
        let kept =
            !session.isBroken && !connection.isClosed
            && state.withLock { state in
                guard !state.isClosed else { return false }
                state.idle.append(session.pooled)
                return true
            }
        if !kept { connection.closeKeepingAlive() }
    }

    /// The storage error for a connection that could not be made: `.unavailable`, with a
    /// reason that names no secret.
    static func connectError(_ error: any Error, timeout: Double) -> StorageError {
        if error is BoundedWaitTimeout {
            return StorageError(code: .unavailable, message: "no answer within \(Int(timeout)) s")
        }
        if error is WaitOnEventLoop { return StorageError(postgres: error, while: "connecting") }
        if let error = error as? PSQLError {
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                let reason: String
                switch state {
                case "28P01": reason = "password authentication failed"
                case "28000": reason = "the role may not connect (unknown role or no pg_hba.conf entry)"
                case "3D000": reason = "the database does not exist"
                case "53300": reason = "too many connections"
                case "57P03": reason = "the server is starting up"
                default: reason = "the server refused the connection (SQLSTATE \(state))"
                }
                let code: StorageError.Code =
                    state.hasPrefix("28") || state == "3D000" ? .cannotOpen : .unavailable
                return StorageError(code: code, message: reason)
            }
            switch error.code {
            case .sslUnsupported:
                return StorageError(
                    code: .cannotOpen, message: "the server does not support TLS (sslmode=require)")
            case .authMechanismRequiresPassword:
                return StorageError(
                    code: .cannotOpen, message: "the server asks for a password and none was given")
            case .unsupportedAuthMechanism, .saslError:
                return StorageError(code: .cannotOpen, message: "authentication failed (\(error.code))")
            case .connectionError:
                if let underlying = error.underlying as? ChannelError, case .connectTimeout = underlying {
                    return StorageError(code: .unavailable, message: "no answer within \(Int(timeout)) s")
                }
                return StorageError(
                    code: .unavailable,
                    message: "the server cannot be reached (connection refused or no route)")
            default:
                return StorageError(code: .unavailable, message: "the connection failed (\(error.code))")
            }
        }
        return StorageError(code: .unavailable, message: "the connection failed (\(type(of: error)))")
    }
}
