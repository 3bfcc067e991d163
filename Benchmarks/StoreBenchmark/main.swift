import BenchmarkSupport
import Foundation
import GRDBSQLite
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import ProactiveText

// Store benchmark: bulk ingest through `proactive donate` beside raw SQLite doing the same
// inserts, the store's size, then search latency beside raw SQLite FTS5 reading the newest
// matches of the same MATCH, and (`--tantivy`) Tantivy on the same corpus and queries.
//
//   swift build -c release --product StoreBenchmark --product proactive
//   .build/release/StoreBenchmark [--documents 1000000] [--queries 2000] [--seeds ../shared/seeds] [--work DIR]
//     [--vocabulary 25] [--tantivy]

struct Options {
    var documents = 1_000_000
    var queries = 2000
    var seeds = "../shared/seeds"
    var work = NSTemporaryDirectory() + "proactive-store-bench"
    var proactive: String = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("proactive").path
    var mode = "all"
    var rawQueries = 300
    var vocabulary: Int?
    var tantivy = false
    var everyMatch = false
    var prepare = false

    static let usage = """
        usage: StoreBenchmark [--documents N] [--queries N] [--raw-queries N] [--seeds DIR] [--work DIR]
                              [--proactive PATH] [--vocabulary N] [--tantivy] [--every-match] [--prepare]
                              [--search-only | --search-engine | --search-raw | --search-tantivy | --profile]
        Ingest through `proactive donate` beside raw SQLite, then search beside raw FTS5's first read (docs/benchmarks.md).
          --vocabulary N    draw words from the N most frequent only, no Chinese (the small-vocabulary corpus)
          --tantivy         also index and search the same corpus with Tantivy (PyPI tantivy, installed if missing)
          --search-tantivy  only the Tantivy phase, on the corpus of --documents/--vocabulary
          --every-match     the engine's searches rank every match (a cursor's first page)
          --prepare         the engine is prepared as a daemon prepares it at start, and its search index's
                            reading ahead done, before searching (`ProactiveEngine.prepare(waitingForSearchIndex:)`)
        With --search-engine: SLOWEST=N prints the N slowest queries (12 when not a number);
        QUERY=TEXT searches TEXT --queries times instead of the corpus's queries; PAGE=N (with
        --every-match) times a cursor's Nth page of 20 instead of its first; WARMUP=N
        searches the first N queries before timing them all (200); FIRST=Q1,Q2 searches each
        of those once before, printing how long each took (a query's first search against its next).
        """

    init() {
        var args = CommandLine.arguments.dropFirst().makeIterator()
        while let arg = args.next() {
            switch arg {
            case "--documents": documents = Int(args.next() ?? "") ?? documents
            case "--queries": queries = Int(args.next() ?? "") ?? queries
            case "--raw-queries": rawQueries = Int(args.next() ?? "") ?? rawQueries
            case "--search-only": mode = "search-only"
            case "--seeds": seeds = args.next() ?? seeds
            case "--work": work = args.next() ?? work
            case "--proactive": proactive = args.next() ?? proactive
            case "--search-engine": mode = "search-engine"
            case "--search-raw": mode = "search-raw"
            case "--profile": mode = "profile"
            case "--search-tantivy": mode = "search-tantivy"
            case "--tantivy": tantivy = true
            case "--every-match": everyMatch = true
            case "--prepare": prepare = true
            case "--vocabulary":
                guard let n = Int(args.next() ?? ""), n > 0 else {
                    Self.fail("--vocabulary needs a positive count")
                }
                vocabulary = n
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default: Self.fail("unknown argument \(arg)")
            }
        }
    }

    static func fail(_ message: String) -> Never { Help.fail(message, usage: usage) }

    /// The corpus these options describe.
    func corpus(seed: UInt64 = 42) throws -> Corpus {
        try Corpus(seedsDirectory: seeds, seed: seed, vocabulary: vocabulary)
    }
}

func check(_ rc: Int32, _ db: OpaquePointer?, _ what: String) {
    if rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW {
        fatalError("\(what): \(String(cString: sqlite3_errmsg(db)))")
    }
}

nonisolated(unsafe) let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Raw SQLite: the same rows into the same schema, prepared statement, 1,000 rows per
/// transaction, each transaction indexing its rows with one `INSERT INTO entry_fts … SELECT`
/// (the fastest way FTS5 indexes: one segment per statement).
func rawIngest(options: Options, path: String) throws -> Double {
    _ = try SQLiteStorage(path: path)  // creates the same schema
    var db: OpaquePointer?
    check(sqlite3_open(path, &db), db, "open")
    check(sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", nil, nil, nil), db, "pragma")
    var statement: OpaquePointer?
    // The user and the app by their keys in the `name` table, as the store keys them.
    check(
        sqlite3_exec(
            db, "INSERT INTO name (id, name) VALUES (1, 'default'), (2, 'com.example.bench')", nil, nil, nil),
        db, "names")
    let sql = """
        INSERT INTO entry (userKey, appKey, kind, identityKey, uniqueIdentifier, domainIdentifier, title,
          isEligibleForSearch, isEligibleForHandoff, isEligibleForPublicIndexing, isEligibleForPrediction,
          firstDonatedAt, donatedAt, expiresAt, payload, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
        VALUES (1, 2, 'item', ?1, ?1, ?2, ?3, 1, 0, 0, 0, ?4, ?4, ?5, ?6, ?3, ?7, ?8, ?9)
        """
    check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, "prepare")
    var corpus = try options.corpus()
    let now = Date().timeIntervalSince1970
    let start = ContinuousClock.now
    check(sqlite3_exec(db, "BEGIN", nil, nil, nil), db, "begin")
    for i in 0..<options.documents {
        let doc = corpus.document(i)
        sqlite3_bind_text(statement, 1, "b-\(i)", -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 2, "d\(i % 100)", -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 3, doc.title, -1, SQLITE_TRANSIENT)
        sqlite3_bind_double(statement, 4, now)
        sqlite3_bind_double(statement, 5, now + 30 * 86_400)
        sqlite3_bind_text(statement, 6, doc.json, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 7, doc.keywords, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 8, doc.description, -1, SQLITE_TRANSIENT)
        sqlite3_bind_text(statement, 9, doc.title + " " + doc.city, -1, SQLITE_TRANSIENT)
        check(sqlite3_step(statement), db, "insert")
        sqlite3_reset(statement)
        if i % 1000 == 999 || i == options.documents - 1 {
            check(sqlite3_exec(db, Raw.indexAndCommit(after: i / 1000 * 1000), nil, nil, nil), db, "commit")
            if i != options.documents - 1 { check(sqlite3_exec(db, "BEGIN", nil, nil, nil), db, "begin") }
        }
    }
    let elapsed = start.duration(to: .now)
    sqlite3_finalize(statement)
    sqlite3_close(db)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

enum Raw {
    /// Indexes the rows inserted since row `after` (rows are numbered from 1), then commits.
    static func indexAndCommit(after: Int) -> String {
        """
        INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
        SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry WHERE id > \(after);
        INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry WHERE id > \(after);
        COMMIT
        """
    }
}

/// Runs a process; its standard error goes to `errors` (a file) when given.
func run(_ executable: String, _ arguments: [String], errors: String? = nil) throws -> (
    seconds: Double, output: String, maxRSSMegabytes: Double
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    if let errors {
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
    } else {
        process.standardError = FileHandle.nullDevice
    }
    let start = ContinuousClock.now
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = start.duration(to: .now)
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return (
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
        String(decoding: data, as: UTF8.self), Double(usage.ru_maxrss) / 1024
    )
}

/// Search latency through the engine, in this (child) process.
func searchEngine(options: Options) throws {
    let engine = try ProactiveEngine(storage: SQLiteStorage(path: options.work + "/proactive.sqlite"))
    var corpus = try options.corpus(seed: 7)
    var queries = (0..<options.queries).map { _ in corpus.query() }
    if let only = ProcessInfo.processInfo.environment["QUERY"] {
        queries = Array(repeating: only, count: options.queries)
    }
    let cursor: String? = options.everyMatch ? "" : nil
    if options.prepare {
        let start = ContinuousClock.now
        try engine.prepare(waitingForSearchIndex: true)
        FileHandle.standardError.write(Data("prepared in \(start.duration(to: .now))\n".utf8))
    }
    let warmup = Int(ProcessInfo.processInfo.environment["WARMUP"] ?? "") ?? 200
    if let first = ProcessInfo.processInfo.environment["FIRST"] {
        for q in first.split(separator: ",") {
            let start = ContinuousClock.now
            _ = try engine.search(SearchRequest(String(q)).limit(20).cursor(cursor))
            FileHandle.standardError.write(Data("first \(q): \(start.duration(to: .now))\n".utf8))
        }
    }
    // PAGE=N: the Nth page of a cursor (its cursor from the pages before, not timed).
    let page = max(1, Int(ProcessInfo.processInfo.environment["PAGE"] ?? "") ?? 1)
    func pageCursor(of q: String) throws -> String? {
        guard var at = cursor, page > 1 else { return cursor }
        for _ in 1..<page {
            guard let next = try engine.searchPage(SearchRequest(q).limit(20).cursor(at)).nextCursor else {
                break
            }
            at = next
        }
        return at
    }
    for q in queries.prefix(warmup) {
        _ = try engine.search(SearchRequest(q).limit(20).cursor(pageCursor(of: q)))
    }
    var times: [Double] = []
    var hits = 0
    for q in queries {
        let at = try pageCursor(of: q)
        let start = ContinuousClock.now
        let results = try engine.search(SearchRequest(q).limit(20).cursor(at))
        let d = start.duration(to: .now)
        times.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        hits += results.isEmpty ? 0 : 1
    }
    if let slowest = ProcessInfo.processInfo.environment["SLOWEST"] {
        let order = times.indices.sorted { times[$0] > times[$1] }
        for index in order.prefix(Int(slowest) ?? 12) {
            FileHandle.standardError.write(
                Data("slow \(times[index]) ms, #\(index): \(queries[index])\n".utf8))
        }
    }
    // Per class of query, to stderr (the parent prints them).
    var classes: [String: [Double]] = [:]
    for (t, q) in zip(times, queries) {
        classes[Corpus.queryClass(q), default: []].append(t)
    }
    for (name, values) in classes.sorted(by: { $0.key < $1.key }) {
        let sorted = values.sorted()
        FileHandle.standardError.write(
            Data(
                String(
                    format: "class|%@|%d|%.3f|%.3f\n", name, sorted.count, percentile(sorted, 0.5),
                    percentile(sorted, 0.99)
                ).utf8))
    }
    times.sort()
    print("\(percentile(times, 0.5)) \(percentile(times, 0.99)) \(peakRSSMegabytes()) \(hits)")
}

/// The same MATCH expressions on the raw store, reading what the engine reads first: the newest
/// 150 matches' identifiers (no ranking, no text). FTS5's own `bm25()` is no baseline on this
/// schema: without positions or column sizes it tokenizes every match's text again.
func searchRaw(options: Options) throws {
    var db: OpaquePointer?
    check(sqlite3_open(options.work + "/raw.sqlite", &db), db, "open")
    var statement: OpaquePointer?
    check(
        sqlite3_prepare_v2(
            db, "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rowid DESC LIMIT 150", -1,
            &statement,
            nil), db,
        "prepare")
    var corpus = try options.corpus(seed: 7)
    let queries = (0..<options.queries).map { _ in FullTextQuery(typed: corpus.query()).expression }
        .prefix(options.rawQueries)
    func one(_ q: String) {
        sqlite3_bind_text(statement, 1, q, -1, SQLITE_TRANSIENT)
        var rc = sqlite3_step(statement)
        while rc == SQLITE_ROW { rc = sqlite3_step(statement) }
        check(rc, db, "search")
        sqlite3_reset(statement)
    }
    for q in queries.prefix(20) { one(q) }
    var times: [Double] = []
    for q in queries {
        let start = ContinuousClock.now
        one(q)
        let d = start.duration(to: .now)
        times.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
    }
    times.sort()
    print("\(percentile(times, 0.5)) \(percentile(times, 0.99)) \(peakRSSMegabytes()) 0")
}

func searchPhases(options: Options) throws {
    let me = CommandLine.arguments[0]
    let common =
        [
            "--work", options.work, "--seeds", options.seeds, "--queries", "\(options.queries)",
            "--raw-queries",
            "\(options.rawQueries)",
        ] + (options.vocabulary.map { ["--vocabulary", "\($0)"] } ?? [])
        + (options.everyMatch ? ["--every-match"] : []) + (options.prepare ? ["--prepare"] : [])
    let classesFile = options.work + "/search-classes.txt"
    let engineOut = try run(me, common + ["--search-engine"], errors: classesFile).output.split(
        separator: " "
    )
    .compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let rawOut = try run(me, common + ["--search-raw"]).output.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    print("")
    print(
        "| search (typed queries: 1–3 words, 2–5 letter prefixes, Chinese) | queries | p50 ms | p99 ms | peak RSS |"
    )
    print("| --- | --- | --- | --- | --- |")
    print(
        String(
            format:
                "| raw SQLite FTS5 `MATCH … ORDER BY rowid DESC LIMIT 150` (the engine's first read, no text, no ranking) | %d | %.3f | %.3f | %.0f MB |",
            min(options.rawQueries, options.queries), rawOut[0], rawOut[1], rawOut[2]))
    print(
        String(
            format:
                "| `ProactiveEngine.search` (ranked, with why; %.0f%% of queries had results%@%@) | %d | %.3f | %.3f | %.0f MB |",
            engineOut[3] * 100 / Double(options.queries), options.everyMatch ? "; every match ranked" : "",
            options.prepare ? "; prepared as a daemon at start" : "",
            options.queries, engineOut[0], engineOut[1],
            engineOut[2]))
    print("")
    print("| engine, by class of query | queries | p50 ms | p99 ms |")
    print("| --- | --- | --- | --- |")
    let classes = (try? String(contentsOfFile: classesFile, encoding: .utf8)) ?? ""
    for line in classes.split(separator: "\n") where line.hasPrefix("class|") {
        let c = line.split(separator: "|")
        if c.count == 5 { print("| \(c[1]) | \(c[2]) | \(c[3]) | \(c[4]) |") }
    }
}

let options = Options()
switch options.mode {
case "search-only": try searchPhases(options: options)
case "search-engine": try searchEngine(options: options)
case "search-raw": try searchRaw(options: options)
case "search-tantivy": try tantivyPhase(options: options)
case "profile":
    var corpus = try options.corpus()
    let docs = (0..<options.documents).map { Data(corpus.document($0).json.utf8) }
    let decoder = DonationCoding.makeDecoder()
    var start = ContinuousClock.now
    var parsed: [Donation] = []
    for d in docs { parsed.append(try DonationCoding.decode(d, using: decoder)) }
    print("decode", start.duration(to: .now))
    start = ContinuousClock.now
    for p in parsed { _ = try p.validate(declaringApp: nil) }
    print("validate", start.duration(to: .now))
    let engine = try ProactiveEngine(storage: SQLiteStorage())
    start = ContinuousClock.now
    _ = try engine.donate(parsed.map { .success($0) })
    print("engine donate (in-memory store)", start.duration(to: .now))
default:
    try? FileManager.default.removeItem(atPath: options.work)
    try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    // 1. The corpus, as NDJSON donation documents.
    var corpus = try options.corpus()
    let file = options.work + "/documents.ndjson"
    _ = FileManager.default.createFile(atPath: file, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    var buffer = ""
    var bytes = 0
    for i in 0..<options.documents {
        let json = corpus.document(i).json
        bytes += json.utf8.count + 1
        buffer += json + "\n"
        if buffer.utf8.count > 1 << 20 {
            handle.write(Data(buffer.utf8))
            buffer = ""
        }
    }
    handle.write(Data(buffer.utf8))
    try handle.close()
    let average = bytes / max(options.documents, 1)
    print(
        "corpus: \(options.documents) documents, \(average) bytes each on average (\(bytes) bytes), vocabulary \(corpus.words.count) words + \(corpus.cjk.count) CJK bigrams"
    )

    // 2. Ingest: raw SQLite, then `proactive donate`.
    let rawSeconds = try rawIngest(options: options, path: options.work + "/raw.sqlite")
    let donate = try run(options.proactive, ["donate", "--store", options.work + "/proactive.sqlite", file])
    let rawRate = Double(options.documents) / rawSeconds
    let donateRate = Double(options.documents) / donate.seconds
    print("")
    print("| ingest of \(options.documents) items | seconds | documents/s | peak RSS |")
    print("| --- | --- | --- | --- |")
    print(
        String(
            format:
                "| raw SQLite (C API, same schema, prepared statement, 1,000/transaction) | %.1f | %.0f | – |",
            rawSeconds, rawRate))
    print(
        String(
            format: "| `proactive donate` (JSON parse + validation + index) | %.1f | %.0f | %.0f MB |",
            donate.seconds, donateRate, donate.maxRSSMegabytes))
    print(String(format: "| ratio | | **%.2f×** raw | |", donateRate / rawRate))
    print("")
    try printStoreSizes(options: options, documentBytes: bytes)
    fflush(nil)

    // 3. Search latency, each side in its own process so that its memory is its own.
    try searchPhases(options: options)
    if options.tantivy { try tantivyPhase(options: options) }
}
