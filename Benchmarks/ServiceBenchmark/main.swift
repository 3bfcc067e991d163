import BenchmarkSupport
import Foundation
import PostgresNIO
import Proactive
import ProactiveModel
import ProactivePostgres
import ProactiveStorage
import ProactiveTesting
import ProactiveText
import Synchronization

// Service benchmark (issue 11): the engine on PostgreSQL for many users, beside PostgreSQL
// inserting and searching the same rows itself in the same run.
//
//   scripts/postgres-cluster.sh start /tmp/benchpg          # prints the URL
//   swift build -c release --product ServiceBenchmark
//   .build/release/ServiceBenchmark --postgres URL [--documents 100000] [--users 1000] [--queries 2000]
//       [--seeds ../shared/seeds] [--batch 1000] [--threads 2] [--pushes 1000] [--search-at 1000000]
//       [--ingest-seconds 240] [--phase-seconds 60] [--contributions 1000] [--public-entries 100000]
//       [--search-only] [--min-matches N]
//
// `--search-only` measures the round trips, search and suggestions on a database a previous run filled (entry, bench_entry and public
// entries as it left them), nothing else: for trying a change to search at 1M in seconds.
// `--min-matches N` times only the queries matching at least N of their user's items (for
// profiling one class).
// Otherwise needs an empty database (the URL's); creates and drops a second one, URL's name +
// "_concurrent", for the concurrent ingest. Every phase stops by itself (a count, and a time
// limit). Prints one line per figure, then a Markdown summary. When `pg_stat_statements` is
// installed in the database, also prints the statements the engine ran per document.

struct Options: Sendable {
    var postgres = ProcessInfo.processInfo.environment["PROACTIVE_POSTGRES"] ?? ""
    var documents = 100_000
    var users = 1000
    var queries = 2000
    var seeds = "../shared/seeds"
    var batch = 1000
    var threads = 2
    var pushes = 1000
    var searchAt = 0
    var ingestSeconds = 240.0
    var phaseSeconds = 60.0
    var contributions = 1000
    var publicEntries = 0
    var searchOnly = false
    var minMatches = 0

    static let usage = """
        usage: ServiceBenchmark --postgres URL [--documents 100000] [--users 1000] [--queries 2000]
                 [--seeds ../shared/seeds] [--batch 1000] [--threads 2] [--pushes 1000]
                 [--search-at 1000000] [--ingest-seconds 240] [--phase-seconds 60]
                 [--contributions 1000] [--public-entries 100000] [--search-only] [--min-matches N]
          --postgres URL     an empty database (scripts/postgres-cluster.sh start DIR prints one);
                             PROACTIVE_POSTGRES when not given
          --search-at N      top the database up to N items and search again
          --search-only      on a database a previous run filled: the round trips, search and suggestions
          --min-matches N    time only the queries matching at least N of their user's items
        """

    init() {
        var args = CommandLine.arguments.dropFirst().makeIterator()
        func value(_ name: String) -> String {
            guard let v = args.next() else { Self.fail("\(name) needs a value") }
            return v
        }
        func count(_ name: String) -> Int {
            guard let n = Int(value(name)), n >= 0 else { Self.fail("\(name) needs a whole number") }
            return n
        }
        func seconds(_ name: String) -> Double {
            guard let s = Double(value(name)), s > 0 else { Self.fail("\(name) needs a positive number") }
            return s
        }
        while let arg = args.next() {
            switch arg {
            case "--postgres": postgres = value(arg)
            case "--documents": documents = count(arg)
            case "--users": users = count(arg)
            case "--queries": queries = count(arg)
            case "--seeds": seeds = value(arg)
            case "--batch": batch = count(arg)
            case "--threads": threads = count(arg)
            case "--pushes": pushes = count(arg)
            case "--search-at": searchAt = count(arg)
            case "--ingest-seconds": ingestSeconds = seconds(arg)
            case "--phase-seconds": phaseSeconds = seconds(arg)
            case "--contributions": contributions = count(arg)
            case "--public-entries": publicEntries = count(arg)
            case "--search-only": searchOnly = true
            case "--min-matches": minMatches = count(arg)
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default: Self.fail("unknown argument \(arg)")
            }
        }
        guard !postgres.isEmpty else {
            Self.fail("give --postgres URL (scripts/postgres-cluster.sh start DIR)")
        }
        guard users > 0, batch > 0, threads > 0 else {
            Self.fail("--users, --batch and --threads must be positive")
        }
    }

    static func fail(_ message: String) -> Never { Help.fail(message, usage: usage) }
}

/// A row of the summary table.
struct Figure {
    var figure: String
    var value: String
    var baseline: String = "–"
    var ratio: String = "–"
    var bar: String = "–"
    var met: String = "–"
}

func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// Counts handed out to worker threads.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// What one push probe saw: the user and when its handler ran.
final class PushProbe: Sendable {
    let received = Mutex<(user: UserID, at: ContinuousClock.Instant)?>(nil)
    let signal = DispatchSemaphore(value: 0)
}

@MainActor
final class ServiceBenchmark {
    let options: Options
    let now: Date
    let expiresAt: Date
    var admin: PostgresConnection
    let storage: PostgresStorage
    let engine: ProactiveEngine
    var engines: [String: ProactiveEngine] = [:]
    let serverCPU: ServerCPU?
    var figures: [Figure] = []
    var corpus: Corpus
    var batches: [Batch] = []
    /// How many documents the engine ingested (the baseline inserts the same).
    var ingested = 0
    var ingestedBatches: [Batch] = []
    /// The baseline's rows of `ingestedBatches`, batch by batch (prepared once, by `baseline`).
    var baselineRows: [[EntryRow]] = []
    /// How many items there are after the top-up, when there was one.
    var topUpItems: Int?

    init(options: Options) async throws {
        self.options = options
        now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        expiresAt = now.addingTimeInterval(SearchableItem.defaultLifetime)
        admin = try await Direct.connect(options.postgres)
        storage = try PostgresStorage(url: options.postgres)
        let existing = try await Direct.rows(admin, "SELECT count(*) FROM entry", as: Int.self)[0]
        guard existing == 0 || options.searchOnly else {
            throw BenchmarkError(
                "the database already holds \(existing) entries; give an empty one (scripts/postgres-cluster.sh start DIR)"
            )
        }
        // The public index as a service runs it: a key outside the database, k = 5.
        var configuration = EngineConfiguration()
        configuration.publicIndexKey = PublicIndexKeyFile.newKey()
        engine = try ProactiveEngine(storage: storage, configuration: configuration)
        serverCPU = await ServerCPU.find(admin)
        corpus = try Corpus(seedsDirectory: options.seeds)
    }

    func engine(for user: String) -> ProactiveEngine {
        if let known = engines[user] { return known }
        let made = engine.forUser(UserID(rawValue: user)!)
        engines[user] = made
        return made
    }

    func deadline(_ seconds: Double) -> ContinuousClock.Instant { .now + .milliseconds(Int(seconds * 1000)) }

    // MARK: Setup

    func header() async throws {
        for line in Machine.header() { say(line) }
        let version = try await Direct.rows(admin, "SELECT version()", as: String.self)[0]
        let settings = try await Direct.rows(
            admin,
            """
            SELECT string_agg(name || '=' || current_setting(name), ', ' ORDER BY name) FROM pg_settings
            WHERE name IN ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections', 'work_mem', 'jit')
            """, as: String.self)[0]
        say("server: \(version.prefix { $0 != "," }); \(settings); \(storage.backendDescription)")
        say(
            "server CPU accounting: "
                + (serverCPU.map { "postmaster \($0.postmaster) and its children (/proc)" } ?? "unavailable"))
    }

    func makeCorpus() {
        let start = ContinuousClock.now
        batches = makeBatches(
            documents: 0..<options.documents, users: options.users, batchSize: options.batch, corpus: &corpus)
        let bytes = batches.reduce(0) { $0 + $1.documents.reduce(0) { $0 + $1.json.count } }
        let sizes = Set(batches.map(\.documents.count)).sorted()
        say(
            "corpus: \(options.documents) searchableItem documents, \(bytes / max(options.documents, 1)) bytes each on average, over \(options.users) users (\(options.documents / max(options.users, 1)) each), \(batches.count) batches of \(sizes.map(String.init).joined(separator: "/")) documents; vocabulary \(corpus.words.count) words + \(corpus.cjk.count) CJK bigrams; made in \(String(format: "%.1f", (ContinuousClock.now - start).seconds)) s"
        )
    }

    // MARK: 1. Ingest through the engine

    /// Parsing alone (JSON decoding and size checks), the CPU part of a donation that needs no database.
    func parseCost() {
        let start = ContinuousClock.now
        var n = 0
        for batch in batches {
            n += engine.parse(documents: batch.documents.map(\.json)).results.count
        }
        let seconds = (ContinuousClock.now - start).seconds
        say(
            String(
                format:
                    "engine.parse alone (JSON decoding, no database): %d documents in %.2f s = %.0f documents/s",
                n, seconds, Double(n) / seconds))
    }

    /// The lexemes alone (``SearchLexemes/joinedWords(_:key:prefixes:)`` of every document's
    /// index form, as the backend sends them), the backend's share of a donation's CPU on the
    /// engine's side; the index forms are made before the clock starts.
    func lexemeCost() {
        let texts = batches.flatMap { batch in
            batch.documents.map { d in
                let row = EntryRow(d)
                return (
                    IndexedText(
                        title: row.ftsTitle, keywords: row.ftsKeywords, description: row.ftsDescription,
                        address: row.ftsAddress), SearchLexemes.userKey(UserID(rawValue: d.user)!)
                )
            }
        }
        let fields = batches.flatMap { batch in
            batch.documents.flatMap { [$0.title, $0.keywords, $0.description, $0.title + " " + $0.city] }
        }
        var formBytes = 0
        let formStart = ContinuousClock.now
        for _ in 0..<3 {
            for field in fields { formBytes += IndexText.indexForm(field).utf8.count }
        }
        let formSeconds = (ContinuousClock.now - formStart).seconds / 3
        say(
            String(
                format:
                    "index forms alone (IndexText.indexForm of each document's four fields): %d documents in %.3f s = %.0f documents/s (%d bytes)",
                texts.count, formSeconds, Double(texts.count) / formSeconds, formBytes / 3))
        var bytes = 0
        let start = ContinuousClock.now
        for _ in 0..<3 {
            for (text, key) in texts { bytes += SearchLexemes.joinedWords(text, key: key).all.utf8.count }
        }
        let seconds = (ContinuousClock.now - start).seconds / 3
        say(
            String(
                format:
                    "lexemes alone (SearchLexemes.joinedWords of each index form, no database): %d documents in %.3f s = %.0f documents/s (%d bytes)",
                texts.count, seconds, Double(texts.count) / seconds, bytes / 3))
    }

    func ingestSequential() async throws -> Double {
        try engine.prepare()  // what a daemon does before serving (gazetteer, phone metadata)
        let before = await StatementStats.snapshot(admin)
        let (client0, server0) = (processCPUSeconds(), serverCPU?.seconds() ?? 0)
        let stop = deadline(options.ingestSeconds)
        var latencies = Latencies()
        var rejected = 0
        let start = ContinuousClock.now
        for batch in batches {
            guard ContinuousClock.now < stop else { break }
            let t = ContinuousClock.now
            let receipts = try engine(for: batch.user).donate(
                documents: batch.documents.map(\.json), donor: .system, now: now)
            latencies.add(ContinuousClock.now - t)
            rejected += receipts.filter { $0.status == .rejected }.count
            ingested += batch.documents.count
            ingestedBatches.append(batch)
        }
        let wall = (ContinuousClock.now - start).seconds
        let (client, server) = (processCPUSeconds() - client0, (serverCPU?.seconds() ?? 0) - server0)
        let rate = Double(ingested) / wall
        say(
            String(
                format:
                    "engine ingest, 1 thread (forUser(u).donate(documents:), one call per batch): %d documents in %.1f s = %.0f documents/s; per batch %@; rejected %d",
                ingested, wall, rate, latencies.summary, rejected))
        say(
            String(
                format:
                    "  where the time goes: wall %.1f s; benchmark process CPU %.1f s (%.0f%%); PostgreSQL server CPU %.1f s (%.0f%%); neither %.1f s (%.0f%%: waiting on each other, wake-ups)",
                wall, client, client / wall * 100, server, server / wall * 100,
                max(0, wall - client - server),
                max(0, wall - client - server) / wall * 100))
        if let before, let after = await StatementStats.snapshot(admin) {
            let ran = after.since(before)
            let calls = ran.reduce(0) { $0 + $1.calls }
            let exec = ran.reduce(0) { $0 + $1.milliseconds } / 1000
            let plan = ran.reduce(0) { $0 + $1.planMilliseconds } / 1000
            say(
                String(
                    format:
                        "  statements (pg_stat_statements): %d = %.2f per document; server execution %.1f s, planning %.1f s (0 unless track_planning), of %.1f s wall",
                    calls, Double(calls) / Double(max(ingested, 1)), exec, plan, wall))
            for e in ran.prefix(10) {
                let text = e.query.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(80)
                say(
                    String(
                        format: "    %8d calls  %5.2f/doc  exec %6.0f ms  plan %6.0f ms  %@", e.calls,
                        Double(e.calls) / Double(max(ingested, 1)), e.milliseconds, e.planMilliseconds,
                        String(text)))
            }
        } else {
            say("  statements: pg_stat_statements is not installed in this database (counts skipped)")
        }
        figures.append(
            Figure(
                figure: "ingest through the engine, 1 thread (\(ingested) items, \(options.users) users)",
                value: String(format: "%.0f docs/s", rate)))
        return rate
    }

    /// The same documents through an engine on a fresh database, from `threads` threads taking
    /// users' batches in turn.
    func ingestConcurrent() async throws -> Double {
        let location = try PostgresLocation(url: options.postgres)
        let name = location.database + "_concurrent"
        // Without FORCE: PostgreSQL then stops an autovacuum worker busy in that database
        // itself, where FORCE needs the right to signal it (a superuser's), and failed.
        try await Direct.run(admin, "DROP DATABASE IF EXISTS \"\(name)\"", "CREATE DATABASE \"\(name)\"")
        let url = Direct.url(options.postgres, database: name)
        let rate: Double
        do {
            let storage = try PostgresStorage(url: url)
            let root = try ProactiveEngine(storage: storage)
            try root.prepare()
            let work = ingestedBatches
            let engines = Dictionary(
                uniqueKeysWithValues: Set(work.map(\.user)).map { ($0, root.forUser(UserID(rawValue: $0)!)) })
            let counter = Counter()
            let done = Counter()
            let failures = Mutex<[String]>([])
            let now = self.now
            let stop = deadline(options.ingestSeconds)
            let (client0, server0) = (processCPUSeconds(), serverCPU?.seconds() ?? 0)
            let group = DispatchGroup()
            let start = ContinuousClock.now
            for _ in 0..<options.threads {
                DispatchQueue.global().async(group: group) {
                    while ContinuousClock.now < stop {
                        let i = counter.next()
                        guard i < work.count else { return }
                        do {
                            _ = try engines[work[i].user]!.donate(
                                documents: work[i].documents.map(\.json), donor: .system, now: now)
                            for _ in work[i].documents { _ = done.next() }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                            return
                        }
                    }
                }
            }
            group.wait()
            let wall = (ContinuousClock.now - start).seconds
            let (client, server) = (processCPUSeconds() - client0, (serverCPU?.seconds() ?? 0) - server0)
            let count = done.next()
            rate = Double(count) / wall
            if let failure = failures.withLock({ $0.first }) {
                throw BenchmarkError("concurrent ingest failed: \(failure)")
            }
            say(
                String(
                    format:
                        "engine ingest, %d threads (fresh database): %d documents in %.1f s = %.0f documents/s; client CPU %.1f s, server CPU %.1f s",
                    options.threads, count, wall, rate, client, server))
            storage.close()
        }
        try await Direct.run(admin, "DROP DATABASE IF EXISTS \"\(name)\"")
        figures.append(
            Figure(
                figure: "ingest through the engine, \(options.threads) threads",
                value: String(format: "%.0f docs/s", rate)))
        return rate
    }

    // MARK: 2. The baseline: PostgreSQL doing the same inserts itself

    func baseline(engineRate: Double, concurrentRate: Double) async throws {
        let description = try await Baseline.createTable(admin)
        say("baseline table bench_entry: LIKE entry INCLUDING ALL, \(description)")
        let prepStart = ContinuousClock.now
        let rows = ingestedBatches.map { $0.documents.map(EntryRow.init) }
        baselineRows = rows
        say(
            String(
                format: "  baseline rows prepared in Swift (index form, lexemes; not counted below): %.2f s",
                (ContinuousClock.now - prepStart).seconds))
        let donated = now.timeIntervalSince1970
        let expires = expiresAt.timeIntervalSince1970
        let count = rows.reduce(0) { $0 + $1.count }

        // unnest arrays, one connection, one statement (and transaction) per batch.
        var spent = Duration.zero
        var latencies = Latencies()
        var (client0, server0) = (processCPUSeconds(), serverCPU?.seconds() ?? 0)
        var wallStart = ContinuousClock.now
        for batch in rows {
            let t = ContinuousClock.now
            try await Baseline.insertUnnest(admin, batch, donatedAt: donated, expiresAt: expires)
            let d = ContinuousClock.now - t
            spent += d
            latencies.add(d)
        }
        var wall = (ContinuousClock.now - wallStart).seconds
        let unnestRate = Double(count) / spent.seconds
        say(
            String(
                format:
                    "baseline unnest, 1 connection, one INSERT … SELECT FROM unnest(arrays) per batch: %d rows in %.1f s = %.0f rows/s; per batch %@; client CPU %.1f s, server CPU %.1f s of %.1f s",
                count, spent.seconds, unnestRate, latencies.summary, processCPUSeconds() - client0,
                (serverCPU?.seconds() ?? 0) - server0, wall))
        let (compared, different) = try await Baseline.compareWithEngine(admin)
        say(
            "  baseline rows compared with the engine's (every column but id): \(compared) compared, \(different) different"
        )
        guard compared == count, different == 0 else {
            throw BenchmarkError(
                "the baseline does not insert the engine's rows: \(different) of \(compared) differ")
        }

        // The same from `threads` connections.
        try await Baseline.truncate(admin)
        let threads = options.threads
        let url = options.postgres
        wallStart = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            let counter = Counter()
            for t in 0..<threads {
                group.addTask {
                    let c = try await Direct.connect(url, id: 100 + t)
                    while true {
                        let i = counter.next()
                        guard i < rows.count else { break }
                        try await Baseline.insertUnnest(c, rows[i], donatedAt: donated, expiresAt: expires)
                    }
                    try await c.close()
                }
            }
            try await group.waitForAll()
        }
        wall = (ContinuousClock.now - wallStart).seconds
        let unnestConcurrentRate = Double(count) / wall
        say(
            String(
                format: "baseline unnest, %d connections: %d rows in %.1f s = %.0f rows/s", threads, count,
                wall,
                unnestConcurrentRate))

        // COPY FROM STDIN, one connection, one COPY (and transaction) per batch; kept for search.
        try await Baseline.truncate(admin)
        let texts = rows.map { Baseline.copyText($0, donatedAt: donated, expiresAt: expires) }
        spent = .zero
        latencies = Latencies()
        (client0, server0) = (processCPUSeconds(), serverCPU?.seconds() ?? 0)
        wallStart = ContinuousClock.now
        for text in texts {
            let t = ContinuousClock.now
            try await Baseline.copy(admin, table: Baseline.table, text: text)
            let d = ContinuousClock.now - t
            spent += d
            latencies.add(d)
        }
        wall = (ContinuousClock.now - wallStart).seconds
        let copyRate = Double(count) / spent.seconds
        say(
            String(
                format:
                    "baseline COPY FROM STDIN, 1 connection, one COPY per batch: %d rows in %.1f s = %.0f rows/s; per batch %@; client CPU %.1f s, server CPU %.1f s of %.1f s",
                count, spent.seconds, copyRate, latencies.summary, processCPUSeconds() - client0,
                (serverCPU?.seconds() ?? 0) - server0, wall))
        let copied = try await Direct.rows(admin, "SELECT count(*) FROM bench_entry", as: Int.self)[0]
        guard copied == count else { throw BenchmarkError("COPY stored \(copied) rows of \(count)") }

        say(
            String(
                format:
                    "ratio engine/baseline: 1 thread %.2f× unnest, %.2f× COPY; %d threads %.2f× unnest with %d connections (bar ≥ 0.5×)",
                engineRate / unnestRate, engineRate / copyRate, threads,
                concurrentRate / unnestConcurrentRate, threads))
        func met(_ r: Double) -> String { r >= 0.5 ? "yes" : "**no**" }
        figures[0].baseline = String(format: "%.0f rows/s unnest; %.0f COPY", unnestRate, copyRate)
        figures[0].ratio = String(
            format: "%.2f× unnest; %.2f× COPY", engineRate / unnestRate, engineRate / copyRate)
        figures[0].bar = "≥ 0.5×"
        figures[0].met = met(min(engineRate / unnestRate, engineRate / copyRate))
        figures[1].baseline = String(
            format: "%.0f rows/s unnest, %d connections", unnestConcurrentRate, threads)
        figures[1].ratio = String(format: "%.2f×", concurrentRate / unnestConcurrentRate)
        figures[1].bar = "≥ 0.5×"
        figures[1].met = met(concurrentRate / unnestConcurrentRate)
    }

    // MARK: Round trips

    func roundTrips() async throws {
        let user = UserID(rawValue: userName(0))!
        var reads = Latencies()
        for i in 0..<1200 {
            let t = ContinuousClock.now
            try storage.read(user: user) { _ in }
            if i >= 200 { reads.add(ContinuousClock.now - t) }
        }
        // A read of one statement: BEGIN, the statement and COMMIT, which postgres-nio sends
        // one after the other, each once the one before is answered (three round trips on the
        // wire; the calling thread waits once). Back to back, as searches are in this benchmark.
        var oneStatement = Latencies()
        for i in 0..<1200 {
            let t = ContinuousClock.now
            _ = try storage.read(user: user) { try $0.contextLogDeletions() }
            if i >= 200 { oneStatement.add(ContinuousClock.now - t) }
        }
        var selects = Latencies()
        for i in 0..<1200 {
            let t = ContinuousClock.now
            try await Direct.run(admin, "SELECT 1")
            if i >= 200 { selects.add(ContinuousClock.now - t) }
        }
        say(
            "round trips: empty storage.read transaction (BEGIN + COMMIT, pooled, blocking) \(reads.summary); storage.read of one statement (BEGIN, the statement, COMMIT) \(oneStatement.summary); SELECT 1 on an async connection \(selects.summary)"
        )
    }

    // MARK: 3. Search

    func vacuum() async throws {
        let start = ContinuousClock.now
        try await Direct.run(
            admin, "VACUUM (ANALYZE) entry", "VACUUM (ANALYZE) bench_entry", "VACUUM (ANALYZE) place_sighting"
        )
        let checkpoint = try await Direct.checkpoint(admin)
        say(
            String(
                format:
                    "VACUUM (ANALYZE) of entry, bench_entry and place_sighting, then %@ (what autovacuum and the checkpointer do in a steady state): %.1f s",
                checkpoint, (ContinuousClock.now - start).seconds))
    }

    func search(items: Int, publicEntries: Int = 0) async throws {
        var queryCorpus = try Corpus(seedsDirectory: options.seeds, seed: 7)
        var rng = SplitMix64(seed: 11)
        let queries = (0..<(options.queries + 200)).map { _ in
            (text: queryCorpus.query(), user: userName(Int(rng.next() % UInt64(options.users))))
        }
        // How many of the user's items each query matches (on the baseline's rows, untimed).
        var matches: [Int] = []
        for q in queries {
            guard let tsq = tsquery(FullTextQuery(typed: q.text), user: q.user) else {
                matches.append(0)
                continue
            }
            matches.append(
                try await Direct.rows(
                    admin,
                    "SELECT count(*) FROM bench_entry WHERE user_id = \(q.user) AND search_all @@ \(tsq)::tsquery",
                    as: Int.self)[0])
        }
        // Engine: each user's engine kept, as the daemon keeps them.
        for q in queries.prefix(200) { _ = try engine(for: q.user).search(SearchRequest(q.text)) }
        var all = Latencies()
        var classes: [String: Latencies] = [:]
        var bySize: [Int: Latencies] = [:]
        var hits = 0
        let stop = deadline(options.phaseSeconds)
        let (client0, server0) = (processCPUSeconds(), serverCPU?.seconds() ?? 0)
        for (q, matched) in zip(queries, matches).dropFirst(200) {
            guard ContinuousClock.now < stop else { break }
            guard matched >= options.minMatches else { continue }
            let e = engine(for: q.user)
            let t = ContinuousClock.now
            let results = try e.search(SearchRequest(q.text))
            let d = ContinuousClock.now - t
            all.add(d)
            classes[Corpus.queryClass(q.text), default: Latencies()].add(d)
            bySize[Self.matchBucket(matched), default: Latencies()].add(d)
            hits += results.isEmpty ? 0 : 1
        }
        let label =
            publicEntries > 0 ? "\(items) items and \(publicEntries) public entries" : "\(items) items"
        say(
            "engine search at \(label) (forUser(random user).search(SearchRequest(q)), limit 20): \(all.summary); \(hits * 100 / max(all.count, 1))% of queries had results"
        )
        let (client, server) = (processCPUSeconds() - client0, (serverCPU?.seconds() ?? 0) - server0)
        say(
            String(
                format: "  CPU per search: benchmark process %.3f ms, PostgreSQL server %.3f ms",
                client * 1000 / Double(max(all.count, 1)), server * 1000 / Double(max(all.count, 1))))
        for (name, l) in classes.sorted(by: { $0.key < $1.key }) { say("  \(name): \(l.summary)") }
        for (bucket, l) in bySize.sorted(by: { $0.key < $1.key }) {
            say("  matching \(Self.matchBucketName(bucket)) of the user's items: \(l.summary)")
        }

        // Baseline: the same tsquery on bench_entry for that user, ranked by ts_rank over all matches.
        let run: @Sendable (PostgresConnection, String, String) async throws -> Int = { c, user, tsq in
            var n = 0
            let query: PostgresQuery = """
                SELECT id FROM bench_entry WHERE user_id = \(user) AND search_all @@ \(tsq)::tsquery
                ORDER BY ts_rank(search_all, \(tsq)::tsquery) DESC LIMIT 20
                """
            for try await _ in try await c.query(query, logger: quietLogger) { n += 1 }
            return n
        }
        let raw = queries.compactMap { q in
            tsquery(FullTextQuery(typed: q.text), user: q.user).map { (user: q.user, tsq: $0) }
        }
        for q in raw.prefix(200) { _ = try await run(admin, q.user, q.tsq) }
        var base = Latencies()
        var baseHits = 0
        let baseStop = deadline(options.phaseSeconds)
        for q in raw.dropFirst(200) {
            guard ContinuousClock.now < baseStop else { break }
            let t = ContinuousClock.now
            let n = try await run(admin, q.user, q.tsq)
            base.add(ContinuousClock.now - t)
            baseHits += n > 0 ? 1 : 0
        }
        say(
            "baseline search at \(items) items (same tsquery on bench_entry for the user, ORDER BY ts_rank LIMIT 20, async connection): \(base.summary); \(baseHits * 100 / max(base.count, 1))% had results"
        )
        let p99 = all.percentile(0.99)
        figures.append(
            Figure(
                figure:
                    "search p50 / p99, \(label) over \(options.users) users (\(all.count) typed queries)",
                value: String(format: "%.2f / %.2f ms", all.percentile(0.5), p99),
                baseline: String(format: "%.2f / %.2f ms", base.percentile(0.5), base.percentile(0.99)),
                ratio: String(format: "%.2f× (p99)", p99 / max(base.percentile(0.99), 0.001)),
                bar: "p99 ≤ 5 ms", met: p99 <= 5 ? "yes" : "**no**"))
    }

    /// Buckets of how many items a query matches: 0, 1–19, 20–99, 100–499, 500 or more.
    static func matchBucket(_ matches: Int) -> Int {
        switch matches {
        case 0: 0
        case 1..<20: 1
        case 20..<100: 2
        case 100..<500: 3
        default: 4
        }
    }

    static func matchBucketName(_ bucket: Int) -> String {
        ["none", "1–19", "20–99", "100–499", "500 or more"][bucket]
    }

    // MARK: 4. Suggestions

    /// Suggestions of three surfaces for random users, every list computed, with `items` items
    /// in the database (after the top-up, its items have no place sightings).
    func suggestions(items: Int) throws {
        var rng = SplitMix64(seed: 13)
        for surface in [Surface.appSwitcher, .maps, .lockScreen] {
            // First request of each user: its engine learns the user's context.
            var cold = Latencies()
            let users = (0..<options.users).map(userName)
            let coldStop = deadline(options.phaseSeconds / 3)
            for user in users {
                guard ContinuousClock.now < coldStop else { break }
                let t = ContinuousClock.now
                _ = try engine(for: user).suggestions(for: SuggestionRequest(surface: surface))
                cold.add(ContinuousClock.now - t)
            }
            var warm = Latencies()
            var shown = 0
            let stop = deadline(options.phaseSeconds / 3)
            for _ in 0..<options.queries {
                guard ContinuousClock.now < stop else { break }
                let user = userName(Int(rng.next() % UInt64(options.users)))
                let e = engine(for: user)
                let t = ContinuousClock.now
                let list = try e.suggestions(for: SuggestionRequest(surface: surface))
                warm.add(ContinuousClock.now - t)
                shown += list.count
            }
            say(
                "engine suggestions \(surface.rawValue) at \(items) items (random users, every list computed): \(warm.summary); \(String(format: "%.1f", Double(shown) / Double(max(warm.count, 1)))) suggestions per list; first request of each user \(cold.summary)"
            )
            let p99 = warm.percentile(0.99)
            figures.append(
                Figure(
                    figure:
                        "suggestions \(surface.rawValue) at \(items) items, p50 / p99 (\(warm.count) requests, random users)",
                    value: String(format: "%.2f / %.2f ms", warm.percentile(0.5), p99),
                    baseline: String(
                        format: "first request per user: %.2f / %.2f ms", cold.percentile(0.5),
                        cold.percentile(0.99)),
                    bar: "p99 ≤ 5 ms", met: p99 <= 5 ? "yes" : "**no**"))
        }
    }

    // MARK: 5. Push between daemons

    func push() throws {
        let a = try PostgresStorage(url: options.postgres)
        let b = try PostgresStorage(url: options.postgres)
        defer {
            a.close()
            b.close()
        }
        let probe = PushProbe()
        b.onExternalChange { user in
            let at = ContinuousClock.now
            probe.received.withLock { $0 = (user, at) }
            probe.signal.signal()
        }
        var afterReturn = Latencies()
        var afterStart = Latencies()
        var early = 0
        var lost = 0
        var wrong = 0
        let stop = deadline(options.phaseSeconds)
        for i in 0..<(options.pushes + 50) {
            guard ContinuousClock.now < stop else { break }
            let user = UserID(rawValue: "push\(i % 10)")!
            var draft = EntryDraft(
                app: "com.example.push", kind: .item, identityKey: "p\(i)", donatedAt: Date(), payload: "{}",
                isEligibleForSearch: true, indexedText: IndexedText(title: "push \(i)"))
            draft.uniqueIdentifier = "p\(i)"
            let t0 = ContinuousClock.now
            try a.write(user: user) { tx in _ = try tx.upsertEntry(draft) }
            let t1 = ContinuousClock.now
            guard probe.signal.wait(timeout: .now() + 1) == .success,
                let (seen, t2) = probe.received.withLock({ $0 })
            else {
                lost += 1
                continue
            }
            guard i >= 50 else { continue }  // warm-up
            if seen != user { wrong += 1 }
            let ms = (t2 - t1).milliseconds
            if ms < 0 { early += 1 }
            afterReturn.add(max(ms, 0))
            afterStart.add(t2 - t0)
        }
        say(
            "push between instances (storage A write(user:) commits one entry → storage B's onExternalChange handler): commit returned → handler \(afterReturn.summary) (\(early) arrived before write returned, counted 0); write started → handler \(afterStart.summary); lost \(lost), wrong user \(wrong)"
        )
        let p99 = afterReturn.percentile(0.99)
        figures.append(
            Figure(
                figure:
                    "push: commit on instance A → handler on instance B, p50 / p99 (\(afterReturn.count) writes)",
                value: String(format: "%.2f / %.2f ms", afterReturn.percentile(0.5), p99),
                baseline: String(
                    format: "write start → handler: %.2f / %.2f ms", afterStart.percentile(0.5),
                    afterStart.percentile(0.99)),
                bar: "p99 ≤ 50 ms", met: p99 <= 50 && lost == 0 ? "yes" : "**no**"))
    }

    // MARK: Search at a larger size

    /// Adds documents to the engine's `entry` table and to the baseline's until there are
    /// `target` (or the time limit), with COPY, in exactly the rows the engine writes (checked
    /// above on the ingested ones); their place sightings are not added. Returns how many
    /// items there are then.
    func topUp(to target: Int) async throws -> Int {
        let start = ContinuousClock.now
        let stop = deadline(options.ingestSeconds)
        // Its own connection, with more memory for merging GIN's pending lists (only here).
        let c = try await Direct.connect(options.postgres, id: 200)
        try await Direct.run(
            c, "SET work_mem = '64MB'", "SET maintenance_work_mem = '256MB'",
            "SET gin_pending_list_limit = '64MB'")
        var next = options.documents
        let chunk = 20_000
        let donated = now.timeIntervalSince1970
        let expires = expiresAt.timeIntervalSince1970
        while next < target, ContinuousClock.now < stop {
            let end = min(next + chunk, target)
            let batches = makeBatches(
                documents: next..<end, users: options.users, batchSize: options.batch, corpus: &corpus)
            let text = Baseline.copyText(
                batches.flatMap { $0.documents.map(EntryRow.init) }, donatedAt: donated, expiresAt: expires)
            try await Baseline.copy(c, table: "entry", text: text)
            try await Baseline.copy(c, table: Baseline.table, text: text)
            next = end
        }
        try await c.close()
        let counts = try await Direct.rows(
            admin, "SELECT (SELECT count(*) FROM entry) || ' / ' || (SELECT count(*) FROM bench_entry)",
            as: String.self)[0]
        say(
            String(
                format:
                    "top-up to %d items%@: documents %d…%d copied (COPY) into entry and bench_entry in %.1f s; rows now %@ (engine / baseline)",
                next, next < target ? " (time limit)" : "", options.documents, next - 1,
                (ContinuousClock.now - start).seconds, counts))
        return next
    }

    /// Searches once what a previous run left: its items, and its public entries if any.
    func searchOnly() async throws {
        let items = try await Direct.rows(admin, "SELECT count(*) FROM entry", as: Int.self)[0]
        let publicEntries = try await Direct.rows(admin, "SELECT count(*) FROM public_entry", as: Int.self)[0]
        guard items > 0 else { throw BenchmarkError("--search-only needs a database a previous run filled") }
        try await roundTrips()
        try await search(items: items, publicEntries: publicEntries)
        try suggestions(items: items)
    }

    func summary() {
        say("")
        say("| figure | value | baseline | ratio | bar | met? |")
        say("| --- | --- | --- | --- | --- | --- |")
        for f in figures {
            say("| \(f.figure) | \(f.value) | \(f.baseline) | \(f.ratio) | \(f.bar) | \(f.met) |")
        }
        say(String(format: "peak RSS of the benchmark process: %.0f MB", peakRSSMegabytes()))
    }
}

let options = Options()
let benchmark = try await ServiceBenchmark(options: options)
let started = ContinuousClock.now
try await benchmark.header()
if options.searchOnly {
    try await benchmark.searchOnly()
    benchmark.summary()
    exit(0)
}
benchmark.makeCorpus()
benchmark.parseCost()
benchmark.lexemeCost()
let engineRate = try await benchmark.ingestSequential()
let concurrentRate = try await benchmark.ingestConcurrent()
try await benchmark.baseline(engineRate: engineRate, concurrentRate: concurrentRate)
try await benchmark.ingestInterleaved()
try await benchmark.roundTrips()
try await benchmark.vacuum()
try await benchmark.search(items: benchmark.ingested)
try benchmark.suggestions(items: benchmark.ingested)
try benchmark.push()
if options.searchAt > benchmark.ingested && benchmark.ingested == options.documents {
    let items = try await benchmark.topUp(to: options.searchAt)
    benchmark.topUpItems = items
    try await benchmark.vacuum()
    try await benchmark.search(items: items)
    try benchmark.suggestions(items: items)
}
if options.contributions > 0 { try benchmark.contributionCost(count: options.contributions) }
if options.publicEntries > 0 {
    try await benchmark.addPublicEntries(options.publicEntries)
    try await benchmark.search(
        items: benchmark.topUpItems ?? benchmark.ingested, publicEntries: options.publicEntries)
}
benchmark.summary()
say(String(format: "total %.0f s", (ContinuousClock.now - started).seconds))
