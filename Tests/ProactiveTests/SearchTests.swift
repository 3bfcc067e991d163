import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import Testing

@Suite struct SearchTests {
    struct LanguageCase: Sendable, CustomTestStringConvertible {
        var language: String
        var title: String
        var description: String
        var queries: [String]
        var misses: [String]
        var testDescription: String { language }
    }

    static let languages: [LanguageCase] = [
        LanguageCase(
            language: "en", title: "Yank Sing", description: "Dim sum restaurant near the Embarcadero",
            queries: ["yank", "dim su", "EMBARC", "restaur"], misses: ["yankee", "pizza"]),
        LanguageCase(
            language: "fr", title: "Café de Flore", description: "Brasserie à Saint-Germain-des-Prés",
            queries: ["cafe", "café", "pres", "germain", "brass"], misses: ["cafes", "lyon"]),
        LanguageCase(
            language: "it", title: "Trattoria Città Vecchia", description: "Cucina romana, così buona",
            queries: ["citta", "CITTÀ", "cosi", "romana"], misses: ["milano"]),
        LanguageCase(
            language: "pt", title: "Pastelaria São João", description: "Pão de queijo e café em São Paulo",
            queries: ["sao", "joao", "pao", "queijo", "paulo"], misses: ["lisboa"]),
        LanguageCase(
            language: "de", title: "Bäckerei an der Großen Straße",
            description: "Frische Brötchen in München",
            queries: ["backerei", "strasse", "straße", "grossen", "munchen", "brotchen"], misses: ["berlin"]),
        LanguageCase(
            language: "zh", title: "永康牛肉麵館", description: "台北最好吃的紅燒牛肉麵",
            queries: ["牛肉", "牛", "肉麵", "永康牛肉麵館", "紅燒", "台北"], misses: ["北京", "牛排"]),
    ]

    @Test(arguments: languages)
    func findsInEveryLanguage(_ c: LanguageCase) throws {
        let f = try EngineFixture()
        try f.donate(
            f.item(
                "com.example.app", "doc", title: c.title, extra: #","contentDescription":"\#(c.description)""#
            ))
        try f.donate(
            f.item(
                "com.example.app", "other", title: "Unrelated thing",
                extra: #","contentDescription":"nothing here""#))
        for query in c.queries {
            let results = try f.search(query)
            #expect(results.map(\.uniqueIdentifier) == ["doc"], "query \(query)")
            #expect(results.first?.why.isEmpty == false)
        }
        for query in c.misses {
            #expect(try f.search(query).isEmpty, "query \(query) should not match")
        }
    }

    @Test func titleOutranksDescriptionAndEngagementBreaksTies() throws {
        let f = try EngineFixture()
        try f.donate(
            f.item("com.a.b", "title", title: "Noodle House"),
            f.item(
                "com.a.b", "desc", title: "Something",
                extra: #","contentDescription":"the best noodle place""#),
            f.item("com.a.b", "twin", title: "Noodle House"))
        let results = try f.search("noodle")
        #expect(results.count == 3)
        #expect(results.last?.uniqueIdentifier == "desc")
        // The user opens the older twin three times: it moves ahead of the newer one.
        let older = try #require(results.first { $0.uniqueIdentifier == "title" })
        for _ in 0..<3 {
            try f.donate(#"{"type":"event","event":"suggestionEngaged","id":"\#(older.id)"}"#)
        }
        let again = try f.search("noodle")
        #expect(again.first?.uniqueIdentifier == "title")
        #expect(again.first?.why.contains("opened 3 times") == true)
    }

    /// The issue's example: one item titled exactly "Zebra", then 600 newer "Zebra crossing
    /// report N" items: the exact title is the first result of the first page, 20 days older (an
    /// item lasts 30 days unless it says otherwise).
    @Test func theExactTitleComesFirstWhateverItsAge() throws {
        let f = try EngineFixture()
        try f.donate(
            f.item("com.a.b", "exact", title: "Zebra"), at: EngineFixture.t0.addingTimeInterval(-20 * 86_400))
        let reports = (0..<600).map {
            f.item("com.a.b", "r\($0)", title: "Zebra crossing report \($0) of the week")
        }
        _ = try f.engine.donate(documents: reports.map { Data($0.utf8) }, now: EngineFixture.t0)
        let results = try f.search("zebra")
        #expect(results.first?.uniqueIdentifier == "exact")
        #expect(results.count == 20)
    }

    @Test func onlyEligibleAndUnexpiredAreFound() throws {
        let f = try EngineFixture()
        try f.declare("com.a.b", types: ["com.a.b.view"])
        try f.donate(
            #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.view","title":"Secret plan","isEligibleForSearch":false}"#,
            #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.view","title":"Public plan","isEligibleForSearch":true}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"old","expirationDate":"2026-11-21T13:00:00Z","attributeSet":{"title":"Expiring plan"}}"#
        )
        #expect(try f.search("plan").map(\.title).sorted() == ["Expiring plan", "Public plan"])
        let later = EngineFixture.t0.addingTimeInterval(7200)
        #expect(try f.search("plan", at: later).map(\.title) == ["Public plan"])
        // Items without an expiration date live 30 days.
        try f.donate(f.item("com.a.b", "month", title: "Monthly plan"))
        #expect(try f.search("monthly", at: EngineFixture.t0.addingTimeInterval(29 * 86_400)).count == 1)
        #expect(try f.search("monthly", at: EngineFixture.t0.addingTimeInterval(31 * 86_400)).isEmpty)
    }

    /// What has expired by the donation's clock is refused by name and stores nothing: before,
    /// it was reported accepted and never found. Each path of the engine: a lone document, a
    /// run of staged ones, a batch (all or nothing), an interaction's activity.
    @Test func whatHasExpiredWhenDonatedIsRefusedByName() throws {
        let f = try EngineFixture()
        try f.declare("com.a.b", types: ["com.a.b.view"])
        let past = "2026-11-21T11:59:59Z"
        let receipts = try f.donate(
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"gone","expirationDate":"\#(past)","attributeSet":{"title":"Stale plan"}}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"now","expirationDate":"2026-11-21T12:00:00Z","attributeSet":{"title":"Stale plan"}}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"kept","expirationDate":"2026-11-21T12:00:01Z","attributeSet":{"title":"Fresh plan"}}"#,
            #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.view","title":"Stale plan","isEligibleForSearch":true,"current":true,"expirationDate":"\#(past)"}"#,
            #"{"type":"searchableItemBatch","app":"com.a.b","items":[{"uniqueIdentifier":"b1","attributeSet":{"title":"Stale plan"}},{"uniqueIdentifier":"b2","expirationDate":"\#(past)","attributeSet":{"title":"Stale plan"}}]}"#,
            #"{"type":"interaction","app":"com.a.b","intent":{"kind":"sendMessage","recipients":[{"handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]},"activity":{"activityType":"com.a.b.view","title":"Stale plan","isEligibleForSearch":true,"expirationDate":"\#(past)"}}"#,
            // Donated at a moment of its own, before its expiry: the engine's clock is an input.
            #"{"type":"searchableItem","app":"com.a.b","at":"2026-11-20T12:00:00Z","uniqueIdentifier":"then","expirationDate":"\#(past)","attributeSet":{"title":"Earlier plan"}}"#
        )
        #expect(
            receipts.map(\.status) == [
                .rejected, .rejected, .accepted, .rejected, .rejected, .rejected, .accepted,
            ])
        #expect(
            receipts.map(\.field) == [
                "expirationDate", "expirationDate", nil, "expirationDate", "items[1].expirationDate",
                "activity.expirationDate", nil,
            ])
        #expect(receipts[0].reason?.contains("2026-11-21T11:59:59Z has passed") == true)
        #expect(try f.search("plan").map(\.title) == ["Fresh plan"])
        let before = EngineFixture.t0.addingTimeInterval(-3600)
        #expect(try f.search("earlier", at: before).map(\.title) == ["Earlier plan"])
        #expect(try f.search("stale", at: before).isEmpty)
    }

    /// A donation dated near the end of year 9999 expires at its last second, not in year
    /// 10000, which ISO 8601's four-digit years cannot write: before, its receipt said
    /// `10000-01-30T23:59:59Z`.
    @Test func aDefaultLifetimeEndsByTheYear9999() throws {
        let f = try EngineFixture()
        let receipts = try f.donate(
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"far","at":"9999-12-31T00:00:00Z","attributeSet":{"title":"Far plan"}}"#
        )
        let expiresAt = try #require(receipts.first?.expiresAt)
        #expect(DonationCoding.formatDate(expiresAt) == "9999-12-31T23:59:59Z")
        #expect(try f.search("far", at: expiresAt.addingTimeInterval(-1)).map(\.title) == ["Far plan"])
    }

    @Test func expiredDataIsPurgedFromTheIndex() throws {
        let f = try EngineFixture()
        try f.donate(
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"x","expirationDate":"2026-11-21T13:00:00Z","attributeSet":{"title":"Ephemeral zebra"}}"#
        )
        #expect(try f.storage.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "zebra")) } == 1)
        // Any later write purges what has expired, index rows included.
        try f.donate(f.item("com.a.b", "y", title: "Other"), at: EngineFixture.t0.addingTimeInterval(7200))
        #expect(try f.storage.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "zebra")) } == 0)
    }

    @Test func queryLanguageFilters() throws {
        let f = try EngineFixture()
        try f.donate(
            f.item(
                "com.a.b", "1", title: "Restaurant Le Marais",
                extra: #","city":"Paris","namedLocation":"Le Marais","rating":4.5"#),
            f.item(
                "com.a.b", "2", title: "Restaurant Bellecour",
                extra: #","city":"Lyon","namedLocation":"Bellecour","rating":3"#),
            f.item(
                "com.a.b", "3", title: "Musée", extra: #","city":"Paris","namedLocation":"Musée","rating":5"#)
        )
        let filter = try SearchQueryExpression(parsing: #"title == "rest*"cd && city == "Paris""#)
        #expect(try f.engine.search(SearchRequest("", filter: filter)).map(\.uniqueIdentifier) == ["1"])
        let range = try SearchQueryExpression(parsing: "InRange(rating, 4, 5) || city == \"Lyon\"")
        #expect(
            Set(try f.engine.search(SearchRequest("", filter: range)).compactMap(\.uniqueIdentifier)) == [
                "1", "2", "3",
            ])
        let combined = try SearchQueryExpression(parsing: "rating > 4")
        #expect(
            try f.engine.search(SearchRequest("restaurant", filter: combined)).map(\.uniqueIdentifier) == [
                "1"
            ])
        #expect(throws: EngineError.self) {
            try f.engine.search(
                SearchRequest("", filter: try SearchQueryExpression(parsing: "colour == \"red\"")))
        }
        #expect(throws: EngineError.self) { try f.engine.search(SearchRequest("  ")) }
    }
}
