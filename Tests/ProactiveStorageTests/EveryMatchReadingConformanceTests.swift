import Foundation
import ProactiveStorage
import ProactiveText
import Testing

/// On every backend, every match read for a ranking of every match
/// (``SearchCandidateText/withoutDescriptionWhereTitleMatches``) is the same set of matches as
/// a reading of their whole text, and a match read without its text is one whose title lacks a
/// term as ranking matches it (so that ranking may bound it without reading it).
@Suite struct EveryMatchReadingConformanceTests {
    static let words = [
        "zebra", "zebras", "crossing", "report", "reports", "café", "noodle", "紅燒", "牛肉", "紅燒牛肉",
        "straße", "über", "relatório", "de", "der", "des", "description",
    ]

    @Test(arguments: TestBackend.available) func matchesReadWithoutTextHaveTitlesLackingATerm(
        _ backend: TestBackend
    ) throws {
        let storage = try backend.make()
        var rng = SystemRandomNumberGenerator()
        func text(_ n: Int) -> String {
            (0..<n).map { _ in Self.words.randomElement(using: &rng)! }.joined(separator: " ")
        }
        // More matches than a first page reads every one of, for the frequent words.
        try storage.write { tx in
            for i in 0..<1_500 {
                var draft = Fixture.item(
                    "com.example.notes", "n\(i)", text(Int.random(in: 1...4, using: &rng)),
                    at: Fixture.now.addingTimeInterval(-Double(i) * 60))
                draft.indexedText.keywords = Bool.random(using: &rng) ? IndexText.indexForm(text(2)) : nil
                draft.indexedText.description =
                    Bool.random(using: &rng)
                    ? IndexText.indexForm(text(Int.random(in: 1...20, using: &rng))) : nil
                try tx.upsertEntry(draft)
            }
        }
        var split = 0
        for typed in [
            "de", "zeb", "report", "zebra crossing", "紅燒", "straße", "d re", "relatorio", "noodles",
        ] {
            let query = FullTextQuery(typed: typed)
            let (whole, every) = try storage.read { tx in
                (
                    try tx.searchCandidates(
                        query, scope: .system, now: Fixture.now, limit: Int(Int32.max), reading: .whole),
                    try tx.searchCandidates(
                        query, scope: .system, now: Fixture.now, limit: Int(Int32.max),
                        reading: .withoutDescriptionWhereTitleMatches)
                )
            }
            #expect(Set(every.map(\.id)) == Set(whole.map(\.id)), "\(backend): \(typed)")
            #expect(every.count == whole.count, "\(backend): \(typed)")
            let texts = Dictionary(uniqueKeysWithValues: whole.map { ($0.id, $0.indexedText) })
            for candidate in every {
                let text = try #require(texts[candidate.id])
                if candidate.isTextRead {
                    #expect(candidate.indexedText.title == text.title, "\(backend): \(typed)")
                    #expect(candidate.indexedText.keywords == text.keywords)
                    #expect(candidate.indexedText.address == text.address)
                } else {
                    split += 1
                    #expect(candidate.titleHasEveryTerm == false, "\(backend): \(typed)")
                    let title = TextRelevance.match(query.terms, in: [.init(weight: 10, text: text.title)])
                    #expect(
                        title.matchedTerms[0].count < query.terms.count,
                        "\(backend): \(typed): \(text.title ?? "") read without its text")
                }
                #expect(!candidate.isDescriptionRead || candidate.indexedText.description == text.description)
            }
        }
        // The embedded store reads the titles apart; a store that cannot reads every text.
        if backend == .sqlite { #expect(split > 0) }
    }
}
