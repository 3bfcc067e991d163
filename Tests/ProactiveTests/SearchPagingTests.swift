import Foundation
import Proactive
import ProactiveModel
import Testing

/// Paging through every match of a search (`SearchRequest.cursor`, `SearchPage.nextCursor`).
@Suite struct SearchPagingTests {
    /// Donates `count` items titled "Zebra crossing report N" (and one unrelated item).
    static func fixture(count: Int, exact: Bool = false) throws -> EngineFixture {
        let f = try EngineFixture()
        var documents: [String] = []
        if exact { documents.append(f.item("com.example.notes", "exact", title: "Zebra")) }
        documents += (0..<count).map {
            f.item("com.example.notes", "z\($0)", title: "Zebra crossing report \($0)")
        }
        documents.append(f.item("com.example.notes", "other", title: "Giraffe"))
        try f.engine.donate(documents: documents.map { Data($0.utf8) }, now: EngineFixture.t0)
        return f
    }

    @Test func aLimitAboveTheOldWindowReturnsEveryMatch() throws {
        let f = try Self.fixture(count: 300)
        let results = try f.engine.search(SearchRequest("zebra").limit(310).at(EngineFixture.t0))
        #expect(results.count == 300)
    }

    @Test func pagesCoverEveryMatchOnceInRankOrder() throws {
        let f = try Self.fixture(count: 301)
        var seen: [String] = []
        var scores: [Double] = []
        var cursor = ""
        var pages = 0
        while true {
            let page = try f.engine.searchPage(
                SearchRequest("zebra").limit(70).cursor(cursor).at(EngineFixture.t0))
            pages += 1
            seen += page.results.compactMap(\.uniqueIdentifier)
            scores += page.results.map(\.score)
            guard let next = page.nextCursor else { break }
            #expect(page.results.count == 70)
            cursor = next
            #expect(pages < 10, "paging does not end")
            if pages >= 10 { break }
        }
        #expect(pages == 5)
        #expect(seen.count == 301)
        #expect(Set(seen) == Set((0..<301).map { "z\($0)" }))
        #expect(scores == scores.sorted(by: >))
    }

    @Test func pagesStayStableWhenTimePassesAndItemsArrive() throws {
        let f = try Self.fixture(count: 50)
        let first = try f.engine.searchPage(SearchRequest("zebra").limit(20).cursor("").at(EngineFixture.t0))
        // A newer matching item arrives and a day passes before the next page: the ranking
        // stays the first page's, so nothing repeats and nothing older is skipped.
        try f.donate(
            f.item("com.example.notes", "late", title: "Zebra crossing report late"),
            at: EngineFixture.t0.addingTimeInterval(3600))
        var seen = first.results.compactMap(\.uniqueIdentifier)
        var cursor = first.nextCursor
        while let next = cursor {
            let page = try f.engine.searchPage(
                SearchRequest("zebra").limit(20).cursor(next).at(EngineFixture.t0.addingTimeInterval(86_400)))
            seen += page.results.compactMap(\.uniqueIdentifier)
            cursor = page.nextCursor
        }
        #expect(Set(seen).count == seen.count, "a result repeats across pages")
        #expect(Set(seen).isSuperset(of: (0..<50).map { "z\($0)" }))
    }

    /// Relevance decides before recency over every match: an exact title donated before 600
    /// longer titles containing the word is the first result of the first page.
    @Test func theExactTitleIsFirstAmongEveryMatch() throws {
        let f = try Self.fixture(count: 600, exact: true)
        let page = try f.engine.searchPage(SearchRequest("zebra").limit(5).cursor("").at(EngineFixture.t0))
        #expect(page.results.first?.uniqueIdentifier == "exact")
        #expect(page.nextCursor != nil)
    }

    @Test func aLimitAboveTheMaximumIsAnErrorNamingLimit() throws {
        let f = try Self.fixture(count: 3)
        #expect(SearchRequest.maximumLimit == 1000)
        for limit in [1001, 1_000_000, 0, -1] {
            do {
                _ = try f.engine.searchPage(SearchRequest("zebra").limit(limit).cursor(""))
                Issue.record("limit \(limit) accepted")
            } catch let error as EngineError {
                #expect(error.parameter == "limit")
                if limit > 1000 { #expect(error.message.contains("1000")) }
            }
        }
    }

    /// A query of more terms than ``SearchRequest/maximumTerms`` is an error naming it, not
    /// seconds of work (10,000 words took 1.5 s); the maximum is searched.
    @Test func aQueryOfTooManyTermsIsAnErrorNamingQuery() throws {
        let f = try Self.fixture(count: 3)
        func words(_ n: Int) -> String { (0..<n).map { "w\($0)" }.joined(separator: " ") }
        for text in [
            words(1025), words(10_000),
            String(String.UnicodeScalarView((0..<1100).map { Unicode.Scalar(0x4E00 + $0)! })),
        ] {
            do {
                _ = try f.engine.search(SearchRequest(text))
                Issue.record("\(text.count) characters accepted")
            } catch let error as EngineError {
                #expect(error.code == .invalidRequest && error.parameter == "query")
                #expect(error.message.contains("1024"))
            }
        }
        #expect(try f.engine.search(SearchRequest(words(1024))).isEmpty)
        #expect(try f.engine.search(SearchRequest("zebra " + words(1022))).isEmpty)
    }

    @Test func aForeignOrDamagedCursorIsRejectedNamingCursor() throws {
        let f = try Self.fixture(count: 30)
        let page = try f.engine.searchPage(SearchRequest("zebra").limit(10).cursor("").at(EngineFixture.t0))
        let cursor = try #require(page.nextCursor)
        for (text, bad) in [
            ("crossing", cursor), ("zebra", "not-a-cursor"), ("zebra", String(cursor.dropLast(3))),
        ] {
            do {
                _ = try f.engine.searchPage(SearchRequest(text).limit(10).cursor(bad).at(EngineFixture.t0))
                Issue.record("cursor \(bad) accepted for \(text)")
            } catch let error as EngineError {
                #expect(error.parameter == "cursor")
            }
        }
        // The same search on another app is another search.
        #expect(throws: EngineError.self) {
            try f.engine.searchPage(SearchRequest("zebra").app("com.example.other").limit(10).cursor(cursor))
        }
    }

    @Test func theLastPageHasNoNextCursor() throws {
        let f = try Self.fixture(count: 5)
        let page = try f.engine.searchPage(SearchRequest("zebra").limit(5).cursor("").at(EngineFixture.t0))
        #expect(page.results.count == 5)
        #expect(page.nextCursor == nil)
        let json = String(decoding: try JSONEncoder().encode(page), as: UTF8.self)
        #expect(json.contains(#""nextCursor":null"#))
        // Without a cursor, no paging: no next cursor either.
        let plain = try f.engine.searchPage(SearchRequest("zebra").limit(2).at(EngineFixture.t0))
        #expect(plain.results.count == 2 && plain.nextCursor == nil)
    }
}
