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

    @Test(arguments: FuzzTarget.allCases)
    func everySeedRunsThroughItsTarget(_ target: FuzzTarget) throws {
        let seeds = try Self.seeds(of: target)
        #expect(!seeds.isEmpty, "Fuzz/Seeds/\(target.rawValue) holds no seed")
        for seed in seeds {
            target.run(try Data(contentsOf: seed))
        }
    }

    @Test func everyTargetHasSeeds() throws {
        let directories = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Fuzz/Seeds").path)
        #expect(Set(directories) == Set(FuzzTarget.allCases.map(\.rawValue)))
    }
}
