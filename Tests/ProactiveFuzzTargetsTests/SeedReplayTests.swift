import Foundation
import Testing

@testable import ProactiveFuzzTargets

/// Every committed seed of every fuzz target (`Fuzz/Seeds/TARGET`, which keeps each input a
/// finding ever needed), run through the target as libFuzzer runs it: a seed that crashes or
/// breaks one of the target's invariants (a failed `precondition`) fails the suite. The targets'
/// sources are `Fuzz/Sources/ProactiveFuzzer`, built here without sanitizers; `scripts/fuzz.sh`
/// builds them with libFuzzer and AddressSanitizer and explores from these seeds.
@Suite struct SeedReplayTests {
    /// The repository's root.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The seed files of a target, in name order.
    static func seeds(of target: FuzzTarget) throws -> [URL] {
        let directory = repository.appendingPathComponent("Fuzz/Seeds/\(target.rawValue)")
        return try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil
        ).sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The seeds run on a thread of their own, as libFuzzer calls a target: a target that
    /// drives asynchronous code (the daemon's responder, `request`) waits for it with a
    /// semaphore, which on one of Swift concurrency's few threads could wait for itself.
    @Test(arguments: FuzzTarget.allCases)
    func everySeedRunsThroughItsTarget(_ target: FuzzTarget) async throws {
        let inputs = try Self.seeds(of: target).map { try Data(contentsOf: $0) }
        #expect(!inputs.isEmpty, "Fuzz/Seeds/\(target.rawValue) holds no seed")
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for input in inputs { target.run(input) }
                done.resume()
            }.start()
        }
    }

    @Test func everyTargetHasSeeds() throws {
        let directories = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Fuzz/Seeds").path)
        #expect(Set(directories) == Set(FuzzTarget.allCases.map(\.rawValue)))
    }
}
