import BenchmarkSupport
// Next-app benchmark: the full evaluation on a usage log (decompressed with `gzip -dc`), then
// prediction latency with 1,000 apps. Run in release mode:
//   swift run -c release NextAppBenchmark /work/shared/data/appusage/ubiqlog.tsv.gz
import Foundation
import ProactiveRanking
import ProactiveTesting

/// Reads a possibly gzip-compressed file as text, through `gzip -dc` for `.gz`.
func readLog(_ path: String) throws -> String {
    guard path.hasSuffix(".gz") else { return try String(contentsOfFile: path, encoding: .utf8) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        FileHandle.standardError.write(
            Data("gzip -dc failed with status \(process.terminationStatus)\n".utf8))
        exit(1)
    }
    return String(decoding: data, as: UTF8.self)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

Help.exitIfAsked(
    """
    usage: NextAppBenchmark USAGE-LOG [...]
      The next-app evaluation on a usage log (gzip-compressed or not), then prediction latency
      with 1,000 apps; e.g. ../shared/data/appusage/ubiqlog.tsv.gz
    """)

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(
        Data(
            "usage: NextAppBenchmark LOG[.gz] [--stride N] [--training-fraction F] [--learning-rate R]\n".utf8
        ))
    exit(2)
}
var options = NextAppEvaluation.Options()
if let strideIndex = arguments.firstIndex(of: "--stride"),
    arguments.index(after: strideIndex) < arguments.endIndex,
    let stride = Int(arguments[arguments.index(after: strideIndex)])
{
    options.userStride = stride
}
if let splitIndex = arguments.firstIndex(of: "--training-fraction"),
    arguments.index(after: splitIndex) < arguments.endIndex,
    let fraction = Double(arguments[arguments.index(after: splitIndex)])
{
    options.trainingFraction = fraction
}

if let rateIndex = arguments.firstIndex(of: "--learning-rate"),
    arguments.index(after: rateIndex) < arguments.endIndex,
    let rate = Double(arguments[arguments.index(after: rateIndex)])
{
    options.predictor.learningRate = rate
}

let clock = ContinuousClock()
let start = clock.now
let text = try readLog(path)
let readTime = clock.now - start
var reports: [(String, NextAppEvaluationReport)] = []
let offsets = options.userStride > 1 ? Array(0..<options.userStride) : [0]
for offset in offsets {
    var subset = options
    subset.userOffset = offset
    let report = try NextAppEvaluation.evaluate(text: text, options: subset)
    let label = options.userStride > 1 ? "users \(offset) mod \(options.userStride)" : "all users"
    reports.append((label, report))
}
let total = clock.now - start
for (label, report) in reports {
    print(
        "\(label): \(report.users) users, \(report.launches) test launches, training fraction \(options.trainingFraction)"
    )
    print(report.markdownTable)
    print("proactive beats every baseline on Hit@4 and MRR: \(report.proactiveBeatsBaselines)\n")
}
print(
    String(
        format: "evaluation time: %.2f s (reading and decompressing %.2f s)", seconds(total),
        seconds(readTime)))

// Latency: a predictor that has seen 20,000 launches over 1,000 apps (Zipf-like popularity,
// spread over hours of the day, with a few triggers), asked for the top 4.
var generator = SplitMix64(seed: 42)
let appCount = 1_000
let apps = (0..<appCount).map { "com.example.app\($0)" }
let weights = (1...appCount).map { 1 / Double($0) }
let weightTotal = weights.reduce(0, +)
@MainActor func drawApp() -> String {
    var u = Double.random(in: 0..<weightTotal, using: &generator)
    for (index, weight) in weights.enumerated() {
        u -= weight
        if u < 0 { return apps[index] }
    }
    return apps[appCount - 1]
}
var predictor = NextAppPredictor()
for app in apps { predictor.observe(AppLaunch(app: app, at: Date(timeIntervalSince1970: 1_700_000_000))) }
var now = 1_700_000_000.0
let triggers: [ContextTrigger?] = [nil, nil, nil, .headphonesConnected, .carConnected, .arrivedHome]
for _ in 0..<20_000 {
    now += Double.random(in: 30...3_600, using: &generator)
    predictor.observe(
        AppLaunch(
            app: drawApp(), at: Date(timeIntervalSince1970: now),
            trigger: triggers.randomElement(using: &generator)!,
            place: ["home", "work", nil].randomElement(using: &generator)!))
}
var latencies: [Double] = []
var checksum = 0.0
for iteration in 0..<2_200 {
    let context = NextAppContext(
        at: Date(timeIntervalSince1970: now + Double(iteration) * 60), foregroundApp: apps[iteration % 50],
        trigger: triggers[iteration % triggers.count], place: iteration % 2 == 0 ? "home" : nil)
    let began = clock.now
    let ranking = predictor.predictions(in: context, limit: 4)
    let elapsed = clock.now - began
    checksum += ranking.predictions.first?.score ?? 0
    if iteration >= 200 { latencies.append(seconds(elapsed) * 1e6) }
}
latencies.sort()
print(
    String(
        format:
            "prediction latency with %d apps (top 4 with explanations, %d runs after warm-up): p50 %.1f µs, p99 %.1f µs",
        predictor.knownApps.count, latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.99)))
if checksum.isNaN { print("unexpected NaN") }
