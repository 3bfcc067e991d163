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
            // Read without some descriptions, or without any text: the same page, each text
            // asked for once.
            let texts = Dictionary(uniqueKeysWithValues: candidates.map { ($0.id, $0.indexedText) })
            let partial = candidates.map { candidate in
                var partial = candidate
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: break
                case 1:
                    // No text: the index says whether the title has every term (it may say so
                    // of a title that ranking does not match: a Chinese term's bigrams apart).
                    let title = TextRelevance.match(
                        ranking.terms, in: [.init(weight: 10, text: candidate.indexedText.title)])
                    partial.indexedText = IndexedText()
                    partial.isTextRead = false
                    partial.isDescriptionRead = false
                    partial.descriptionWords =
                        Bool.random(using: &rng)
                        ? TextRelevance.wordCount(candidate.indexedText.description) : nil
                    partial.titleHasEveryTerm =
                        title.matchedTerms[0].count == ranking.terms.count
                        || Int.random(in: 0..<5, using: &rng) == 0
                default:
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
                #expect(ids.allSatisfy { id in !partial.first { $0.id == id }!.isWhollyRead })
                return texts.filter { ids.contains($0.key) }
            }
            #expect(described.map(\.candidate.id) == expected.map(\.0), "round \(round), query \(typed)")
            #expect(described.map(\.score.value) == expected.map(\.1))
            #expect(described.map(\.match) == ranking.all(candidates).prefix(count).map(\.match))
            #expect(Set(asked).count == asked.count)
            // A page after another: the next `count` of the whole ranking, each text asked
            // for once.
            let whole = ranking.all(candidates)
            let last = whole[Int.random(in: whole.indices, using: &rng)]
            asked = []
            let next = ranking.top(
                partial, count: count,
                after: CandidateRanking.Position(score: last.score.value, id: last.candidate.id)
            ) { ids in
                asked += ids
                return texts.filter { ids.contains($0.key) }
            }
            let following = whole.drop { $0.candidate.id != last.candidate.id }.dropFirst().prefix(count)
            #expect(
                next.map(\.candidate.id) == following.map(\.candidate.id), "round \(round), query \(typed)")
            #expect(next.map(\.score.value) == following.map(\.score.value))
            #expect(Set(asked).count == asked.count)
        }
    }

    /// Sorting many candidates gives the order of ``CandidateRanking/precedes(_:_:)``, ties
    /// by identifier.
    @Test func everyCandidateIsInOrder() {
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        let candidates = (0..<3_000).map { (id: Int) -> SearchCandidate in
            let title: String = id % 3 == 0 ? "zebra" : "zebra crossing \(id % 4)"
            return SearchCandidate(
                id: Int64(id), donatedAt: now.addingTimeInterval(-Double(id % 7) * 86_400),
                engagementCount: id % 5 == 0 ? 3 : 0, indexedText: IndexedText(title: title))
        }.shuffled()
        let ranked = CandidateRanking(query: FullTextQuery(typed: "zebra"), now: now).all(candidates)
        #expect(ranked.count == candidates.count)
        for (a, b) in zip(ranked, ranked.dropFirst()) {
            #expect(CandidateRanking.precedes(a, b), "\(a.candidate.id) before \(b.candidate.id)")
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
            return Dictionary(
                uniqueKeysWithValues: ids.map { id in
                    (id, IndexedText(title: candidates[Int(id)].indexedText.title, description: long))
                })
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
            return Dictionary(
                uniqueKeysWithValues: ids.map { id in
                    var text = candidates[Int(id)].indexedText
                    text.description = "zebra zebra"
                    return (id, text)
                })
        }
        #expect(top.count == 20)
        #expect(top.allSatisfy { $0.candidate.indexedText.title?.hasPrefix("zebra") == true })
        #expect(batches.count <= 2)
        #expect(batches.joined().count < 100, "\(batches.map(\.count))")
    }

    /// Read without their text, candidates whose title lacks a term are not read when enough
    /// titles have every term: a page of many reads little more than those titles.
    @Test func candidatesWithoutTextAreReadOnlyWhereTheTitleCanReachThePage() throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        let texts = (0..<900).map { id in
            IndexedText(
                title: id % 9 == 0 ? "zebra crossing report \(id)" : "report \(id)",
                keywords: id % 9 == 0 ? nil : "zebra notes", description: "seen near the zebra crossing")
        }
        let candidates = texts.indices.map { id in
            SearchCandidate(
                id: Int64(id), donatedAt: now.addingTimeInterval(-Double(id) * 600), engagementCount: 0,
                indexedText: IndexedText(), isDescriptionRead: false, descriptionWords: 5, isTextRead: false,
                titleHasEveryTerm: id % 9 == 0)
        }
        let ranking = CandidateRanking(query: FullTextQuery(typed: "zebra"), now: now)
        var read: [Int64] = []
        let top = ranking.top(candidates, count: 20) { ids in
            read += ids
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, texts[Int($0)]) })
        }
        let whole = ranking.all(
            texts.indices.map { id in
                SearchCandidate(
                    id: Int64(id), donatedAt: candidates[id].donatedAt, engagementCount: 0,
                    indexedText: texts[id])
            })
        #expect(top.map(\.candidate.id) == whole.prefix(20).map(\.candidate.id))
        #expect(read.allSatisfy { $0 % 9 == 0 }, "a title without the term was read")
        #expect(read.count <= 100, "\(read.count) texts read")
    }

    /// Titles with every term (and engaged matches) fill a page unless another match can
    /// outrank them by its other fields: more of them with more terms, or long titles that
    /// match little of their words.
    @Test func readMatchesFillAPageUnlessAnotherCanOutrankThem() throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        func titled(_ title: String, _ count: Int, daysOld: Double = 0) -> [SearchCandidate] {
            (0..<count).map { id in
                SearchCandidate(
                    id: Int64(id), donatedAt: now.addingTimeInterval(-(Double(id) + daysOld) * 86_400),
                    engagementCount: 0,
                    indexedText: IndexedText(title: "\(title) \(id)"), isDescriptionRead: false,
                    descriptionWords: 30,
                    titleHasEveryTerm: true)
            }
        }
        // The best 20 of `candidates`, their text read as the engine reads it (a title read
        // before, its description now; nothing for a candidate whose entry is gone), before
        // every other match?
        func fills(_ ranking: CandidateRanking, _ candidates: [SearchCandidate]) -> Bool {
            let texts = Dictionary(
                candidates.filter(\.isTextRead).map { ($0.id, $0.indexedText) },
                uniquingKeysWith: { a, _ in a })
            return ranking.fills(
                ranking.top(candidates, count: 20, read: { ids in texts.filter { ids.contains($0.key) } }),
                count: 20)
        }
        let one = CandidateRanking(query: FullTextQuery(typed: "zebra"), now: now)
        #expect(fills(one, titled("zebra crossing", 30)))
        #expect(!fills(one, titled("zebra crossing", 19)))
        // Candidates whose text is not found (read as empty) cannot fill the page.
        let unread = titled("zebra crossing", 30).map { candidate in
            var unread = candidate
            unread.id += 1_000
            unread.indexedText = IndexedText()
            unread.isTextRead = false
            return unread
        }
        #expect(!fills(one, unread))
        #expect(fills(one, titled("zebra crossing", 20) + unread))
        let two = CandidateRanking(query: FullTextQuery(typed: "zebra crossing"), now: now)
        #expect(fills(two, titled("zebra crossing", 30)))
        // Three terms: another with two of them in its title, the third in every other field,
        // can outrank long titles months old.
        let three = CandidateRanking(query: FullTextQuery(typed: "zebra crossing report"), now: now)
        let long =
            "zebra crossing report of the week before the last one in town, a long one written by hand in the rain"
        #expect(fills(three, titled("zebra crossing report", 30)))
        #expect(!fills(three, titled(long, 30, daysOld: 120)))
        // Each answer checked against the strongest match it rules out: every term in the
        // other fields, the freshest, never engaged.
        for words in 1...16 {
            let title = (["zebra"] + Array(repeating: "word", count: words - 1)).joined(separator: " ")
            let read = titled(title, 20)
            let other = SearchCandidate(
                id: 999, donatedAt: now, engagementCount: 0,
                indexedText: IndexedText(
                    title: "other", keywords: "zebra", description: "zebra", address: "zebra"))
            let last = one.all(read).last!.score.value
            if fills(one, read) {
                #expect(one.scored(other).score.value < last, "\(words) words")
            }
        }
    }
}
