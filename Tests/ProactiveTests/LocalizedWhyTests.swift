import Foundation
import Proactive
import ProactiveModel
import ProactiveTesting
import Testing

/// Every `why` a person reads follows the locale, in the six languages.
@Suite struct LocalizedWhyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var titleMatch: String
        var indexed: String
        var testDescription: String { locale }
    }

    static let cases: [Case] = [
        Case(
            locale: "en-US", titleMatch: "title matches “flore”",
            indexed: "indexed in com.example.reviews 3 days ago"),
        Case(
            locale: "fr-FR", titleMatch: "le titre correspond à « flore »",
            indexed: "indexé dans com.example.reviews il y a 3 jours"),
        Case(
            locale: "it-IT", titleMatch: "il titolo corrisponde a “flore”",
            indexed: "indicizzato in com.example.reviews 3 giorni fa"),
        Case(
            locale: "pt-BR", titleMatch: "o título corresponde a “flore”",
            indexed: "indexado em com.example.reviews há 3 dias"),
        Case(
            locale: "de-DE", titleMatch: "Titel passt zu „flore“",
            indexed: "vor 3 Tagen in com.example.reviews indexiert"),
        Case(locale: "zh-TW", titleMatch: "標題符合「flore」", indexed: "3 天前在 com.example.reviews 中建立索引"),
        // Chinese in Simplified characters for a Simplified locale, with the mainland's quotes.
        Case(locale: "zh-CN", titleMatch: "标题符合“flore”", indexed: "3 天前在 com.example.reviews 中建立索引"),
        Case(locale: "zh-Hans", titleMatch: "标题符合“flore”", indexed: "3 天前在 com.example.reviews 中建立索引"),
        Case(locale: "zh_SG.UTF-8", titleMatch: "标题符合“flore”", indexed: "3 天前在 com.example.reviews 中建立索引"),
        Case(locale: "zh-Hant-CN", titleMatch: "標題符合「flore」", indexed: "3 天前在 com.example.reviews 中建立索引"),
        Case(locale: "zh-HK", titleMatch: "標題符合「flore」", indexed: "3 天前在 com.example.reviews 中建立索引"),
    ]

    @Test(arguments: cases)
    func searchExplainsInTheLocale(_ c: Case) throws {
        let clock = TestClock()
        let engine = try ProactiveEngine.inMemory(clock: clock)
        try engine.donate(
            documents: [
                TestDocument.searchableItem(app: "com.example.reviews", id: "r-1", title: "Café de Flore")
                    .data
            ])
        clock.advance(by: 3 * 86_400 + 60)
        let result = try #require(try engine.search(SearchRequest("flore").locale(c.locale)).first)
        #expect(result.why == [c.titleMatch, c.indexed])
    }

    @Test func distancesUseTheLanguagesDecimalMarkAndOrder() throws {
        let clock = TestClock()
        let engine = try ProactiveEngine.inMemory(clock: clock)
        let app = "com.example.maps"
        try engine.donate(
            documents: [
                TestDocument.searchableItem(
                    app: app, id: "p-1", title: "Café de Flore",
                    attributes: [
                        "namedLocation": "Café de Flore", "city": "Paris", "country": "France",
                        "latitude": 48.8542, "longitude": 2.3326, "supportsNavigation": true,
                    ]
                ).data
            ])
        let near = Coordinate(latitude: 48.8666, longitude: 2.3333)  // about 1.4 km north
        let expectations = [
            "en": "1.4 km away", "fr": "à 1,4 km", "it": "a 1,4 km", "pt": "a 1,4 km",
            "de": "1,4 km entfernt",
            "zh": "距離 1.4 公里", "zh-Hans": "距离 1.4 公里",
        ]
        for (language, away) in expectations {
            let list = try engine.suggestions(
                for: SuggestionRequest(surface: .maps).locale(language).near(near))
            let why = try #require(list.first?.why)
            #expect(why.first == away, "\(language): \(why)")
            #expect(why.count >= 2, "\(language): the sighting is explained too")
        }
        // Metres as the mainland writes them, Taiwan's 公尺 in Traditional.
        let closer = Coordinate(latitude: 48.8560, longitude: 2.3326)  // about 200 m north
        for (locale, away) in [("zh-TW", "距離 200 公尺"), ("zh-CN", "距离 200 米")] {
            let list = try engine.suggestions(
                for: SuggestionRequest(surface: .maps).locale(locale).near(closer))
            #expect(list.first?.why.first == away, "\(locale): \(list.first?.why ?? [])")
        }
        let french = try engine.suggestions(for: SuggestionRequest(surface: .maps).locale("fr-FR"))
        #expect(french.first?.why.first?.hasPrefix("vu dans com.example.maps") == true, "\(french)")
    }
}
