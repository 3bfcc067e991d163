import Logging
import NIOCore
import PostgresNIO
import ProactiveStorage

/// One connection leased from the pool, used synchronously by one thread at a time.
///
/// Every statement waits at most ``queryTimeout`` seconds. A statement that times out or
/// loses the connection marks the session broken: its connection is closed (the server then
/// rolls back whatever transaction was open) and the pool replaces it.
final class PostgresSession {
    /// The leased connection and the statements prepared on it.
    let pooled: PooledConnection
    var connection: PostgresConnection { pooled.connection }
    let logger: Logger
    let queryTimeout: Double
    /// Whether the connection cannot be used again.
    private(set) var isBroken = false
    /// Statements sent with ``send(_:while:)`` and not waited for yet.
    private var unawaited: [(result: EventLoopFuture<Void>, doing: String)] = []

    init(pooled: PooledConnection, logger: Logger, queryTimeout: Double) {
        self.pooled = pooled
        self.logger = logger
        self.queryTimeout = queryTimeout
    }

    /// Runs one statement and collects its rows.
    ///
    /// - Parameter doing: what the statement does, for the error message (never SQL or data).
    @discardableResult
    func query(_ query: PostgresQuery, while doing: String) throws(StorageError) -> PostgresQueryResult {
        try queries([query], while: doing)[0]
    }

    /// Runs a reading statement as a prepared statement of the connection, prepared the first
    /// time it runs there (one more round trip), and collects its rows; unnamed once the
    /// connection has ``PooledConnection/mostPrepared`` statements.
    ///
    /// - Parameter doing: what the statement does, for the error message (never SQL or data).
    func read(_ statement: PostgresStatement, while doing: String) throws(StorageError) -> [PostgresRow] {
        try reads([statement], while: doing)[0]
    }

    /// Runs reading statements as ``read(_:while:)`` does, all sent before waiting for the
    /// first (those not prepared yet are prepared first, together), and returns their rows
    /// in order.
    func reads(_ statements: [PostgresStatement], while doing: String) throws(StorageError) -> [[PostgresRow]]
    {
        try submitReads(statements, while: doing).map { read throws(StorageError) in try rows(of: read) }
    }

    /// Sends reading statements as ``reads(_:while:)`` does, without waiting for them (only
    /// for the preparation of those not prepared yet); ``rows(of:)`` waits for each.
    func submitReads(_ statements: [PostgresStatement], while doing: String) throws(StorageError)
        -> [PendingRows]
    {
        try checkUsable(doing)
        // A statement with a custom plan runs unnamed with its values in its text; one whose
        // values cannot be written so, with `plan_cache_mode` set for it alone (sent without
        // waiting; inside a transaction, a rollback undoes the setting).
        let literals = statements.map { $0.usesCustomPlan ? $0.literalQuery : nil }
        var preparing: [String: EventLoopFuture<PreparedQuery>] = [:]
        for (statement, literal) in zip(statements, literals)
        where literal == nil && pooled.prepared[statement.typedSQL] == nil {
            guard pooled.prepared.count + preparing.count < PooledConnection.mostPrepared else { break }
            if preparing[statement.typedSQL] == nil {
                preparing[statement.typedSQL] = connection.prepare(query: statement.typedSQL)
            }
        }
        for (text, future) in preparing { pooled.prepared[text] = try wait(for: future, doing) }
        try checkUsable(doing)
        var isCustom = false
        var results: [PendingRows] = []
        results.reserveCapacity(statements.count)
        for (statement, literal) in zip(statements, literals) {
            if let literal {
                results.append(
                    PendingRows(rows: connection.query(literal, logger: logger).map(\.rows), doing: doing))
                continue
            }
            if statement.usesCustomPlan != isCustom {
                isCustom = statement.usesCustomPlan
                send(isCustom ? Self.customPlans : Self.defaultPlans, while: doing)
            }
            if let prepared = pooled.prepared[statement.typedSQL] {
                results.append(PendingRows(rows: prepared.execute(statement.binds), doing: doing))
            } else {
                results.append(
                    PendingRows(
                        rows: connection.query(statement.query, logger: logger).map(\.rows), doing: doing))
            }
        }
        if isCustom { send(Self.defaultPlans, while: doing) }
        return results
    }

    /// Plans the statements that follow at each run, for their values (custom plans).
    private static let customPlans: PostgresQuery = "SET plan_cache_mode = force_custom_plan"
    /// Plans the statements that follow as the connection does by default (generic plans).
    private static let defaultPlans: PostgresQuery = "RESET plan_cache_mode"

    /// Throws when the connection cannot run a statement (lost, or broken before), or when
    /// called on an event loop (waiting there would never end).
    private func checkUsable(_ doing: String) throws(StorageError) {
        guard !isBroken, !connection.isClosed else {
            isBroken = true
            throw StorageError.connectionLost(while: doing)
        }
        guard !isOnEventLoop else { throw StorageError(postgres: WaitOnEventLoop(), while: doing) }
    }

    /// Waits for the statements sent earlier without waiting, then for `future` (a statement
    /// sent after them), and returns its result.
    private func wait<T: Sendable>(for future: EventLoopFuture<T>, _ doing: String) throws(StorageError) -> T
    {
        _ = try wait(for: [])
        return try waitBounded(future, doing)
    }

    /// Waits for one statement; a failure is thrown, named by what the statement was doing,
    /// and a lost connection or a statement that timed out marks the session broken.
    private func waitBounded<T: Sendable>(_ future: EventLoopFuture<T>, _ doing: String) throws(StorageError)
        -> T
    {
        do {
            return try future.waitBounded(seconds: queryTimeout)
        } catch {
            let mapped = StorageError(postgres: error, while: doing)
            if mapped.code == .unavailable || error is BoundedWaitTimeout || connection.isClosed {
                markBroken()
            }
            throw mapped
        }
    }

    /// Runs statements in order, each sent as soon as the connection is done with the previous
    /// one (postgres-nio queues them on the connection), without waking the calling thread in
    /// between; returns their results. When one fails, the error of the first failure is thrown
    /// (the statements after it fail too inside a transaction).
    ///
    /// - Parameter doing: what the statements do, for the error message (never SQL or data).
    @discardableResult
    func queries(_ queries: [PostgresQuery], while doing: String) throws(StorageError)
        -> [PostgresQueryResult]
    {
        guard !isBroken, !connection.isClosed else {
            isBroken = true
            throw StorageError.connectionLost(while: doing)
        }
        guard !isOnEventLoop else { throw StorageError(postgres: WaitOnEventLoop(), while: doing) }
        let futures = queries.map { (result: connection.query($0, logger: logger), doing: doing) }
        return try wait(for: futures)
    }

    /// Waits for the statements sent earlier without waiting (``send(_:while:)``), then for
    /// `futures`, in order, and returns the results of `futures`. The first failure is thrown,
    /// named by what its statement was doing; a lost connection or a statement that timed out
    /// marks the session broken.
    private func wait(for futures: [(result: EventLoopFuture<PostgresQueryResult>, doing: String)])
        throws(StorageError) -> [PostgresQueryResult]
    {
        let earlier = unawaited
        unawaited.removeAll()
        for (future, doing) in earlier { try waitBounded(future, doing) }
        var results: [PostgresQueryResult] = []
        results.reserveCapacity(futures.count)
        for (future, doing) in futures {
            results.append(try waitBounded(future, doing))
        }
        return results
    }

    /// Sends a statement without waiting for it: it runs before any statement sent after it
    /// (postgres-nio queues them on the connection), and the next ``queries(_:while:)`` waits
    /// for it first and reports its failure. A statement still unawaited when the session
    /// ends (a read's `COMMIT`) completes on its own; if it fails because the connection was
    /// lost, the connection's next user finds it closed.
    func send(_ query: PostgresQuery, while doing: String) {
        guard !isBroken, !connection.isClosed else { return }
        unawaited.append((connection.query(query, logger: logger).map { _ in }, doing))
    }

    /// A statement sent by ``submitPrepared(_:while:)`` or ``submitReads(_:while:)`` whose
    /// rows are collected later.
    struct PendingRows {
        fileprivate let rows: EventLoopFuture<[PostgresRow]>?
        fileprivate let doing: String
    }

    /// Sends a writing statement as a prepared statement of the connection (prepared the first
    /// time it runs there: one round trip, after the statements sent before), without waiting
    /// for it; unnamed once the connection has ``PooledConnection/mostPrepared`` statements.
    /// PostgreSQL then parses, analyses and plans its text once a connection instead of at
    /// every run (with the plan `plan_cache_mode` asks for: the caller sets it).
    func submitPrepared(_ statement: PostgresStatement, while doing: String) throws(StorageError)
        -> PendingRows
    {
        try checkUsable(doing)
        let text = statement.typedSQL
        if pooled.prepared[text] == nil, pooled.prepared.count < PooledConnection.mostPrepared {
            pooled.prepared[text] = try wait(for: connection.prepare(query: text), doing)
        }
        guard let prepared = pooled.prepared[text] else {
            return PendingRows(
                rows: connection.query(statement.query, logger: logger).map(\.rows), doing: doing)
        }
        return PendingRows(rows: prepared.execute(statement.binds), doing: doing)
    }

    /// Sends a writing statement as ``submitPrepared(_:while:)`` does; the next
    /// statement waited for waits for it first and reports its failure.
    func sendPrepared(_ statement: PostgresStatement, while doing: String) throws(StorageError) {
        let pending = try submitPrepared(statement, while: doing)
        guard let rows = pending.rows else { return }
        unawaited.append((rows.map { _ in }, doing))
    }

    /// Waits for the rows of a submitted statement (and for the statements sent before it).
    ///
    /// - Parameter doing: what the statement does, for the error message, when the caller
    ///   knows better than the sender did.
    func rows(of pending: PendingRows, while doing: String? = nil) throws(StorageError) -> [PostgresRow] {
        let doing = doing ?? pending.doing
        guard let future = pending.rows, !isBroken else {
            isBroken = true
            throw StorageError.connectionLost(while: doing)
        }
        _ = try wait(for: [])
        return try waitBounded(future, doing)
    }

    /// A statement sent by ``submit(_:while:)`` whose result is collected later.
    struct Pending {
        fileprivate let result: EventLoopFuture<PostgresQueryResult>?
        fileprivate let doing: String
    }

    /// Sends a statement without waiting for it and returns a handle to its result: the
    /// caller prepares the next statement while the server runs this one. Statements run in
    /// the order they are sent; collect results with ``result(of:)`` in that order, so that the
    /// first failure is the one reported.
    func submit(_ query: PostgresQuery, while doing: String) -> Pending {
        guard !isBroken, !connection.isClosed, !isOnEventLoop else {
            return Pending(result: nil, doing: doing)
        }
        return Pending(result: connection.query(query, logger: logger), doing: doing)
    }

    /// Waits for a submitted statement (and for the statements sent before it).
    func result(of pending: Pending) throws(StorageError) -> PostgresQueryResult {
        guard let future = pending.result, !isBroken else {
            isBroken = true
            throw StorageError.connectionLost(while: pending.doing)
        }
        return try wait(for: [(future, pending.doing)])[0]
    }

    /// Gives the connection up: it is closed when returned to the pool.
    func markBroken() {
        guard !isBroken else { return }
        isBroken = true
        connection.closeKeepingAlive()
    }
}

extension PostgresConnection {
    /// Closes the connection without waiting, keeping it alive until its channel is closed
    /// (a connection must be closed before it is released).
    func closeKeepingAlive() {
        let connection = self
        connection.close().whenComplete { _ in _ = connection }
    }
}
