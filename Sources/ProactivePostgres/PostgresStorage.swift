import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import ProactiveStorage

/// The engine's storage on PostgreSQL 15 or later, for a service with many users.
///
/// The schema mirrors the embedded SQLite store's (see `PostgresMigrations`): every user's
/// rows are keyed and hash-partitioned by user, app declarations and access tokens are
/// service-wide. Full-text search indexes the same words as the SQLite store's tokenizer,
/// computed in Swift and stored as `tsvector`s with GIN indexes that lead with the user.
///
/// The storage is synchronous, like the ``Storage`` protocol: each call blocks its thread on
/// a connection of a small pool (never call it from an event loop or from Swift's
/// cooperative threads). Every write is one transaction that first takes an advisory lock on
/// its user, so one user's writes are serialized (and its identifiers grow in commit order);
/// reads see one consistent snapshot (`REPEATABLE READ READ ONLY`). A transaction that
/// changed something notifies the other instances on the same database when it commits: see
/// ``externalChangeCount()`` and ``onExternalChange(_:)``.
///
/// Every wait is bounded: making a connection 5 s, a statement 30 s. When the database cannot
/// be reached during a call, the call throws ``StorageError`` `.unavailable` and the
/// transaction is rolled back by the server (nothing half-written).
///
/// ## Differences from the SQLite store
///
/// The same methods return the same rows, with these exceptions, each deliberate:
/// - Ties the SQLite store leaves to SQLite's choice are broken by identifier: interactions
///   of the same moment newest identifier first (`interactions(personKey:…)`,
///   `interactions(app:)`), reminders
///   of the same moment oldest identifier first. Text is ordered and compared byte-wise
///   (`COLLATE "C"`, SQLite's `BINARY`), whatever the database's collation.
/// - A query term of several tokens (rare: `IndexText.queryTerms` splits words) is an FTS5
///   phrase in SQLite; here its tokens must all be present, anywhere (tsvectors made from
///   word lists have no positions). CJK bigrams are single tokens, so they are unaffected.
/// - Words longer than 2,046 bytes are not indexed, nor words past about 900 KB of one
///   entry's text (PostgreSQL's limits for a lexeme and a tsvector).
/// - PostgreSQL refuses text containing the NUL character (`.database`).
/// - A statement that fails ends the transaction: the body may catch the error, but every
///   later statement of the same transaction fails too, and nothing is committed.
/// - A connection lost while `COMMIT` was in flight throws `.unavailable`, although the
///   server may have committed (the outcome cannot be known).
/// - ``externalChangeCount()`` counts other instances' commits (and reconnections), not
///   SQLite's `data_version`.
public final class PostgresStorage: Storage {
    /// Where the database is (without its password in ``PostgresLocation/description``).
    public let location: PostgresLocation
    private let pool: PostgresConnectionPool
    /// The connections of read transactions (libpq, pipelined).
    private let readers: LibPQConnectionPool
    private let listener: PostgresChangeListener

    /// The name of the setting that gives the URL, for error messages.
    static let settingName = "--postgres or PROACTIVE_POSTGRES"
    /// The space of the advisory locks that serialize each user's writes (the migration lock
    /// is a one-key lock, whose key space does not overlap).
    static let userLockSpace: Int32 = 0x5052_4F41  // "PROA"

    /// A logger that discards everything: the default.
    public static var silentLogger: Logger {
        Logger(label: "proactive.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// Connects to the database at a `postgres://` URL, creates or migrates its schema, and
    /// starts listening for other instances' changes.
    ///
    /// - Parameters:
    ///   - url: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`;
    ///     `prefer` (the default) encrypts when the server offers TLS, without verifying its
    ///     certificate, like libpq; `require` insists on TLS and verifies the certificate
    ///     against the system's trusted roots (stricter than libpq).
    ///   - maximumConnections: the most connections used for transactions at once (8); one
    ///     more listens for changes.
    ///   - logger: where postgres-nio and the listener log (nothing by default).
    /// - Throws: ``StorageError`` `.cannotOpen`, naming the setting and the location (never the
    ///   password), when the URL is invalid, the server is unreachable, authentication fails,
    ///   the database does not exist, is not encoded in UTF-8, or its schema cannot be prepared.
    public init(url: String, maximumConnections: Int = 8, logger: Logger = PostgresStorage.silentLogger)
        throws(StorageError)
    {
        let location = try PostgresLocation(url: url)
        self.location = location
        func cannotOpen(_ reason: String) -> StorageError {
            StorageError(
                code: .cannotOpen,
                message: "cannot open the PostgreSQL database \(location) (\(Self.settingName)): \(reason)")
        }
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try Self.configuration(for: location)
        } catch {
            throw cannotOpen("cannot set up TLS")
        }
        pool = PostgresConnectionPool(
            configuration: configuration, maximumConnections: maximumConnections, connectTimeout: 5,
            queryTimeout: 30, leaseTimeout: 30, logger: logger)
        readers = LibPQConnectionPool(
            parameters: Self.libpqParameters(for: location, connectTimeout: 5),
            maximumConnections: maximumConnections, queryTimeout: 30, leaseTimeout: 30)
        listener = PostgresChangeListener(
            origin: String(UInt64.random(in: .min ... .max), radix: 16), pool: pool, logger: logger)
        do {
            // The first connection checks the location and stays in the pool.
            try pool.withSession { session in
                try PostgresMigrations.requireUTF8(session, database: location.database)
                try PostgresMigrations.migrate(session)
            }
            try listener.start()
        } catch {
            pool.close()
            readers.close()
            listener.stop()
            throw cannotOpen((error as? StorageError)?.message ?? "\(type(of: error))")
        }
    }

    deinit { close() }

    /// Stops listening and closes every connection; later calls throw `.unavailable`.
    /// Called by `deinit`; calling it again does nothing.
    public func close() {
        listener.stop()
        pool.close()
        readers.close()
    }

    public var backendDescription: String { "PostgreSQL \(location)" }

    /// Reads every row of every table (a damaged page fails the read) and, where the `amcheck`
    /// extension is installed, checks every B-tree index against its rules.
    public func checkIntegrity() throws -> [String] {
        let tables = [
            "app", "access_token", "entry", "place_sighting", "reminder", "interaction", "interaction_person",
            "event", "now_playing", "client_state", "context_log_deletion", "public_entry",
            "public_contribution",
        ]
        return try pool.withSession { session in
            var problems: [String] = []
            for table in tables {
                do {
                    _ = try session.query(
                        "SELECT count(*) FROM \(unescaped: table)", while: "reading \(table)")
                } catch {
                    problems.append("table \(table): \(error)")
                }
            }
            let amcheck = try session.query(
                "SELECT count(*) FROM pg_extension WHERE extname = 'amcheck'", while: "looking for amcheck")
            if (try? amcheck.rows.first?.decode(Int.self)) == 1 {
                let indexes = try session.query(
                    """
                    SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                    JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE a.amname = 'btree' AND n.nspname = current_schema()
                    """, while: "listing indexes")
                for row in indexes.rows {
                    guard let name = try? row.decode(String.self) else { continue }
                    do {
                        _ = try session.query(
                            "SELECT bt_index_check(\(name)::regclass)", while: "checking index \(name)")
                    } catch {
                        problems.append("index \(name): \(error)")
                    }
                }
            }
            return problems
        }
    }

    @discardableResult
    public func write<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T {
        try pool.withSession { session in
            do {
                // BEGIN, then the user's lock and the change notification in one statement
                // (prepared on the connection), sent without waiting: the calling thread waits
                // once, for the body's first statement (postgres-nio still sends each
                // statement once the one before is answered: a round trip on the wire each).
                // The notification is delivered to listeners when (and only if) the
                // transaction commits; a transaction that changed nothing is rolled back
                // instead, so it notifies nobody.
                session.send("BEGIN", while: "beginning a write")
                // How its statements are planned, the transaction sets as it goes
                // (`PostgresTransaction.Planning`).
                try session.sendPrepared(
                    """
                    SELECT pg_advisory_xact_lock(\(unescaped: String(Self.userLockSpace)), hashtext(\(user.rawValue))),
                      pg_notify(\(PostgresChangeListener.channel), \(listener.origin + ":" + user.rawValue))
                    """, while: "waiting for the user's write lock")
                let transaction = PostgresTransaction(session: session, user: user, isWritable: true)
                let result = try body(transaction)
                if transaction.hasChanges {
                    try session.query("COMMIT", while: "committing")
                } else {
                    // Nothing to acknowledge: the connection runs it before its next statement.
                    session.send("ROLLBACK", while: "ending a write that changed nothing")
                }
                return result
            } catch {
                Self.rollBack(session)
                throw error
            }
        }
    }

    /// Runs `body` in a read-only transaction (`REPEATABLE READ`: one snapshot for all its
    /// statements) on a libpq connection in pipeline mode: `BEGIN` goes out with the first
    /// statement, the reads the transaction announces go out together, and `COMMIT` is not
    /// waited for, so a read costs the round trips of the statements it waits for only
    /// (``LibPQConnection``).
    public func read<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T {
        try readers.withConnection { connection in
            connection.send("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", while: "beginning a read")
            do {
                let result = try body(PostgresTransaction(reader: connection, user: user))
                connection.send("COMMIT", while: "ending a read")
                return result
            } catch {
                // Read by the connection's next wait; its failure is not the next user's.
                connection.send("ROLLBACK", while: "rolling back a read")
                throw error
            }
        }
    }

    /// The libpq connection parameters of a location, with the settings every connection
    /// starts with (``PostgresConnectionPool/sessionSettings`` and those of
    /// ``configuration(for:)``). TLS as postgres-nio's connections have it: `prefer` encrypts
    /// when the server offers it without verifying its certificate; `require` verifies it and
    /// the host name against the system's trusted roots (libpq's `verify-full`).
    static func libpqParameters(for location: PostgresLocation, connectTimeout: Int) -> [(String, String)] {
        var parameters: [(String, String)] = [
            ("user", location.username), ("dbname", location.database), ("port", String(location.port)),
            ("connect_timeout", String(connectTimeout)), ("application_name", "proactive"),
            ("client_encoding", "UTF8"),
        ]
        if let password = location.password { parameters.append(("password", password)) }
        if let socketPath = location.socketPath {
            let directory = socketPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            parameters += [("host", directory), ("sslmode", "disable")]
        } else {
            parameters.append(("host", location.host))
            switch location.sslMode {
            case "disable": parameters.append(("sslmode", "disable"))
            case "require":
                parameters += [
                    ("sslmode", "verify-full"), ("sslrootcert", "/etc/ssl/certs/ca-certificates.crt"),
                ]
            default: parameters.append(("sslmode", "prefer"))
            }
        }
        let settings =
            PostgresConnectionPool.sessionSettings + [
                ("statement_timeout", "28000"), ("idle_in_transaction_session_timeout", "120000"),
            ]
        parameters.append(("options", settings.map { "-c \($0.0)=\($0.1)" }.joined(separator: " ")))
        return parameters
    }

    /// The value of a setting on a connection of the pool (`current_setting`), for tests.
    func sessionSetting(_ name: String) throws -> String? {
        try pool.withSession { session in
            let rows = try session.query("SELECT current_setting(\(name))", while: "reading a setting")
            var value: String?
            for row in rows.rows { value = try row.decode(String.self) }
            return value
        }
    }

    /// Runs `body` with a session of the pool, for tests.
    func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        try pool.withSession(body)
    }

    /// Each statement prepared on the session's connection with how many times it ran with its
    /// generic plan and with a custom one, for tests.
    static func preparedStatementPlans(_ session: PostgresSession) throws -> [(
        statement: String, generic: Int, custom: Int
    )] {
        try session.query(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements", while: "testing"
        ).rows.map { try $0.decode((String, Int, Int).self) }
    }

    /// ``preparedStatementPlans(_:)`` of a connection of read transactions (the one the last
    /// read gave back, when reads run one at a time), for tests.
    func readerPreparedStatementPlans() throws -> [(statement: String, generic: Int, custom: Int)] {
        try readers.withConnection { connection in
            let doing = "testing"
            let result = try connection.rows(
                of: connection.submit(
                    "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements", while: doing)
            )
            return try (0..<result.rowCount).map { row in
                var reader = RowReader(result, row: row)
                return (try reader.next(String.self), try reader.next(Int.self), try reader.next(Int.self))
            }.filter { !$0.0.contains("pg_prepared_statements") }
        }
    }

    /// The text of each statement prepared on the session's connection, for tests.
    static func preparedStatements(_ session: PostgresSession) throws -> [String] {
        try preparedStatementPlans(session).map(\.statement)
    }

    public func usersWithExpiredPublicContributions(now: Date) throws -> [UserID] {
        try pool.withSession { session in
            let doing = "finding expired public contributions"
            let result = try session.query(
                """
                SELECT DISTINCT user_id FROM entry
                WHERE is_eligible_for_public_indexing AND expires_at IS NOT NULL
                  AND expires_at <= \(now.timeIntervalSince1970)
                """, while: doing)
            do {
                return try result.rows.compactMap { UserID(rawValue: try $0.decode(String.self)) }
            } catch {
                throw StorageError(postgres: error, while: doing)
            }
        }
    }

    public func usersWithExpiredEntries(now: Date) throws -> [UserID] {
        try pool.withSession { session in
            let doing = "finding expired entries"
            let result = try session.query(
                """
                SELECT DISTINCT user_id FROM entry
                WHERE expires_at IS NOT NULL AND expires_at <= \(now.timeIntervalSince1970)
                """, while: doing)
            do {
                return try result.rows.compactMap { UserID(rawValue: try $0.decode(String.self)) }
            } catch {
                throw StorageError(postgres: error, while: doing)
            }
        }
    }

    /// How many changes other instances (other processes, other daemons on the same
    /// database) committed since this one started, plus one each time the listening
    /// connection came back after a loss (changes may have been missed). This instance's own
    /// commits do not change it.
    public func externalChangeCount() throws -> Int { listener.count }

    /// Calls `handler` with the user whose data another instance changed, after each commit
    /// of another instance (on a private serial queue, in order). After the listening
    /// connection was lost and came back, only ``externalChangeCount()`` tells: the users of
    /// the changes missed meanwhile are unknown.
    @discardableResult
    public func onExternalChange(_ handler: @escaping @Sendable (UserID) -> Void) -> Bool {
        listener.addHandler(handler)
        return true
    }

    private static func rollBack(_ session: PostgresSession) {
        guard !session.isBroken else { return }
        do {
            try session.query("ROLLBACK", while: "rolling back")
        } catch {
            session.markBroken()
        }
    }

    /// The connection settings for a location: its Unix-domain socket, or TCP with TLS as its
    /// `sslmode` says; bounded statements, and an application name the server's views show.
    package static func configuration(for location: PostgresLocation) throws
        -> PostgresConnection.Configuration
    {
        let tls: PostgresConnection.Configuration.TLS
        switch location.sslMode {
        case "disable":
            tls = .disable
        case "require":
            tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        default:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            tls = .prefer(try NIOSSLContext(configuration: settings))
        }
        var configuration =
            if let socketPath = location.socketPath {
                PostgresConnection.Configuration(
                    unixSocketPath: socketPath, username: location.username, password: location.password,
                    database: location.database)
            } else {
                PostgresConnection.Configuration(
                    host: location.host, port: location.port, username: location.username,
                    password: location.password, database: location.database, tls: tls)
            }
        configuration.options.additionalStartupParameters = [
            ("application_name", "proactive"),
            // The server gives up a statement a little before the client's 30 s wait does, so
            // that the connection stays usable; a transaction left idle is ended.
            ("statement_timeout", "28000"),
            ("idle_in_transaction_session_timeout", "120000"),
        ]
        return configuration
    }
}
