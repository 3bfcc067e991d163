import Foundation
import GRDB
import ProactiveStorage
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The embedded store: SQLite through GRDB, in WAL mode, with an FTS5 full-text index.
///
/// Every write is one transaction that keeps the invariants: the full-text index changes in
/// the same transaction as the rows it indexes (see `DeferredIndex`), so a crash never leaves
/// one without the other. A write that returned has been committed to the WAL and survives a
/// crash of the process. Several processes may use one store file at once.
public final class SQLiteStorage: Storage {
    let writer: any DatabaseWriter
    /// The connections requests read through (a file's store; nil in memory).
    let readers: ReaderConnections?
    let location: String
    /// The full-text indexes whose merge into one segment this process started and has not
    /// finished (see ``maintainSearchIndex(pages:)``).
    let mergingIndexes = Mutex<Set<String>>([])
    /// When deleted text was last purged from the full-text indexes, and what it cost (see
    /// ``maintainSearchIndex(pages:)``): kept in the store after each purge, and read from it at
    /// each step of upkeep.
    let purges = Mutex(SearchIndexPurges())
    /// The matches of frequent words of the full-text index, for this process's searches.
    let frequentWords: FrequentWordMatches

    /// Opens (creating if needed) the store at a path, migrating it to the current schema.
    ///
    /// Several processes opening a new store at once migrate it once: the migration runs under
    /// an exclusive lock on the store's directory.
    public convenience init(path: String) throws(StorageError) {
        try self.init(path: path, frequentWords: FrequentWordMatches())
    }

    /// Opens the store at a path, keeping frequent words' matches as `frequentWords` says and
    /// mapping it into memory from `memoryMapThreshold` bytes (``memoryMapThreshold``).
    init(
        path: String, frequentWords: FrequentWordMatches,
        memoryMapThreshold: Int64 = SQLiteStorage.memoryMapThreshold
    ) throws(StorageError) {
        location = path
        self.frequentWords = frequentWords
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // A deleted row's bytes are overwritten with zeros, not left in free space (the
                // default of Debian's SQLite, set here whatever the build).
                try db.execute(sql: "PRAGMA secure_delete = ON")
                db.add(function: StoredText.sqlFunction)
                try Self.mapIfLarge(db, threshold: memoryMapThreshold)
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            readers = ReaderConnections(path: path, configuration: configuration)
            let migrator = SQLiteMigrations.migrator
            if try !writer.read({ try migrator.hasCompletedMigrations($0) }) {
                try Self.withDirectoryLock(directory.path) {
                    try migrator.migrate(writer)
                    Self.compactIfMostlyFree(writer)
                }
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: path)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(code: .cannotOpen, message: "cannot open the store at \(path): \(error)")
        }
        frequentWords.setReader { [weak self] word in self?.readMatches(of: word) }
    }

    deinit {
        // The readers close first, so that the writer, closing last, checkpoints the WAL.
        readers?.close()
    }

    /// Rewrites the store without its free pages (`VACUUM`) when they are a quarter of it or
    /// more: an upgrade that copies a table (v17 copied `entry` and `placeSighting`, v19
    /// rebuilt the full-text indexes) leaves the old copy's pages free, and a 1M-item store's
    /// file stayed at 2.0 GB for 1.07 GB of data (compacting it took 8 s). Best effort: a store
    /// another process is reading stays as it is, to be filled by the next documents.
    private static func compactIfMostlyFree(_ writer: any DatabaseWriter) {
        let free = try? writer.read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            )
        }
        guard let (freePages, pages) = free, pages > 0, freePages * 4 >= pages else { return }
        try? writer.vacuum()
    }

    /// Opens a private in-memory store, for tests and previews.
    public init() throws(StorageError) {
        location = ":memory:"
        frequentWords = FrequentWordMatches()
        readers = nil
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in db.add(function: StoredText.sqlFunction) }
            writer = try DatabaseQueue(configuration: configuration)
            try SQLiteMigrations.migrator.migrate(writer)
        } catch {
            throw StorageError(code: .cannotOpen, message: "cannot open an in-memory store: \(error)")
        }
        frequentWords.setReader { [weak self] word in self?.readMatches(of: word) }
    }

    /// Runs `body` holding an exclusive `flock` on a directory (not on the database file: closing
    /// another descriptor of that file would drop SQLite's own POSIX locks).
    private static func withDirectoryLock<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(directory, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    @discardableResult
    public func write<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T {
        do {
            return try writer.write { db in
                let transaction = SQLiteTransaction(db: db, user: user, isWritable: true)
                let result = try body(transaction)
                try transaction.index.flush(db)
                return result
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    public func read<T>(user: UserID, _ body: (any StorageTransaction) throws -> T) throws -> T {
        do {
            let read = { (db: Database) throws -> T in
                try body(
                    SQLiteTransaction(
                        db: db, user: user, isWritable: false, frequentWords: self.frequentWords))
            }
            if let readers, let value = try readers.read(read) { return value }
            return try writer.read(read)
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    public func usersWithExpiredPublicContributions(now: Date) throws -> [UserID] {
        do {
            return try writer.read { db in
                try String.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT name FROM name WHERE id IN (SELECT DISTINCT userKey FROM entry
                            WHERE isEligibleForPublicIndexing AND expiresAt IS NOT NULL AND expiresAt <= ?)
                            """), arguments: [now.timeIntervalSince1970]
                ).compactMap(UserID.init(rawValue:))
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    public func usersWithExpiredEntries(now: Date) throws -> [UserID] {
        do {
            return try writer.read { db in
                // The partial index on (userKey, expiresAt) holds only the entries that expire.
                try String.fetchAll(
                    db.cachedStatement(
                        sql:
                            "SELECT name FROM name WHERE id IN (SELECT DISTINCT userKey FROM entry WHERE expiresAt IS NOT NULL AND expiresAt <= ?)"
                    ),
                    arguments: [now.timeIntervalSince1970]
                ).compactMap(UserID.init(rawValue:))
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    /// SQLite's `data_version` of the writer connection, which changes when another connection
    /// (another process on the same file) commits, and not on this connection's own commits.
    public func externalChangeCount() throws -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    /// SQLite's `integrity_check` of every page, table and index, then each full-text index's
    /// own check against the rows it indexes.
    public func checkIntegrity() throws -> [String] {
        do {
            var problems = try writer.read { db in
                try String.fetchAll(db, sql: "PRAGMA integrity_check(100)").filter { $0 != "ok" }
            }
            problems += try writer.read { db in
                try [
                    ("entry", "payload", DeferredIndex.columns, "stored document"),
                    ("placeSighting", "place", PlaceSightingRecord.companionColumns, "place"),
                ].compactMap { table, column, companion, what in
                    try Self.undecodable(table: table, column: column, companion: companion, what: what, db)
                }
            }
            for table in Self.searchIndexes {
                do {
                    try writer.write { db in
                        try db.execute(sql: "INSERT INTO \(table)(\(table)) VALUES('integrity-check')")
                    }
                } catch let error as DatabaseError {
                    problems.append("full-text index \(table): \(error.message ?? "\(error.resultCode)")")
                }
            }
            return problems
        } catch let error as DatabaseError {
            throw StorageError(error, path: location)
        }
    }

    /// The problem of the compressed documents of a column that do not decompress (see
    /// ``StoredText``), with the `companion` columns of their rows when they have one, naming
    /// the first row; `nil` when they all do.
    private static func undecodable(
        table: String, column: String, companion: String?, what: String, _ db: Database
    ) throws -> String? {
        let besideColumns = companion.map { ", " + $0 } ?? ""
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT id, \(column)\(besideColumns) FROM \(table) WHERE typeof(\(column)) = 'blob' ORDER BY id"
        )
        var count = 0
        var first: Int64?
        while let row = try rows.next() {
            let beside = companion == nil ? [] : StoredText.companion(row, columns: 2..<row.count)
            guard (try? StoredText.text(row[1] as DatabaseValue, companion: beside)) == nil else { continue }
            count += 1
            first = first ?? row[0]
        }
        guard let first else { return nil }
        return "\(table) \(first): its \(what) cannot be decompressed"
            + (count > 1 ? " (and \(count - 1) more rows of \(table))" : "")
    }

    public var backendDescription: String { "SQLite \(sqliteVersion) at \(location)" }

    /// The embedded store prepares payloads (``prepareToStore(_:)``).
    public var preparesPayloads: Bool { true }

    /// Compresses the documents' text beside their entries' indexed text on the calling thread
    /// (see ``StoredText/prepare(_:companion:)``).
    public func prepareToStore(_ payloads: [PayloadDraft]) {
        for payload in payloads {
            StoredText.prepare(
                String(decoding: payload.document, as: UTF8.self),
                companion: StoredText.companion(SQLiteTransaction.storedForms(payload.indexedText)))
        }
    }

    /// The SQLite version the store runs on.
    public var sqliteVersion: String {
        (try? writer.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }
}

extension StorageError {
    /// A SQLite error as the user sees it: what happened to which store file, and what to do.
    init(_ error: DatabaseError, path: String) {
        let detail = error.message ?? "SQLite code \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(code: .busy, message: "store error: \(detail)")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self.init(
                code: .corrupt,
                message: """
                    the store \(path) is damaged (\(detail)); `proactive check` lists what is \
                    damaged. Restore a backup copy of the file, or move it aside to start an empty \
                    store, then donate again
                    """)
        case .SQLITE_FULL:
            self.init(
                code: .full,
                message:
                    "the disk holding the store \(path) is full: nothing was written; free some space and retry"
            )
        case .SQLITE_READONLY:
            self.init(
                code: .readOnly,
                message:
                    "the store \(path) is read-only (\(detail)): nothing was written; make it writable and retry"
            )
        case .SQLITE_IOERR:
            self.init(
                code: .io,
                message:
                    "cannot read or write the store \(path) (\(detail)): nothing was written; check the disk")
        case .SQLITE_CONSTRAINT:
            self.init(code: .conflict, message: "store error: \(detail)")
        case .SQLITE_CANTOPEN:
            self.init(code: .cannotOpen, message: "cannot open the store \(path) (\(detail))")
        default:
            self.init(code: .database, message: "store error: \(detail)")
        }
    }
}
