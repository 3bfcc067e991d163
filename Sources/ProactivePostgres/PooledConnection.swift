import PostgresNIO

/// A connection of ``PostgresConnectionPool`` and the statements prepared on it.
///
/// Only the session that leases the connection reads or changes ``prepared``, from one thread
/// at a time; the pool hands the connection to one session at a time.
final class PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection
    /// The statements prepared on the connection, by their text (``PostgresStatement/typedSQL``).
    var prepared: [String: PreparedQuery] = [:]

    init(_ connection: PostgresConnection) { self.connection = connection }

    /// The most statements prepared on one connection; past it, statements run unnamed. The
    /// engine reads with a few dozen statement texts.
    static let mostPrepared = 128
}
