import CLibPQ
import Glibc
import NIOCore
import PostgresNIO
import ProactiveStorage

/// A connection through libpq, PostgreSQL's own C client, in pipeline mode: the PostgreSQL
/// storage's read transactions run on these.
///
/// A statement is sent at once, with a sync point after it, and its result read when asked
/// for: statements sent one after the other go out without waiting for each other (`BEGIN`,
/// the reads a transaction announces, `COMMIT`), where postgres-nio sends a statement only
/// once the one before it is answered; and the calling thread reads the socket itself, where
/// postgres-nio hands each statement to an event loop's thread and its answer back
/// (docs/benchmarks.md, "The driver beside libpq"). Reading statements run as prepared
/// statements of the connection, prepared in the same pipeline as their first run.
///
/// Used by one thread at a time: ``LibPQConnectionPool`` hands it to one transaction at a time.
final class LibPQConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    /// How long one statement may take, in seconds.
    let queryTimeout: Double
    /// Whether the connection cannot be used again (lost, or a statement timed out).
    private(set) var isBroken = false
    /// The statements prepared on the connection: their names by their text.
    private var prepared: [String: String] = [:]
    /// Statements sent and not read yet, oldest first.
    private var inFlight: [InFlight] = []
    /// Results read ahead of the statement waited for, by ticket.
    private var results: [Int: Result<LibPQResult, StorageError>] = [:]
    /// The failure of a statement sent without anyone waiting for it (``send(_:while:)``),
    /// thrown by the next wait.
    private var unawaitedFailure: StorageError?
    private var nextTicket = 0
    /// How many statement names were given (a name is never given twice).
    private var namesGiven = 0

    private struct InFlight {
        var ticket: Int
        /// The statement text prepared with it, if it was.
        var preparing: String?
        var doing: String
        var isAwaited: Bool
        /// Whether its failure is thrown by the next wait (not for a previous user's).
        var reportsFailure = true
    }

    /// A statement sent, whose rows ``rows(of:)`` reads.
    struct Pending {
        fileprivate let ticket: Int
        fileprivate let doing: String
    }

    /// Connects (blocking at most `connectTimeout` seconds) and enters pipeline mode.
    init(parameters: [(String, String)], queryTimeout: Double) throws(StorageError) {
        self.queryTimeout = queryTimeout
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer {
            for pointer in keywords + values { free(pointer) }
        }
        var keywordPointers = keywords.map { UnsafePointer<CChar>($0) } + [nil]
        var valuePointers = values.map { UnsafePointer<CChar>($0) } + [nil]
        guard
            let connection = keywordPointers.withUnsafeMutableBufferPointer({ k in
                valuePointers.withUnsafeMutableBufferPointer { v in
                    PQconnectdbParams(k.baseAddress, v.baseAddress, 0)
                }
            })
        else {
            throw StorageError(code: .unavailable, message: "cannot connect to PostgreSQL: out of memory")
        }
        // Checked before `self` holds it: `deinit` runs for an initializer that throws after.
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = Self.firstLine(PQerrorMessage(connection))
            PQfinish(connection)
            throw StorageError(code: .unavailable, message: "cannot connect to PostgreSQL: \(reason)")
        }
        guard PQenterPipelineMode(connection) == 1 else {
            PQfinish(connection)
            throw StorageError(code: .unavailable, message: "cannot connect to PostgreSQL: no pipeline mode")
        }
        self.connection = connection
    }

    deinit { PQfinish(connection) }

    /// Whether the connection is still usable: not broken, and not found closed.
    var isUsable: Bool { !isBroken && PQstatus(connection) == CONNECTION_OK }

    /// Whether the connection is usable, after reading what its socket has without waiting: a
    /// server that closed it (a restart, an administrator) shows as the end of the stream, so
    /// a connection left idle is not handed to a transaction only to fail.
    func checkIsUsable() -> Bool {
        guard isUsable else { return false }
        // A server that ends a connection may say why first: read on to the end of the stream.
        var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
        for _ in 0..<8 where isUsable {
            guard poll(&descriptor, 1, 0) > 0 else { break }
            if PQconsumeInput(connection) == 0 { markBroken() }
        }
        return isUsable
    }

    /// Forgets what the previous user of the connection left unread: a `COMMIT` that nobody
    /// waits for is read by the next wait, but its failure is not the next user's, and an
    /// announced read never made is dropped.
    func beginUse() {
        unawaitedFailure = nil
        results.removeAll()
        for index in inFlight.indices {
            inFlight[index].reportsFailure = false
            inFlight[index].isAwaited = false
        }
    }

    /// Sends a statement whose result nobody reads: its failure is thrown by the next wait.
    func send(_ sql: String, while doing: String) {
        guard isUsable else { return }
        _ = sendStatement(sql: sql, binds: [], name: nil, prepare: false, doing: doing, isAwaited: false)
    }

    /// Sends a reading statement, prepared on the connection the first time it runs there
    /// (in the same pipeline), unnamed once the connection has
    /// ``PooledConnection/mostPrepared`` statements; ``rows(of:)`` reads its rows.
    func submit(_ statement: PostgresStatement, while doing: String) throws(StorageError) -> Pending {
        guard isUsable else {
            isBroken = true
            throw StorageError.connectionLost(while: doing)
        }
        if statement.usesCustomPlan, let literal = statement.literalQuery {
            return try submitted(
                sendStatement(sql: literal.sql, binds: [], name: nil, prepare: false, doing: doing), doing)
        }
        let text = statement.typedSQL
        if let name = prepared[text] {
            return try submitted(
                sendStatement(sql: text, binds: statement.binds, name: name, prepare: false, doing: doing),
                doing)
        }
        guard prepared.count < PooledConnection.mostPrepared else {
            return try submitted(
                sendStatement(
                    sql: statement.sql, binds: statement.binds, name: nil, prepare: false, doing: doing),
                doing)
        }
        let name = "proactive_\(namesGiven)"
        namesGiven += 1
        prepared[text] = name
        return try submitted(
            sendStatement(sql: text, binds: statement.binds, name: name, prepare: true, doing: doing), doing)
    }

    private func submitted(_ ticket: Int?, _ doing: String) throws(StorageError) -> Pending {
        guard let ticket else {
            markBroken()
            throw StorageError.connectionLost(while: doing)
        }
        return Pending(ticket: ticket, doing: doing)
    }

    /// Queues a statement (after its preparation when `prepare`) and a sync point, and sends
    /// them; returns its ticket, or nil when libpq refused (the connection is lost).
    private func sendStatement(
        sql: String, binds: [PostgresData], name: String?, prepare: Bool, doing: String,
        isAwaited: Bool = true
    ) -> Int? {
        let types = binds.map { Oid($0.type.rawValue) }
        let formats = binds.map { Int32($0.formatCode == .binary ? 1 : 0) }
        if prepare, let name {
            guard PQsendPrepare(connection, name, sql, Int32(types.count), types) == 1 else { return nil }
        }
        let sent = Self.withValues(binds) { pointers, lengths in
            if let name {
                PQsendQueryPrepared(connection, name, Int32(binds.count), pointers, lengths, formats, 1)
            } else {
                PQsendQueryParams(connection, sql, Int32(binds.count), types, pointers, lengths, formats, 1)
            }
        }
        guard sent == 1, PQpipelineSync(connection) == 1 else { return nil }
        let ticket = nextTicket
        nextTicket += 1
        inFlight.append(
            InFlight(
                ticket: ticket, preparing: prepare && name != nil ? sql : nil, doing: doing,
                isAwaited: isAwaited))
        return ticket
    }

    /// Calls `body` with C pointers to each bound value (NULL for SQL NULL) and their lengths:
    /// the values copied once, back to back and each followed by a NUL byte (so that a value
    /// in text format, which libpq reads up to it, ends there too), into one buffer that lives
    /// for the call (libpq copies them into its output buffer before returning).
    private static func withValues<R>(
        _ binds: [PostgresData], _ body: ([UnsafePointer<CChar>?], [Int32]) -> R
    ) -> R {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(binds.reduce(0) { $0 + ($1.value?.readableBytes ?? 0) + 1 })
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        for bind in binds {
            guard let value = bind.value else {
                offsets.append(nil)
                lengths.append(0)
                continue
            }
            offsets.append(bytes.count)
            bytes.append(contentsOf: value.readableBytesView)
            bytes.append(0)
            lengths.append(Int32(value.readableBytes))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            // Not empty when a value is not NULL (each has its NUL byte).
            let pointers = offsets.map { offset in
                offset.map { UnsafeRawPointer(buffer.baseAddress! + $0).assumingMemoryBound(to: CChar.self) }
            }
            return body(pointers, lengths)
        }
    }

    /// Waits for a statement's result (and reads those sent before it) and returns it.
    func rows(of pending: Pending, while doing: String? = nil) throws(StorageError) -> LibPQResult {
        let doing = doing ?? pending.doing
        while results[pending.ticket] == nil {
            guard !inFlight.isEmpty else {
                throw StorageError(
                    code: .database, message: "a PostgreSQL result was read twice while \(doing)")
            }
            let item = inFlight.removeFirst()
            let result = readResult(of: item)
            if item.isAwaited {
                results[item.ticket] = result
            } else if case .failure(let error) = result, item.reportsFailure, unawaitedFailure == nil {
                unawaitedFailure = error
            }
        }
        if let failure = unawaitedFailure {
            unawaitedFailure = nil
            results[pending.ticket] = nil
            throw failure
        }
        return try results.removeValue(forKey: pending.ticket)!.get()
    }

    /// Reads the results of one statement sent: its preparation's, its own, and its sync's.
    private func readResult(of item: InFlight) -> Result<LibPQResult, StorageError> {
        var failure: StorageError?
        if let text = item.preparing {
            switch nextResult(item.doing) {
            case .success(let result):
                if let error = Self.error(of: result, item.doing) {
                    failure = error
                    prepared[text] = nil
                }
            case .failure(let error): return .failure(error)
            }
        }
        let outcome: Result<LibPQResult, StorageError>
        switch nextResult(item.doing) {
        case .success(let result):
            if let error = failure ?? Self.error(of: result, item.doing) {
                outcome = .failure(error)
            } else {
                outcome = .success(result)
            }
        case .failure(let error): return .failure(error)
        }
        // The sync point's result.
        guard case .success(let sync) = nextResult(item.doing, endsQuery: false),
            PQresultStatus(sync.result) == PGRES_PIPELINE_SYNC
        else {
            markBroken()
            return .failure(
                StorageError.connectionLost(while: item.doing))
        }
        return outcome
    }

    /// The next result of the pipeline (then the NULL that ends a statement's results, unless
    /// it is a sync point's), waiting at most ``queryTimeout`` seconds.
    private func nextResult(_ doing: String, endsQuery: Bool = true) -> Result<LibPQResult, StorageError> {
        if let error = waitUntilReadable(doing) { return .failure(error) }
        guard let result = PQgetResult(connection) else {
            markBroken()
            return .failure(
                StorageError.connectionLost(while: doing))
        }
        let wrapped = LibPQResult(result)
        if endsQuery && PQresultStatus(result) != PGRES_PIPELINE_SYNC {
            if let error = waitUntilReadable(doing) { return .failure(error) }
            if let extra = PQgetResult(connection) {
                // More than one result for a statement: COPY or several commands, never sent.
                PQclear(extra)
                markBroken()
                return .failure(
                    StorageError(
                        code: .database, message: "PostgreSQL sent unexpected results while \(doing)"))
            }
        }
        return .success(wrapped)
    }

    /// Reads the socket until libpq has a whole result, at most ``queryTimeout`` seconds; on
    /// timeout the statement is cancelled and the connection marked broken.
    private func waitUntilReadable(_ doing: String) -> StorageError? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(queryTimeout * 1000))
        while PQisBusy(connection) == 1 {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            )
            guard milliseconds > 0 else {
                cancel()
                markBroken()
                return StorageError(
                    code: .unavailable,
                    message: "PostgreSQL did not answer within \(Int(queryTimeout)) s while \(doing)")
            }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0, PQconsumeInput(connection) == 1 else {
                markBroken()
                return StorageError.connectionLost(while: doing)
            }
        }
        return nil
    }

    private func cancel() {
        guard let cancel = PQgetCancel(connection) else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &buffer, 256)
        PQfreeCancel(cancel)
    }

    /// Gives the connection up: the pool closes it.
    func markBroken() { isBroken = true }

    /// The error of a result that failed, mapped by its SQLSTATE; nil for one that did not.
    private static func error(of result: LibPQResult, _ doing: String) -> StorageError? {
        let status = PQresultStatus(result.result)
        switch status {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return nil
        case PGRES_PIPELINE_ABORTED:
            return StorageError(
                code: .database, message: "PostgreSQL refused \(doing) (an earlier statement failed)")
        default:
            // PG_DIAG_SQLSTATE, 'C'.
            if let state = PQresultErrorField(result.result, 67) {
                return StorageError(sqlState: String(cString: state), while: doing)
            }
            return StorageError(code: .database, message: "PostgreSQL refused \(doing)")
        }
    }

    private static func firstLine(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        return String(cString: message).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}

/// The result of one statement read through libpq (its rows in binary).
///
/// Its cells are copied once into one buffer, each handed out as a slice of it (a cell of a
/// postgres-nio row is a slice of the message it came in): a buffer of its own for each cell
/// made reading the place surfaces' hundred sightings a third slower.
final class LibPQResult: @unchecked Sendable {
    let result: OpaquePointer
    let rowCount: Int32
    let columnCount: Int32
    /// Every cell's bytes, row after row.
    private let bytes: ByteBuffer
    /// Each cell's offset in ``bytes`` and length (-1 for NULL), row after row.
    private let offsets: [Int32]
    private let lengths: [Int32]
    /// Each column's type and format.
    private let types: [PostgresDataType]
    private let formats: [PostgresFormat]

    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = PQntuples(result)
        columnCount = PQnfields(result)
        types = (0..<columnCount).map { PostgresDataType(UInt32(PQftype(result, $0))) }
        formats = (0..<columnCount).map { PQfformat(result, $0) == 1 ? .binary : .text }
        var total = 0
        for row in 0..<rowCount {
            for column in 0..<columnCount { total += Int(PQgetlength(result, row, column)) }
        }
        var bytes = ByteBufferAllocator().buffer(capacity: total)
        var offsets: [Int32] = []
        var lengths: [Int32] = []
        offsets.reserveCapacity(Int(rowCount * columnCount))
        lengths.reserveCapacity(Int(rowCount * columnCount))
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                offsets.append(Int32(bytes.writerIndex))
                guard PQgetisnull(result, row, column) == 0 else {
                    lengths.append(-1)
                    continue
                }
                let length = PQgetlength(result, row, column)
                bytes.writeBytes(
                    UnsafeRawBufferPointer(start: PQgetvalue(result, row, column), count: Int(length)))
                lengths.append(length)
            }
        }
        self.bytes = bytes
        self.offsets = offsets
        self.lengths = lengths
    }

    deinit { PQclear(result) }

    /// A cell as postgres-nio decodes it: its bytes, type and format.
    func cell(row: Int32, column: Int32) -> PostgresCell {
        let index = Int(row * columnCount + column)
        let length = lengths[index]
        return PostgresCell(
            bytes: length < 0 ? nil : bytes.getSlice(at: Int(offsets[index]), length: Int(length)),
            dataType: types[Int(column)], format: formats[Int(column)], columnName: "",
            columnIndex: Int(column))
    }
}
