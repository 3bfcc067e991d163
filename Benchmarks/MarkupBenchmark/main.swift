import BenchmarkSupport
// MarkupBenchmark: pages per second of MarkupExtractor on schema.org's examples, beside extruct.
//
//     swift run -c release MarkupBenchmark [--corpus PATH] [--rounds N] [--no-baseline]
//
// Every example's `pre`, `microdata`, `rdfa` and `jsonld` snippet that holds markup becomes one
// page (wrapped in <html><head><title>…</title></head><body>…</body></html>). The same pages are
// written to a temporary JSON file and measured with extruct by extruct_baseline.py in the same run.
import Foundation
import ProactiveMarkup

struct Example: Decodable {
    var id: String
    var pre: String?
    var microdata: String?
    var rdfa: String?
    var jsonld: String?
}

Help.exitIfAsked(
    """
    usage: MarkupBenchmark [--corpus PATH] [--rounds N] [--no-baseline]
      Pages per second of MarkupExtractor on schema.org's examples, beside extruct (Python,
      installed if missing) unless --no-baseline.
    """)

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let corpusPath =
    option("--corpus")
    ?? here.appendingPathComponent("../../../shared/data/schemaorg-examples.jsonl").standardized.path
let rounds = Int(option("--rounds") ?? "") ?? 5
let runBaseline = !arguments.contains("--no-baseline")

guard let text = try? String(contentsOfFile: corpusPath, encoding: .utf8) else {
    print("MarkupBenchmark: corpus not found at \(corpusPath) (pass --corpus PATH)")
    exit(1)
}
var pages: [String] = []
for line in text.split(separator: "\n") {
    guard let example = try? JSONDecoder().decode(Example.self, from: Data(line.utf8)) else { continue }
    for snippet in [example.pre, example.microdata, example.rdfa, example.jsonld] {
        guard let snippet, snippet.contains("<"),
            snippet.trimmingCharacters(in: .whitespacesAndNewlines) != "TODO."
        else { continue }
        pages.append(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Example \(example.id)</title></head>"
                + "<body>\(snippet)</body></html>")
    }
}
let totalBytes = pages.reduce(0) { $0 + $1.utf8.count }
print("corpus: \(corpusPath)")
print("pages: \(pages.count), \(totalBytes) bytes (mean \(totalBytes / max(pages.count, 1)) bytes/page)")

let extractor = MarkupExtractor()
let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// Warm-up, then timed rounds over every page, and per-page latencies from one more pass.
var entityCount = 0
var placeCount = 0
for page in pages {
    if let result = try? extractor.extract(html: page) {
        entityCount += result.entities.count
        placeCount += result.places.count
    }
}
var rates: [Double] = []
for _ in 0..<rounds {
    let start = clock.now
    for page in pages { _ = try? extractor.extract(html: page) }
    rates.append(Double(pages.count) / seconds(clock.now - start))
}
var latencies: [Double] = []
for page in pages {
    let start = clock.now
    _ = try? extractor.extract(html: page)
    latencies.append(seconds(clock.now - start) * 1e6)
}
latencies.sort()
rates.sort()
let median = rates[rates.count / 2]
let sortedLatencies = latencies
@MainActor func percentile(_ p: Double) -> Double {
    sortedLatencies[min(sortedLatencies.count - 1, Int(Double(sortedLatencies.count) * p))]
}
print("found: \(entityCount) top-level entities, \(placeCount) places")
print(
    String(
        format:
            "ProactiveMarkup: %.0f pages/s (median of %d rounds; min %.0f, max %.0f); per page p50 %.1f µs, p99 %.1f µs",
        median, rounds, rates.first!, rates.last!, percentile(0.5), percentile(0.99)))

guard runBaseline else { exit(0) }
let pagesFile = FileManager.default.temporaryDirectory.appendingPathComponent("markup-benchmark-pages.json")
try JSONEncoder().encode(pages).write(to: pagesFile)
let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = ["python3", here.appendingPathComponent("extruct_baseline.py").path, pagesFile.path, "3"]
let output = Pipe()
process.standardOutput = output
try process.run()
let data = output.fileHandleForReading.readDataToEndOfFile()
process.waitUntilExit()
struct Baseline: Decodable {
    var pages: Int
    var pagesPerSecond: Double
    var extruct: String
    var python: String
}
guard process.terminationStatus == 0,
    let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
    let baseline = try? JSONDecoder().decode(Baseline.self, from: Data(line.utf8))
else {
    print("extruct baseline failed (exit \(process.terminationStatus))")
    exit(1)
}
print(
    String(
        format: "extruct %@ (Python %@): %.0f pages/s on the same %d pages", baseline.extruct,
        baseline.python,
        baseline.pagesPerSecond, baseline.pages))
print(String(format: "ratio: ProactiveMarkup is %.1f× extruct", median / baseline.pagesPerSecond))
