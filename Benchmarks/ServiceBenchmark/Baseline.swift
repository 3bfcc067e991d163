import BenchmarkSupport
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import ProactivePostgres
import Synchronization

let quietLogger = Logger(label: "service-benchmark", factory: { _ in SwiftLogNoOpLogHandler() })

/// PostgreSQL used directly (postgres-nio's async API), for the baseline and the bookkeeping.
enum Direct {
    /// A connection to the database at `url`, with the backend's settings (its socket or TLS).
    static func connect(_ url: String, id: Int = 1) async throws -> PostgresConnection {
        var configuration = try PostgresStorage.configuration(for: PostgresLocation(url: url))
        // Without the backend's statement timeout: the bookkeeping's VACUUM of a million rows
        // takes longer.
        configuration.options.additionalStartupParameters = [("application_name", "service-benchmark")]
        return try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id,
            logger: quietLogger)
    }

    /// Runs statements, discarding their rows.
    static func run(_ connection: PostgresConnection, _ sql: String...) async throws {
        for statement in sql {
            _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: quietLogger).collect()
        }
    }

    /// The rows of a query, each decoded as `T`.
    static func rows<T: PostgresDecodable & Sendable>(
        _ connection: PostgresConnection, _ query: PostgresQuery, as: T.Type
    )
        async throws -> [T]
    {
        var out: [T] = []
        for try await value in try await connection.query(query, logger: quietLogger).decode(T.self) {
            out.append(value)
        }
        return out
    }

    /// Writes out the buffers a bulk load dirtied (`CHECKPOINT`), so that the phase after it
    /// does not share the machine with the checkpointer writing gigabytes, which a service
    /// whose writes come over time does not; returns what it did. A role without
    /// `pg_checkpoint` (PostgreSQL 15) leaves it to the checkpointer, and says so; any other
    /// failure is thrown.
    static func checkpoint(_ connection: PostgresConnection) async throws -> String {
        do {
            try await run(connection, "CHECKPOINT")
            return "CHECKPOINT"
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42501" {
            return "no CHECKPOINT (the role lacks pg_checkpoint)"
        }
    }

    /// The database's URL with another database name.
    static func url(_ url: String, database: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        return components.string!
    }
}

/// The baseline: PostgreSQL inserting the same rows itself into a table with the same
/// definition (columns, defaults, identity, constraints, indexes — `LIKE entry INCLUDING ALL`)
/// and the same hash partitions.
enum Baseline {
    static let table = "bench_entry"

    /// Creates (again) the baseline table beside the backend's `entry`; returns a description.
    static func createTable(_ c: PostgresConnection) async throws -> String {
        try await Direct.run(
            c, "DROP TABLE IF EXISTS \(table) CASCADE",
            "CREATE TABLE \(table) (LIKE entry INCLUDING ALL) PARTITION BY HASH (user_id)")
        let partitions = try await Direct.rows(
            c,
            """
            SELECT c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i
            JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'entry'::regclass ORDER BY 1
            """, as: String.self)
        for line in partitions {
            let name = line.prefix { $0 != " " }
            let bound = line.dropFirst(name.count + 1)
            try await Direct.run(
                c, "CREATE TABLE \(table)_\(name.dropFirst("entry_".count)) PARTITION OF \(table) \(bound)")
        }
        let indexes = try await Direct.rows(
            c,
            """
            SELECT regexp_replace(indexdef, '^.* USING ', '') FROM pg_indexes WHERE tablename = \(table)
            ORDER BY 1
            """, as: String.self)
        let engineIndexes = try await Direct.rows(
            c,
            """
            SELECT regexp_replace(indexdef, '^.* USING ', '') FROM pg_indexes WHERE tablename = 'entry'
            ORDER BY 1
            """, as: String.self)
        guard indexes == engineIndexes else {
            throw BenchmarkError(
                "the baseline table's indexes differ from entry's: \(indexes) vs \(engineIndexes)")
        }
        return "\(partitions.count) hash partitions, \(indexes.count) indexes as entry's: "
            + indexes.joined(separator: "; ")
    }

    static func truncate(_ c: PostgresConnection) async throws {
        try await Direct.run(c, "TRUNCATE \(table)")
    }

    /// One batch with `unnest` of arrays (one statement, its own transaction).
    static func insertUnnest(
        _ c: PostgresConnection, _ rows: [EntryRow], donatedAt: Double, expiresAt: Double
    )
        async throws
    {
        let query: PostgresQuery = """
            INSERT INTO bench_entry (user_id, app, kind, identity_key, unique_identifier, domain_identifier, title,
              is_eligible_for_search, is_eligible_for_handoff, is_eligible_for_public_indexing,
              is_eligible_for_prediction, first_donated_at, donated_at, expires_at, payload, fts_title, fts_keywords,
              fts_description, fts_address, search_all, search_title, fts_description_words)
            SELECT u, \(EntryRow.app), 'item', k, k, d, t, true, false, false, false, \(donatedAt), \(donatedAt),
              \(expiresAt), p, ft, fk, fd, fa, array_to_tsvector(string_to_array(la, ' ')),
              array_to_tsvector(string_to_array(lt, ' ')), w
            FROM unnest(\(rows.map(\.user))::text[], \(rows.map(\.identityKey))::text[], \(rows.map(\.domain))::text[],
              \(rows.map(\.title))::text[], \(rows.map(\.payload))::text[], \(rows.map { $0.ftsTitle ?? "" })::text[],
              \(rows.map { $0.ftsKeywords ?? "" })::text[], \(rows.map { $0.ftsDescription ?? "" })::text[],
              \(rows.map { $0.ftsAddress ?? "" })::text[], \(rows.map { $0.allLexemes.joined(separator: " ") })::text[],
              \(rows.map { $0.titleLexemes.joined(separator: " ") })::text[],
              \(rows.map(\.descriptionWords))::int[])
              AS r(u, k, d, t, p, ft, fk, fd, fa, la, lt, w)
            """
        _ = try await c.query(query, logger: quietLogger).collect()
    }

    /// One batch with `COPY … FROM STDIN` (one statement, its own transaction).
    static func copy(_ c: PostgresConnection, table: String, text: String) async throws {
        var buffer = ByteBuffer()
        buffer.writeString(text)
        let data = buffer
        try await c.copyFrom(table: table, columns: EntryRow.columns, logger: quietLogger) { writer in
            try await writer.write(data)
        }
    }

    static func copyText(_ rows: [EntryRow], donatedAt: Double, expiresAt: Double) -> String {
        var text = ""
        for row in rows { row.copyLine(donatedAt: donatedAt, expiresAt: expiresAt, into: &text) }
        return text
    }

    /// How many baseline rows differ from the engine's rows of the same identity in any column
    /// but `id` (and how many were compared).
    static func compareWithEngine(_ c: PostgresConnection) async throws -> (compared: Int, different: Int) {
        let compared = try await Direct.rows(
            c, "SELECT count(*) FROM bench_entry b JOIN entry e USING (user_id, app, kind, identity_key)",
            as: Int.self)[0]
        let columns =
            EntryRow.columns + [
                "persistent_identifier", "activity_type", "url", "is_current", "donation_count",
                "engagement_count",
                "last_engaged_at",
            ]
        let b = columns.map { "b." + $0 }.joined(separator: ", ")
        let e = columns.map { "e." + $0 }.joined(separator: ", ")
        let different = try await Direct.rows(
            c,
            PostgresQuery(
                unsafeSQL: """
                    SELECT count(*) FROM bench_entry b JOIN entry e USING (user_id, app, kind, identity_key)
                    WHERE (\(b)) IS DISTINCT FROM (\(e))
                    """), as: Int.self)[0]
        return (compared, different)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// CPU time used by the PostgreSQL server (the postmaster and every process it started), read
/// from /proc: works when the server runs on this machine.
struct ServerCPU: Sendable {
    let postmaster: Int32

    /// Finds the postmaster through the PID of a backend of the cluster.
    static func find(_ c: PostgresConnection) async -> ServerCPU? {
        guard let pid = try? await Direct.rows(c, "SELECT pg_backend_pid()", as: Int32.self).first,
            let stat = Self.stat(pid), stat.count > 2, let parent = Int32(stat[2])
        else { return nil }
        return ServerCPU(postmaster: parent)
    }

    /// The fields of /proc/PID/stat after the command (field 3 onwards, so index 0 is the state).
    private static func stat(_ pid: Int32) -> [String]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return [""] + text[text.index(after: close)...].split(separator: " ").map(String.init)
    }

    /// Seconds of CPU (user + system) used so far by the server's processes, including those
    /// that ended (the postmaster's children's times).
    func seconds() -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        // Fields (1-based in proc(5)): 4 ppid, 14 utime, 15 stime, 16 cutime, 17 cstime; here index = field - 2.
        guard let own = Self.stat(postmaster), own.count > 15 else { return 0 }
        var total = [12, 13, 14, 15].reduce(0.0) { $0 + (Double(own[$1]) ?? 0) }
        let procs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in procs {
            guard let pid = Int32(entry), let fields = Self.stat(pid), fields.count > 13,
                Int32(fields[2]) == postmaster
            else { continue }
            total += (Double(fields[12]) ?? 0) + (Double(fields[13]) ?? 0)
        }
        return total / ticks
    }
}

/// Statement counts from `pg_stat_statements`, when the extension is installed in the database.
struct StatementStats: Sendable {
    struct Entry: Sendable {
        var query: String
        var calls: Int
        var milliseconds: Double
        /// Planning time (0 unless `pg_stat_statements.track_planning` is on).
        var planMilliseconds: Double
    }
    var entries: [Int64: Entry]

    static func snapshot(_ c: PostgresConnection) async -> StatementStats? {
        let query: PostgresQuery = """
            SELECT queryid, query, calls, total_exec_time, total_plan_time FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND queryid IS NOT NULL
            """
        do {
            var entries: [Int64: Entry] = [:]
            for try await (id, text, calls, ms, plan) in try await c.query(query, logger: quietLogger).decode(
                (Int64, String, Int, Double, Double).self)
            {
                entries[id] = Entry(query: text, calls: calls, milliseconds: ms, planMilliseconds: plan)
            }
            return StatementStats(entries: entries)
        } catch {
            return nil
        }
    }

    /// What ran between two snapshots, most called first.
    func since(_ before: StatementStats) -> [Entry] {
        entries.compactMap { id, e -> Entry? in
            let b = before.entries[id]
            let calls = e.calls - (b?.calls ?? 0)
            guard calls > 0 else { return nil }
            return Entry(
                query: e.query, calls: calls, milliseconds: e.milliseconds - (b?.milliseconds ?? 0),
                planMilliseconds: e.planMilliseconds - (b?.planMilliseconds ?? 0))
        }.sorted { $0.calls > $1.calls }
    }
}
