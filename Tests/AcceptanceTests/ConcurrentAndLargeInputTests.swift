import Foundation
import Testing

/// Several processes on a new store, and documents of tens of megabytes on one line: answered
/// at once, never refused for a race, never quadratic.
@Suite struct ConcurrentAndLargeInputTests {
    @Test func fourDonatingProcessesOnANewStoreAllSucceed() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let outputs = try await withThrowingTaskGroup(of: CLI.Output.self) { group in
            for process in 0..<4 {
                group.addTask {
                    let lines = (0..<50).map {
                        #"{"type":"searchableItem","app":"com.example.a","uniqueIdentifier":"p\#(process)-\#($0)","attributeSet":{"title":"Racing \#(process) \#($0)"}}"#
                    }
                    return try await cli.runAsync(["donate", "-"], stdin: lines.joined(separator: "\n"))
                }
            }
            var outputs: [CLI.Output] = []
            for try await output in group { outputs.append(output) }
            return outputs
        }
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(
                (output.stdout + output.stderr).contains("50 accepted"), "\(output.stdout) \(output.stderr)")
            #expect(!output.stderr.contains("already exists"))
        }
    }

    @Test func aFortyMegabyteLineIsRejectedForItsSizeAtOnce() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let blob = String(repeating: "x", count: 40_000_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document =
            #"{"type":"activity","app":"com.example.a","activityType":"com.example.a.view","title":"t","userInfo":{"blob":"\#(blob)"}}"#
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let started = ContinuousClock.now
        let output = try cli.run(["donate", path])
        #expect(started.duration(to: .now) < .seconds(15), "took \(started.duration(to: .now))")
        #expect(output.status == 1)
        #expect(output.stdout.contains("rejected") && output.stdout.contains("bytes"))
    }

    /// Three CLI processes and a daemon write one store at once: every document acknowledged by
    /// either is there afterwards, and no one is told "database is locked".
    @Test func processesAndADaemonWritingOneStoreLoseNothing() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let token = try cli.token(["--app", "com.example.a"])
        let system = try cli.token(["--system"])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        func lines(_ prefix: String, _ count: Int) -> String {
            (0..<count).map {
                #"{"type":"searchableItem","app":"com.example.a","uniqueIdentifier":"\#(prefix)-\#($0)","attributeSet":{"title":"Shared store \#(prefix) \#($0)"}}"#
            }.joined(separator: "\n")
        }
        let accepted = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for process in 0..<3 {
                group.addTask {
                    let output = try await cli.runAsync(
                        ["donate", "-", "--batch-size", "50"], stdin: lines("cli\(process)", 600))
                    return (
                        output.status == 0 && (output.stdout + output.stderr).contains("600 accepted")
                            ? 600 : 0,
                        output.stdout.suffix(200) + output.stderr
                    )
                }
            }
            for request in 0..<12 {
                group.addTask {
                    let answer = try await daemon.request(
                        "POST", "/v1/donations", token: token, body: lines("http\(request)", 50),
                        contentType: "application/x-ndjson")
                    let receipts = answer.json["receipts"] as? [[String: Any]] ?? []
                    let count = receipts.filter { $0["status"] as? String == "accepted" }.count
                    return (answer.status == 200 ? count : 0, "\(answer.status) \(answer.json)")
                }
            }
            var total = 0
            for try await (count, detail) in group {
                #expect(!detail.contains("locked"), "\(detail)")
                #expect(count > 0, "\(detail)")
                total += count
            }
            return total
        }
        #expect(accepted == 3 * 600 + 12 * 50)
        let export = try await daemon.request("GET", "/v1/export?app=com.example.a", token: system)
        #expect((export.json["entries"] as? [Any])?.count == accepted)
    }
}
