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
            // Read without some descriptions: the same page, each description asked for once.
            let descriptions = Dictionary(
                uniqueKeysWithValues: candidates.map { ($0.id, $0.indexedText.description) })
            let partial = candidates.map { candidate in
                var partial = candidate
                if Int.random(in: 0..<4, using: &rng) > 0 {
                    // The store knows the description's length, or not (rows written before it did).
                    if Bool.random(using: &rng) {
                        partial.descriptionWords = TextRelevance.wordCount(candidate.indexedText.description)
                    }
                    partial.indexedText.description = nil
                    partial.isDescriptionRead = false
                }
                return partial
            }
            var asked: [Int64] = []
            let described = ranking.top(partial, count: count) { ids in
                asked += ids
                #expect(ids.allSatisfy { id in !partial.first { $0.id == id }!.isDescriptionRead })
                return descriptions.compactMapValues { $0 }.filter { ids.contains($0.key) }
            }
            #expect(described.map(\.candidate.id) == expected.map(\.0), "round \(round), query \(typed)")
            #expect(described.map(\.score.value) == expected.map(\.1))
            #expect(described.map(\.match) == ranking.all(candidates).prefix(count).map(\.match))
            #expect(Set(asked).count == asked.count)
        }
    }

    /// A description's length bounds its part of any score: never more than its brevity.
    @Test func aDescriptionAddsAtMostItsBrevity() {
        var rng = SystemRandomNumberGenerator()
        let words = ["zebra", "Zèbre", "crossing", "紅燒牛肉", "über", "l'été", "42", "a-b", "noodle", "  "]
        for _ in 0..<2_000 {
            let text = IndexText.indexForm(
                (0..<Int.random(in: 0...30, using: &rng)).map { _ in words.randomElement(using: &rng)! }
                    .joined(
                        separator: Bool.random(using: &rng) ? " " : ", "))
            let typed = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                String(words.randomElement(using: &rng)!.prefix(Int.random(in: 1...6, using: &rng)))
            }.joined(separator: " ")
            let query = FullTextQuery(typed: typed)
            let match = TextRelevance.match(query.terms, in: [.init(weight: 1, text: text)])
            let count = TextRelevance.wordCount(text)
            let bound = count == 0 ? 0 : TextRelevance.brevity(words: count)
            #expect(match.score <= bound + 1e-12, "\(text) for \(typed)")
        }
    }

    /// A long description that matches adds little: its page reads few descriptions.
    @Test func longDescriptionsAreBoundedByTheirLength() throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        let long = Array(repeating: "zebra notes", count: 200).joined(separator: " ")
        let candidates = (0..<800).map { id in
            SearchCandidate(
                id: Int64(id), donatedAt: now.addingTimeInterval(-Double(id) * 60), engagementCount: 0,
                indexedText: IndexedText(title: id % 10 == 0 ? "zebra \(id)" : "report \(id)"),
                isDescriptionRead: false, descriptionWords: TextRelevance.wordCount(long))
        }
        let ranking = CandidateRanking(query: FullTextQuery(typed: "zebra"), now: now)
        var read = 0
        let top = ranking.top(candidates, count: 20) { ids in
            read += ids.count
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, long) })
        }
        #expect(top.map(\.candidate.id) == (0..<20).map { Int64($0 * 10) })
        #expect(read < 100, "\(read) descriptions read")
    }

    /// On a page of many candidates, few descriptions are read, in one or two batches.
    @Test func fewDescriptionsAreReadForAPageOfMany() throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        let candidates = (0..<800).map { id in
            SearchCandidate(
                id: Int64(id), donatedAt: now.addingTimeInterval(-Double(id) * 600), engagementCount: 0,
                indexedText: IndexedText(
                    title: id % 3 == 0 ? "zebra crossing report \(id)" : "report \(id)",
                    keywords: "notes", address: nil),
                isDescriptionRead: false)
        }
        let ranking = CandidateRanking(query: FullTextQuery(typed: "zebra"), now: now)
        var batches: [[Int64]] = []
        let top = ranking.top(candidates, count: 20) { ids in
            batches.append(ids)
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, "zebra zebra") })
        }
        #expect(top.count == 20)
        #expect(top.allSatisfy { $0.candidate.indexedText.title?.hasPrefix("zebra") == true })
        #expect(batches.count <= 2)
        #expect(batches.joined().count < 100, "\(batches.map(\.count))")
    }
}
