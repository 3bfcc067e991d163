import Foundation
import Proactive
import ProactiveModel
import ProactiveStorage
import ProactiveTesting
import Testing

/// On every backend, the first page of a search (which reads text only for the candidates
/// that can reach it) is exactly the first page of the whole ranking (which reads every
/// match's text), over random items in several scripts, ages and lengths.
@Suite struct SearchRankingConformanceTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z
    static let words = [
        "zebra", "zebras", "crossing", "report", "café", "cafés", "noodle", "紅燒", "牛肉", "紅燒牛肉", "house",
        "zeal", "été", "straße", "strasse", "über", "rapport", "relatório", "bericht", "42",
    ]

    /// A word longer than any lexeme PostgreSQL holds (2,046 bytes: longer words are not
    /// indexed there, and its `tsquery` refuses them, a 500 before) is searched without an
    /// error on every backend, and a word no item has matches nothing: first page, paging and
    /// the public index.
    @Test(arguments: TestBackend.available) func aWordLongerThanAnyLexemeIsSearchedWithoutError(
        _ backend: TestBackend
    ) throws {
        var configuration = EngineConfiguration.withClock(TestClock(Self.t0))
        configuration.publicIndexKey = Data(repeating: 7, count: 32)
        let engine = try ProactiveEngine(storage: try backend.make(), configuration: configuration)
        let long = String(repeating: "w", count: 3_000)
        try engine.donate(
            documents: [
                TestDocument.searchableItem(
                    app: "com.example.notes", id: "n", title: "Harbour", description: "a \(long) b"
                ).data
            ], now: Self.t0)
        let longer = String(repeating: "q", count: 20_000)
        for typed in [longer, "harbour \(longer)", "\(longer) harbour", "harbour \(longer)*"] {
            #expect(try engine.search(SearchRequest(typed)).isEmpty)
            #expect(try engine.searchPage(SearchRequest(typed).cursor("")).results.isEmpty)
        }
        // The long word donated: found where it is indexed (SQLite), never an error.
        _ = try engine.search(SearchRequest(long))
        #expect(try engine.search(SearchRequest("harbour")).map(\.uniqueIdentifier) == ["n"])
    }

    @Test(arguments: TestBackend.available) func theFirstPageIsTheWholeRankingsFirst(_ backend: TestBackend)
        throws
    {
        let storage = try backend.make()
        let engine = try ProactiveEngine(
            storage: storage, configuration: EngineConfiguration.withClock(TestClock(Self.t0)))
        var rng = SystemRandomNumberGenerator()
        func text(_ n: Int) -> String {
            (0..<n).map { _ in Self.words.randomElement(using: &rng)! }.joined(separator: " ")
        }
        // Titles mostly of words no query asks for: few titles have every term, so matches in
        // the other fields reach the page too.
        let filler = ["lorem", "ipsum", "dolor", "amet", "sit"]
        func title(_ n: Int) -> String {
            (0..<n).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0
                    ? Self.words.randomElement(using: &rng)! : filler.randomElement(using: &rng)!
            }.joined(separator: " ")
        }
        for batch in 0..<8 {
            let documents = (0..<60).map { i in
                var attributes: [String: TestValue] = [:]
                if Bool.random(using: &rng) {
                    attributes["keywords"] = .array(
                        (0..<Int.random(in: 1...3, using: &rng)).map { _ in .string(text(1)) })
                }
                if Bool.random(using: &rng) {
                    attributes["city"] = .string(text(Int.random(in: 1...2, using: &rng)))
                }
                return TestDocument.searchableItem(
                    app: "com.example.notes", id: "\(batch)-\(i)",
                    title: title(Int.random(in: 1...7, using: &rng)),
                    description: Bool.random(using: &rng) ? text(Int.random(in: 1...40, using: &rng)) : nil,
                    attributes: attributes
                ).data
            }
            // Donated over a month, so freshness orders them too.
            try engine.donate(
                documents: documents, now: Self.t0.addingTimeInterval(-Double(8 - batch) * 4 * 86_400))
        }
        // Another app's items, titled with the query words alone: the best matches of every
        // search, which the notes app never sees.
        try engine.donate(
            documents: (0..<40).map { i in
                TestDocument.searchableItem(
                    app: "com.example.other", id: "other-\(i)",
                    title: text(Int.random(in: 1...2, using: &rng))
                ).data
            }, now: Self.t0)
        // Some items opened many times: engagement can lift an item whose title lacks a term
        // above titles that have every term.
        for word in ["zebra", "café", "紅燒", "report"] {
            let matches = try engine.searchPage(SearchRequest(word).limit(100).cursor("").at(Self.t0)).results
            for result in matches.shuffled(using: &rng).prefix(3) {
                for _ in 0..<Int.random(in: 1...40, using: &rng) {
                    try engine.donate(
                        documents: [
                            Data(#"{"type":"event","event":"suggestionEngaged","id":"\#(result.id)"}"#.utf8)
                        ],
                        now: Self.t0)
                }
            }
        }
        for round in 0..<60 {
            let typed = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                let word = Self.words.randomElement(using: &rng)!
                return String(word.prefix(Int.random(in: 2...max(2, word.count), using: &rng)))
            }.joined(separator: " ")
            // Short pages, and pages longer than the titles that have every term.
            let limit =
                Bool.random(using: &rng)
                ? Int.random(in: 1...25, using: &rng) : Int.random(in: 60...200, using: &rng)
            let donor: Donor = Bool.random(using: &rng) ? .system : .app("com.example.notes")
            let request = SearchRequest(typed).limit(limit).at(Self.t0)
            let first = try engine.search(request, donor: donor)
            let page = try engine.searchPage(request.cursor(""), donor: donor)
            let whole = page.results
            let context = "\(backend) round \(round): \(typed), limit \(limit), \(donor)"
            #expect(first.map(\.id) == whole.map(\.id), "\(context)")
            #expect(first.map(\.score) == whole.map(\.score))
            #expect(first.map(\.why) == whole.map(\.why))
            // A page of a few after the titles read first, or one more, ranks as a page of
            // every match does: the first page and the next.
            let every = try engine.searchPage(
                SearchRequest(typed).limit(SearchRequest.maximumLimit).cursor("").at(Self.t0), donor: donor
            ).results
            #expect(whole.map(\.id) == every.prefix(limit).map(\.id), "\(context)")
            if let next = page.nextCursor {
                let second = try engine.searchPage(request.cursor(next), donor: donor).results
                #expect(second.map(\.id) == every.dropFirst(limit).prefix(limit).map(\.id), "\(context)")
            }
            if donor != .system {
                #expect(!every.contains { $0.app != "com.example.notes" }, "\(context)")
            }
        }
    }

    /// A long last word matches as a whole word first; a title that has it only as a prefix
    /// ("reports" for "report") still has every term as ranking matches it, so a first page
    /// that reads the titles apart reads that one with them, never as a match whose title lacks
    /// a term.
    @Test(arguments: TestBackend.available) func aTitleWithALongWordAsAPrefixIsReadWithTheTitles(
        _ backend: TestBackend
    ) throws {
        let storage = try backend.make()
        let engine = try ProactiveEngine(
            storage: storage, configuration: EngineConfiguration.withClock(TestClock(Self.t0)))
        // Enough whole-word matches that the prefix's other words are not read: titles that
        // have the word, long and 20 days old, and matches in descriptions only.
        let old = (0..<40).map { i in
            TestDocument.searchableItem(
                app: "com.example.notes", id: "old-\(i)",
                title: "report lorem ipsum dolor sit amet consectetur adipiscing \(i)"
            ).data
        }
        try engine.donate(documents: old, now: Self.t0.addingTimeInterval(-20 * 86_400))
        let described = (0..<20).map { i in
            TestDocument.searchableItem(
                app: "com.example.notes", id: "described-\(i)", title: "lorem \(i)",
                description: "the report"
            ).data
        }
        // Fresh, a short title with the word as a prefix, the word whole in its description.
        let fresh = TestDocument.searchableItem(
            app: "com.example.notes", id: "fresh", title: "Reports", description: "a report"
        ).data
        try engine.donate(documents: described + [fresh], now: Self.t0)
        let first = try engine.search(SearchRequest("report").limit(20).at(Self.t0))
        let whole = try engine.searchPage(SearchRequest("report").limit(20).cursor("").at(Self.t0)).results
        #expect(first.first?.uniqueIdentifier == "fresh", "\(backend)")
        #expect(first.map(\.id) == whole.map(\.id), "\(backend)")
    }
}
