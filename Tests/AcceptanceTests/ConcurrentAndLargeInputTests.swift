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
                    return try cli.run(["donate", "-"], stdin: lines.joined(separator: "\n"))
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
}
