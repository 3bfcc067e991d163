import Foundation
import Proactive
import ProactiveModel
import ProactiveTesting
import Testing

/// The test support product as a user's tests use it: every builder's document is accepted by
/// the engine, and the clock drives what the engine sees.
@Suite struct ProactiveTestingTests {
    @Test func everyBuilderMakesADocumentTheEngineAccepts() throws {
        let clock = TestClock()
        let engine = try ProactiveEngine.inMemory(clock: clock)
        let app = "com.example.reviews"
        let documents: [TestDocument] = [
            .app(app, name: "Yummy Reviews", activityTypes: ["\(app).restaurant"]),
            .searchableItem(
                app: app, id: "r-1", title: "Café de Flore", description: "Brasserie",
                attributes: ["city": "Paris", "keywords": ["café", "brasserie"]]),
            .activity(
                app: app, type: "\(app).restaurant", title: "Yank Sing", current: true,
                persistentIdentifier: "restaurant-42", userInfo: ["restaurantID": "42"]),
            .interaction(app: "com.example.chat", intent: "sendMessage", recipients: ["+33 6 12 34 56 78"]),
            .pageVisit(
                app: "org.example.browser", url: "https://www.example.org/",
                html: "<html><head><title>Example page</title></head><body>Hello</body></html>"),
            .nowPlaying(app: "com.example.podcasts", title: "Episode 21"),
            .event("headphonesConnected"),
        ]
        let receipts = try engine.donate(documents: documents.map(\.data))
        #expect(receipts.map(\.status) == Array(repeating: .accepted, count: documents.count), "\(receipts)")
        #expect(try engine.search(SearchRequest("flore")).first?.uniqueIdentifier == "r-1")
    }

    @Test func theClockIsTheEnginesTime() throws {
        let clock = TestClock()
        let engine = try ProactiveEngine.inMemory(clock: clock)
        try engine.donate(
            documents: [
                TestDocument.searchableItem(
                    app: "com.example.notes", id: "n-1", title: "Short lived",
                    extra: ["expirationDate": .date(TestClock.referenceDate.addingTimeInterval(3600))]
                ).data
            ])
        #expect(try engine.search(SearchRequest("short")).count == 1)
        clock.advance(by: 7200)
        #expect(clock.now == TestClock.referenceDate.addingTimeInterval(7200))
        #expect(try engine.search(SearchRequest("short")).isEmpty, "an expired item is found")
    }

    @Test func documentsAreJSONWithTheirFields() throws {
        let document = TestDocument.searchableItem(app: "a", id: "1", title: "Quote \" and é")
        let object = try #require(try JSONSerialization.jsonObject(with: document.data) as? [String: Any])
        #expect(object["type"] as? String == "searchableItem")
        #expect((object["attributeSet"] as? [String: Any])?["title"] as? String == "Quote \" and é")
        #expect(
            TestDocument.event("location", ["latitude": 48.85, "longitude": 2.35]).json.contains("48.85"))
    }
}
