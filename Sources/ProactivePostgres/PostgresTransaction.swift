import Foundation
import PostgresNIO
import ProactiveStorage

/// Access to the PostgreSQL storage inside one transaction, for one user.
///
/// Every statement filters by ``user`` (app declarations and access tokens excepted, which
/// belong to the whole service). Only valid inside the closure passed to
/// ``PostgresStorage/write(user:_:)`` or ``PostgresStorage/read(user:_:)``; its writing
/// methods throw in a read transaction.
final class PostgresTransaction: StorageTransaction {
    /// The postgres-nio session of a write transaction (a read transaction has none).
    private let writeSession: PostgresSession?
    /// The libpq connection of a read transaction, which runs its reads (pipelined).
    private let reader: LibPQConnection?
    /// The session of a write transaction; only its writing methods use it, after
    /// ``requireWritable(_:)``.
    var session: PostgresSession { writeSession! }
    let user: UserID
    /// Whether this is a write transaction.
    let isWritable: Bool
    /// Whether a statement changed something (the commit then notifies other processes).
    private(set) var hasChanges = false
    /// Announced reads not made yet, sent and not waited for (see ``prefetch(_:)``).
    private var prefetched: [StorageRead: Prefetched] = [:]

    /// An announced read sent, on the connection of its transaction.
    private enum Prefetched {
        case session(PostgresSession.PendingRows)
        case reader(LibPQConnection.Pending)
    }
    /// How the write statements that follow are planned: at first the connection's default
    /// (generic plans: ``PostgresConnectionPool/sessionSettings``, which no transaction leaves
    /// changed), then as this transaction set it; nil after a read of a statement with a
    /// custom plan (which may set it for itself: ``PostgresSession/submitReads(_:while:)``).
    private var planning: Planning? = .generic

    /// How a write transaction's statements are planned.
    enum Planning {
        /// Once for any values (`force_generic_plan`): the statements a transaction runs as
        /// prepared statements of the connection (``submitPrepared(_:_:)``), planned once a
        /// connection.
        case generic
        /// As PostgreSQL does by default (`auto`: an unnamed statement for its values), for
        /// the statements run unnamed (``write(_:_:)``, ``submitWrite(_:_:)``): a generic plan
        /// of an unnamed statement is made at every run, and a DELETE over the partitioned
        /// table took 0.7 ms to plan that way against 0.3 ms for its values.
        case custom
    }

    /// Sets how the statements that follow are planned, for this transaction (sent without
    /// waiting), unless they already are.
    private func plan(_ planning: Planning) {
        guard self.planning != planning else { return }
        self.planning = planning
        session.send(
            planning == .generic ? Self.genericPlans : Self.customPlans,
            while: "choosing how statements are planned")
    }

    private static let genericPlans: PostgresQuery = "SET LOCAL plan_cache_mode = force_generic_plan"
    private static let customPlans: PostgresQuery = "SET LOCAL plan_cache_mode = auto"

    /// A transaction on a postgres-nio session (a write transaction, or a read one in tests).
    init(session: PostgresSession, user: UserID, isWritable: Bool) {
        self.writeSession = session
        self.reader = nil
        self.user = user
        self.isWritable = isWritable
    }

    /// A read transaction on a libpq connection (which sent its `BEGIN`).
    init(reader: LibPQConnection, user: UserID) {
        self.writeSession = nil
        self.reader = reader
        self.user = user
        self.isWritable = false
    }

    /// The user's identifier, bound in every statement.
    var userID: String { user.rawValue }

    /// The key before each of the user's search lexemes.
    var userKey: String { SearchLexemes.userKey(user) }

    /// Runs a reading statement (prepared on the connection: ``PostgresSession/read(_:while:)``)
    /// and returns its rows.
    ///
    /// - Parameter doing: what it does, for error messages (never SQL or data).
    func read(_ statement: PostgresStatement, _ doing: String) throws(StorageError) -> ReadRows {
        if let reader {
            return .reader(try reader.rows(of: reader.submit(statement, while: doing), while: doing))
        }
        if statement.usesCustomPlan { planning = nil }
        return .session(try session.read(statement, while: doing))
    }

    /// Sends the statements of announced reads without waiting for them: they run while the
    /// caller goes on, and their results come in the round trip of the next statement waited
    /// for. Each read, when made, waits for its own.
    func prefetch(_ reads: [StorageRead]) throws {
        let unique = Array(Set(reads).subtracting(prefetched.keys))
        guard !unique.isEmpty else { return }
        let statements = unique.map(query(for:))
        if let reader {
            for (read, statement) in zip(unique, statements) {
                prefetched[read] = .reader(try reader.submit(statement, while: "reading ahead"))
            }
            return
        }
        if statements.contains(where: \.usesCustomPlan) { planning = nil }
        let pending = try session.submitReads(statements, while: "reading ahead")
        for (read, rows) in zip(unique, pending) { prefetched[read] = .session(rows) }
    }

    /// Runs the statement of a read, or waits for the one announced.
    func fetch(_ read: StorageRead, _ doing: String) throws(StorageError) -> ReadRows {
        switch prefetched.removeValue(forKey: read) {
        case .reader(let pending)?: return .reader(try reader!.rows(of: pending, while: doing))
        case .session(let pending)?: return .session(try session.rows(of: pending, while: doing))
        case nil: return try self.read(query(for: read), doing)
        }
    }

    /// The statement of each read that can be announced.
    func query(for read: StorageRead) -> PostgresStatement {
        switch read {
        case .contextLogDeletions:
            return "SELECT count FROM context_log_deletion WHERE user_id = \(userID)"
        case .eventsAfter(let id, let limit):
            return """
                SELECT \(unescaped: StoredEvent.postgresColumns) FROM event
                WHERE user_id = \(userID) AND id > \(id) ORDER BY id LIMIT \(limit)
                """
        case .interactionsAfter(let id, let limit):
            return """
                SELECT \(unescaped: StoredInteraction.postgresColumns) FROM interaction
                WHERE user_id = \(userID) AND id > \(id) ORDER BY id LIMIT \(limit)
                """
        case .nowPlaying:
            return
                "SELECT app, at, state, payload FROM now_playing WHERE user_id = \(userID) ORDER BY at DESC"
        case .currentActivities(let scope, let now):
            return """
                SELECT \(unescaped: StoredEntry.postgresColumns) FROM entry
                WHERE user_id = \(userID) AND is_current
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                  AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                ORDER BY donated_at DESC, id DESC
                """
        case .openReminders(let now, let limit):
            return """
                SELECT id, entry_id, app, title, trigger_type, place, due_at, created_at, done_at FROM reminder
                WHERE user_id = \(userID) AND done_at IS NULL AND created_at <= \(now.timeIntervalSince1970)
                ORDER BY created_at, id LIMIT \(limit)
                """
        case .placeSightings(let since, let now, let limit, let includingPlace):
            return """
                SELECT id, entry_id, app, activity_type, url, seen_at, expires_at, supports_navigation, name_key,
                  city_key, latitude, longitude, coordinate_source, \(unescaped: includingPlace ? "place" : "''")
                FROM place_sighting
                WHERE user_id = \(userID) AND seen_at >= \(since.timeIntervalSince1970)
                  AND seen_at <= \(now.timeIntervalSince1970)
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                ORDER BY seen_at DESC, id DESC LIMIT \(limit)
                """
        case .entries(let ids, let scope, let now):
            return entriesQuery(ids: ids, scope: scope, now: now, withText: false)
        case .publicSearchCandidates(let query, let app, let threshold, let limit):
            // A query without words reads nothing (its method answers at once). No order: the
            // scan stops at `limit` matches (sorting them by identifier read every match first,
            // 1–9 ms for frequent words among 100,000 entries); the engine ranks what it reads.
            // The index answers `index`; `match` checks its rows when it differs (the planner
            // drops the check when both are equal; `ts_match_vq` is `@@` that no index answers).
            // Planned for its words (`withCustomPlan`): a frequent word reads the table in
            // order until the limit, a rare one the GIN index.
            let (index, match) = query.publicTSQueries ?? ("", "")
            let statement: PostgresStatement = """
                SELECT \(unescaped: StoredPublicEntry.postgresColumns), fts_title, fts_keywords, fts_description
                FROM public_entry
                WHERE \(index) <> '' AND search_all @@ \(index)::tsquery
                  AND (\(match) = \(index) OR ts_match_vq(search_all, \(match)::tsquery))
                  AND contributors >= \(threshold) AND (\(app)::text IS NULL OR app = \(app))
                LIMIT \(limit)
                """
            return statement.withCustomPlan()
        }
    }

    /// Runs a writing statement; one that inserts, updates or deletes rows marks the
    /// transaction changed.
    @discardableResult
    func write(_ query: PostgresQuery, _ doing: String) throws(StorageError) -> PostgresQueryResult {
        try requireWritable(doing)
        plan(.custom)
        return noteChanges(of: try session.query(query, while: doing))
    }

    /// Marks the transaction changed when a statement inserted, updated or deleted rows.
    private func noteChanges(of result: PostgresQueryResult) -> PostgresQueryResult {
        if ["INSERT", "UPDATE", "DELETE"].contains(result.metadata.command), (result.metadata.rows ?? 0) > 0 {
            hasChanges = true
        }
        return result
    }

    /// Sends a writing statement without waiting (see ``PostgresSession/submit(_:while:)``);
    /// ``collectWrite(_:)`` waits for it.
    func submitWrite(_ query: PostgresQuery, _ doing: String) throws(StorageError) -> PostgresSession.Pending
    {
        try requireWritable(doing)
        plan(.custom)
        return session.submit(query, while: doing)
    }

    /// Sends a writing statement that every batch of a donation runs as a prepared statement
    /// of the connection, planned once for any values (``Planning/generic``), without
    /// waiting; ``PostgresSession/rows(of:)`` waits for it. The caller marks the transaction
    /// changed (``noteChange()``) when it changes something.
    func submitPrepared(_ statement: PostgresStatement, _ doing: String) throws(StorageError)
        -> PostgresSession.PendingRows
    {
        try requireWritable(doing)
        plan(.generic)
        return try session.submitPrepared(statement, while: doing)
    }

    /// Sends a writing statement as ``submitPrepared(_:_:)`` does, whose result nobody reads:
    /// the next statement waited for waits for it first and reports its failure.
    func sendPrepared(_ statement: PostgresStatement, _ doing: String) throws(StorageError) {
        try requireWritable(doing)
        plan(.generic)
        try session.sendPrepared(statement, while: doing)
    }

    /// Waits for a submitted writing statement; one that inserted, updated or deleted rows
    /// marks the transaction changed.
    func collectWrite(_ pending: PostgresSession.Pending) throws(StorageError) -> PostgresQueryResult {
        noteChanges(of: try session.result(of: pending))
    }

    /// Throws unless this is a write transaction.
    func requireWritable(_ doing: String) throws(StorageError) {
        guard isWritable else {
            throw StorageError(code: .database, message: "cannot write in a read transaction (\(doing))")
        }
    }

    /// Marks the transaction changed (for writes whose statement reports no row count).
    func noteChange() { hasChanges = true }

    /// Decodes the rows of a result.
    func rows<T>(
        _ result: PostgresQueryResult, _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> [T] {
        try rows(result.rows, doing, decode)
    }

    /// Decodes rows.
    func rows<T>(
        _ rows: [PostgresRow], _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> [T] {
        try self.rows(ReadRows.session(rows), doing, decode)
    }

    /// Decodes the rows of a read.
    func rows<T>(
        _ rows: ReadRows, _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> [T] {
        do {
            return try (0..<rows.count).map { index in
                var reader = rows.reader(index)
                return try decode(&reader)
            }
        } catch {
            throw StorageError(postgres: error, while: doing)
        }
    }

    /// Decodes the first row of a result, if any.
    func firstRow<T>(
        _ result: PostgresQueryResult, _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> T? {
        try firstRow(result.rows, doing, decode)
    }

    /// Decodes the first of rows, if any.
    func firstRow<T>(
        _ rows: [PostgresRow], _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> T? {
        try firstRow(ReadRows.session(rows), doing, decode)
    }

    /// Decodes the first row of a read, if any.
    func firstRow<T>(
        _ rows: ReadRows, _ doing: String, _ decode: (inout RowReader) throws -> T
    ) throws(StorageError) -> T? {
        guard rows.count > 0 else { return nil }
        do {
            var reader = rows.reader(0)
            return try decode(&reader)
        } catch {
            throw StorageError(postgres: error, while: doing)
        }
    }

    /// Reads one value of the first row (a count, a maximum), or `nil` when there is no row.
    func scalar<T: PostgresDecodable>(
        _ query: PostgresStatement, _ doing: String, as type: T.Type = T.self
    ) throws(StorageError) -> T? {
        try firstRow(read(query, doing), doing) { try $0.next(T.self) }
    }
}

/// The rows of a read: from a postgres-nio session, or from a libpq connection.
enum ReadRows {
    case session([PostgresRow])
    case reader(LibPQResult)

    /// How many rows.
    var count: Int {
        switch self {
        case .session(let rows): rows.count
        case .reader(let result): Int(result.rowCount)
        }
    }

    /// A reader of the row at `index`.
    func reader(_ index: Int) -> RowReader {
        switch self {
        case .session(let rows): RowReader(rows[index])
        case .reader(let result): RowReader(result, row: Int32(index))
        }
    }
}

/// Reads the columns of a row in order.
struct RowReader {
    /// The row's cells in order (no copy of the row: a random-access row copies every cell
    /// into an array first, a tenth of decoding a search's rows).
    private var cells: PostgresRow.Iterator?
    /// Or a row of a libpq result, and the next column.
    private var result: LibPQResult?
    private var row: Int32 = 0
    private var column: Int32 = 0

    init(_ row: PostgresRow) { cells = row.makeIterator() }

    init(_ result: LibPQResult, row: Int32) {
        self.result = result
        self.row = row
    }

    private mutating func nextCell() -> PostgresCell? {
        guard let result else { return cells?.next() }
        guard column < result.columnCount else { return nil }
        defer { column += 1 }
        return result.cell(row: row, column: column)
    }

    /// The next column.
    ///
    /// Every value arrives in binary (postgres-nio binds every statement, prepared or not,
    /// asking binary results), but the rows of a prepared statement
    /// (``PostgresSession/read(_:while:)``) carry the format of its `Describe`, text: the
    /// cell is read as what it is.
    mutating func next<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        guard var cell = nextCell() else { throw RowReaderError() }
        cell.format = .binary
        return try cell.decode(T.self)
    }

    /// The next column's bytes as they arrived (binary), `nil` for NULL: an ``ArrayCell``'s.
    mutating func bytes() throws -> ByteBuffer? {
        guard let cell = nextCell() else { throw RowReaderError() }
        return cell.bytes
    }

    /// The next column, seconds since 1970, as a date.
    mutating func date() throws -> Date { Date(timeIntervalSince1970: try next(Double.self)) }

    /// The next column, seconds since 1970 or NULL, as a date.
    mutating func optionalDate() throws -> Date? {
        try next(Double?.self).map(Date.init(timeIntervalSince1970:))
    }
}

/// A row read past its last column: a statement and its reader disagree.
struct RowReaderError: Error, CustomStringConvertible {
    var description: String { "a row has fewer columns than its reader reads" }
}
