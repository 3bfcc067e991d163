import BenchmarkSupport
import Foundation
import ProactiveStorage
import ProactiveText

/// Tantivy (PyPI `tantivy`, BM25 over every match) on the same corpus and the same queries as the
/// engine: writes the documents with their fields in the engine's index form and the typed
/// queries' terms, runs `tantivy_baseline.py` and prints its ingest, size and search figures.
func tantivyPhase(options: Options) throws {
    let documentsFile = options.work + "/tantivy-documents.jsonl"
    let queriesFile = options.work + "/tantivy-queries.jsonl"
    var corpus = try options.corpus()
    var out = ""
    _ = FileManager.default.createFile(atPath: documentsFile, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: documentsFile))
    for i in 0..<options.documents {
        let doc = corpus.document(i)
        let fields = [
            ("t", doc.title), ("k", doc.keywords), ("a", doc.title + " " + doc.city), ("d", doc.description),
        ].map { #""\#($0.0)":"\#(Corpus.escape(tokens($0.1)))""# }
        out += "{" + fields.joined(separator: ",") + #","j":""# + Corpus.escape(doc.json) + "\"}\n"
        if out.utf8.count > 1 << 20 {
            handle.write(Data(out.utf8))
            out = ""
        }
    }
    handle.write(Data(out.utf8))
    try handle.close()
    var queryCorpus = try options.corpus(seed: 7)
    let queries = (0..<options.queries).map { _ in queryCorpus.query() }.map { text in
        let terms = FullTextQuery(typed: text).terms.map {
            #"["\#(Corpus.escape($0.text))",\#($0.isPrefix)]"#
        }
        return #"{"class":"\#(Corpus.queryClass(text))","terms":[\#(terms.joined(separator: ","))]}"#
    }
    try (queries.joined(separator: "\n") + "\n").write(toFile: queriesFile, atomically: true, encoding: .utf8)
    try? FileManager.default.removeItem(atPath: options.work + "/tantivy")

    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "tantivy_baseline.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", script.path, "--documents", documentsFile, "--queries", queriesFile, "--index",
        options.work + "/tantivy",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("tantivy_baseline.py failed:\n\(output)") }
    var lines: [String: [String]] = [:]
    var classes: [[String]] = []
    for line in output.split(separator: "\n") {
        if line.hasPrefix("class|") {
            classes.append(line.split(separator: "|").map(String.init))
        } else {
            let parts = line.split(separator: " ").map(String.init)
            if let first = parts.first { lines[first] = Array(parts.dropFirst()) }
        }
    }
    guard let ingest = lines["ingest"], let search = lines["search"], ingest.count == 3, search.count == 3
    else {
        fatalError("unexpected output of tantivy_baseline.py:\n\(output)")
    }
    let seconds = Double(ingest[0]) ?? 0
    let bytes = Double(ingest[2]) ?? 0
    print("")
    print("| Tantivy 0.27 (PyPI; one indexing thread; BM25 over every match) | value |")
    print("| --- | --- |")
    print(
        String(
            format: "| ingest of %d documents | %.1f s, %.0f documents/s |", options.documents, seconds,
            Double(options.documents) / max(seconds, 1e-9)))
    print(
        String(
            format: "| index with each JSON line stored | %.1f MB, %.0f bytes/document |", bytes / 1e6,
            bytes / Double(max(options.documents, 1))))
    print(
        "| search p50 / p99 (\(options.queries) queries, \(search[2]) with results) | \(search[0]) / \(search[1]) ms |"
    )
    for c in classes where c.count == 5 {
        print("| \(c[1]) (\(c[2])) | \(c[3]) / \(c[4]) ms |")
    }
    print("| peak RSS | \(lines["rss"]?.first ?? "?") MB |")
}

/// A field as the engine indexes it: folded words, CJK unigrams and bigrams, space-separated.
private func tokens(_ text: String) -> String {
    IndexText.queryTerms(IndexText.indexForm(text)).map(\.text).joined(separator: " ")
}
