import Foundation
import ProactiveRanking
import ProactiveStorage
import ProactiveText
import Testing

@testable import Proactive

/// The first page's shortcut gives exactly the first results of the whole ranking.
@Suite struct CandidateRankingTests {
    @Test func theTopAreTheFirstOfTheWholeRanking() {
        var rng = SystemRandomNumberGenerator()
        let words = ["zebra", "zebras", "crossing", "report", "café", "noodle", "紅燒", "牛肉", "house", "zeal"]
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        func text(_ n: Int) -> String {
            IndexText.indexForm((0..<n).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "))
        }
        for round in 0..<60 {
            let candidates = (0..<Int.random(in: 1...400, using: &rng)).map { id in
                SearchCandidate(
                    id: Int64(id),
                    donatedAt: now.addingTimeInterval(-Double.random(in: 0...(40 * 86_400), using: &rng)),
                    engagementCount: Int.random(in: 0...10, using: &rng) > 8
                        ? Int.random(in: 1...20, using: &rng) : 0,
                    indexedText: IndexedText(
                        title: text(Int.random(in: 1...6, using: &rng)),
                        keywords: Bool.random(using: &rng) ? text(2) : nil,
                        description: text(Int.random(in: 0...20, using: &rng)),
                        address: Bool.random(using: &rng) ? text(2) : nil))
            }
            let typed = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                String(words.randomElement(using: &rng)!.prefix(Int.random(in: 2...6, using: &rng)))
            }.joined(separator: " ")
            let ranking = CandidateRanking(query: FullTextQuery(typed: typed), now: now)
            let count = Int.random(in: 1...30, using: &rng)
            let expected = ranking.all(candidates).prefix(count).map { ($0.candidate.id, $0.score.value) }
            let top = ranking.top(candidates, count: count).map { ($0.candidate.id, $0.score.value) }
            #expect(top.map(\.0) == expected.map(\.0), "round \(round), query \(typed), count \(count)")
            #expect(top.map(\.1) == expected.map(\.1))
        }
    }
}
