import Dispatch
import Logging
import NIOCore
import PostgresNIO
import ProactiveStorage
import Synchronization

/// Listens on one dedicated connection for the change notifications that every write
/// transaction sends at commit (`pg_notify` on ``channel``, payload `ORIGIN:USER`), and counts
/// those sent by other ``PostgresStorage`` instances (other processes, other daemons).
///
/// When the connection drops (a server restart), it reconnects with back-off (0.1 s doubling
/// to 5 s) and counts one change on reconnecting, since notifications sent meanwhile are lost.
final class PostgresChangeListener: Sendable {
    /// The notification channel.
    static let channel = "proactive_changes"

    /// This storage instance's identifier, the origin of its own notifications.
    let origin: String
    private let pool: PostgresConnectionPool
    private let logger: Logger
    /// Calls the handlers, in order, off the event loops.
    private let handlerQueue = DispatchQueue(label: "proactive.postgres.changes")
    /// Makes connections (a blocking wait) off the event loops.
    private let reconnectQueue = DispatchQueue(label: "proactive.postgres.listen")

    private struct State {
        var connection: PostgresConnection?
        var context: PostgresListenContext?
        var isStopped = false
        var count = 0
        var handlers: [@Sendable (UserID) -> Void] = []
        var retryDelay = minimumDelay
    }
    private let state = Mutex(State())
    private static let minimumDelay = 0.1
    private static let maximumDelay = 5.0

    init(origin: String, pool: PostgresConnectionPool, logger: Logger) {
        self.origin = origin
        self.pool = pool
        self.logger = logger
    }

    /// How many changes of other instances were seen (plus one per reconnection).
    var count: Int { state.withLock { $0.count } }

    /// Adds a handler called with the user of each change of another instance.
    func addHandler(_ handler: @escaping @Sendable (UserID) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Connects and listens; returns once `LISTEN` is in effect.
    func start() throws(StorageError) {
        let connection = try pool.connect()
        try listen(on: connection)
    }

    /// Stops listening and closes the connection.
    func stop() {
        let (connection, context) = state.withLock { state in
            state.isStopped = true
            defer {
                state.connection = nil
                state.context = nil
            }
            return (state.connection, state.context)
        }
        context?.stop()
        if let connection {
            if !isOnEventLoop { _ = try? connection.close().waitBounded(seconds: 2) }
            connection.closeKeepingAlive()
        }
    }

    private func listen(on connection: PostgresConnection) throws(StorageError) {
        let context = connection.addListener(channel: Self.channel) { [weak self] _, notification in
            self?.received(notification.payload)
        }
        do {
            // Statements run in order: once this one is answered, the listener's own LISTEN is too.
            _ = try connection.query("LISTEN proactive_changes", logger: logger).waitBounded(
                seconds: pool.queryTimeout)
        } catch {
            context.stop()
            connection.closeKeepingAlive()
            throw StorageError(postgres: error, while: "listening for changes")
        }
        let stopped = state.withLock { state in
            guard !state.isStopped else { return true }
            state.connection = connection
            state.context = context
            state.retryDelay = Self.minimumDelay
            return false
        }
        if stopped {
            context.stop()
            connection.closeKeepingAlive()
            return
        }
        connection.closeFuture.whenComplete { [weak self] _ in self?.connectionClosed(connection) }
    }

    private func received(_ payload: String) {
        guard let colon = payload.firstIndex(of: ":") else { return }
        guard payload[..<colon] != origin,
            let user = UserID(rawValue: String(payload[payload.index(after: colon)...]))
        else { return }
        let handlers = state.withLock { state in
            state.count += 1
            return state.handlers
        }
        guard !handlers.isEmpty else { return }
        handlerQueue.async {
            for handler in handlers { handler(user) }
        }
    }

    private func connectionClosed(_ connection: PostgresConnection) {
        let delay: Double? = state.withLock { state in
            guard !state.isStopped, state.connection === connection else { return nil }
            state.connection = nil
            state.context = nil
            return state.retryDelay
        }
        guard let delay else { return }
        logger.warning("the PostgreSQL change listener lost its connection; reconnecting")
        scheduleReconnect(after: delay)
    }

    private func scheduleReconnect(after delay: Double) {
        reconnectQueue.asyncAfter(deadline: .now() + delay) { [weak self] in self?.reconnect() }
    }

    private func reconnect() {
        guard !state.withLock({ $0.isStopped }) else { return }
        do {
            let connection = try pool.connect()
            try listen(on: connection)
            // Notifications sent while disconnected are lost: count one change for them.
            state.withLock { $0.count += 1 }
            logger.notice("the PostgreSQL change listener reconnected")
        } catch {
            let delay = state.withLock { state in
                state.retryDelay = min(state.retryDelay * 2, Self.maximumDelay)
                return state.retryDelay
            }
            scheduleReconnect(after: delay)
        }
    }
}
