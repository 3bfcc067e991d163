import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import ProactiveTesting
import Testing

@Suite struct SuggestionTests {
    /// Two weeks of nights at home and weekday days at work, as plain location events, with the
    /// radio app played on each arrival home; then an arrival home derived from locations alone.
    @Test func arrivingHomeIsLearnedFromLocationsAndSuggestsTheUsualApp() throws {
        let f = try EngineFixture()
        try f.donate(
            #"{"type":"app","bundleIdentifier":"com.example.radio","name":"Radio","isMediaApp":true}"#)
        let home = (48.8566, 2.3522)
        let work = (48.8917, 2.2380)
        var docs: [String] = []
        let day0 = Date(timeIntervalSince1970: 1_793_145_600)  // 2026-10-28T00:00:00Z, a Wednesday
        func location(_ p: (Double, Double), _ t: Date) -> String {
            #"{"type":"event","at":"\#(DonationCoding.formatDate(t))","event":"location","latitude":\#(p.0),"longitude":\#(p.1)}"#
        }
        for day in 0..<14 {
            let start = day0.addingTimeInterval(Double(day) * 86_400)
            for hour in stride(from: 0.0, through: 7.5, by: 0.5) {
                docs.append(location(home, start.addingTimeInterval(hour * 3600)))
            }
            let weekday = (day + 3) % 7 < 5
            if weekday {
                for hour in stride(from: 9.0, through: 17.0, by: 0.5) {
                    docs.append(location(work, start.addingTimeInterval(hour * 3600)))
                }
            }
            let back = start.addingTimeInterval(19 * 3600)
            docs.append(location(home, back))
            docs.append(
                #"{"type":"nowPlaying","app":"com.example.radio","at":"\#(DonationCoding.formatDate(back.addingTimeInterval(120)))","state":"playing","title":"Evening news","playbackDuration":1800}"#
            )
            for hour in stride(from: 19.5, through: 23.5, by: 0.5) {
                docs.append(location(home, start.addingTimeInterval(hour * 3600)))
            }
        }
        let receipts = try f.engine.donate(documents: docs.map { Data($0.utf8) }, now: day0)
        #expect(receipts.allSatisfy { $0.status != .rejected })
        // A new day: at work, then back home (locations only, no "arrived" event).
        let today = day0.addingTimeInterval(14 * 86_400)
        let arrival = today.addingTimeInterval(19 * 3600)
        try f.engine.donate(
            documents: [location(work, today.addingTimeInterval(15 * 3600)), location(home, arrival)].map {
                Data($0.utf8)
            },
            now: today)
        let suggestions = try f.engine.suggestions(
            for: SuggestionRequest(surface: .lockScreen).at(arrival.addingTimeInterval(30)))
        let first = try #require(suggestions.first)
        #expect(first.action.app == "com.example.radio")
        #expect(first.why.first?.contains("home") == true)
    }

    @Test func aPersonIsTheSameWhateverTheNumberFormat() throws {
        var configuration = EngineConfiguration()
        configuration.phoneRegion = "FR"
        configuration.clock = { EngineFixture.t0 }
        let engine = try ProactiveEngine(storage: SQLiteStorage(), configuration: configuration)
        let docs = [
            #"{"type":"interaction","app":"com.example.chat","at":"2026-11-20T10:00:00Z","intent":{"kind":"sendMessage","recipients":[{"handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]}}"#,
            #"{"type":"interaction","app":"com.example.phone","at":"2026-11-20T11:00:00Z","intent":{"kind":"startVideoCall","recipients":[{"handle":"06.12.34.56.78"}]}}"#,
            #"{"type":"interaction","app":"com.example.mail","at":"2026-11-20T12:00:00Z","intent":{"kind":"sendMessage","recipients":[{"handle":"Alice.Martin@Example.org","handleType":"emailAddress"}]}}"#,
        ]
        try engine.donate(documents: docs.map { Data($0.utf8) })
        let card = try engine.suggestions(for: SuggestionRequest(surface: .contactCard).person("0612345678"))
        #expect(Set(card.compactMap(\.action.app)) == ["com.example.chat", "com.example.phone"])
        #expect(card.first { $0.action.app == "com.example.phone" }?.action.type == .call)
        let byMail = try engine.suggestions(
            for: SuggestionRequest(surface: .contactCard).person("alice.martin@example.org"))
        #expect(byMail.compactMap(\.action.app) == ["com.example.mail"])
    }

    @Test func theContactCardOffersWhatTheLatestInteractionInEachAppDid() throws {
        var configuration = EngineConfiguration()
        configuration.phoneRegion = "FR"
        let clock = TestClock(EngineFixture.t0)
        configuration.clock = clock.function
        let engine = try ProactiveEngine(storage: SQLiteStorage(), configuration: configuration)
        func interaction(_ app: String, _ kind: String, _ at: String) -> Data {
            Data(
                #"{"type":"interaction","app":"\#(app)","at":"\#(at)","intent":{"kind":"\#(kind)","recipients":[{"handle":"+33612345678"}]}}"#
                    .utf8)
        }
        // Donated out of order: the latest moment decides, not the latest donation.
        try engine.donate(documents: [
            interaction("com.example.phone", "sendMessage", "2026-11-20T12:00:00Z"),
            interaction("com.example.phone", "startAudioCall", "2026-11-20T10:00:00Z"),
            interaction("com.example.chat", "startVideoCall", "2026-11-20T09:00:00Z"),
            interaction("com.example.chat", "sendMessage", "2026-11-20T11:00:00Z"),
        ])
        func actions() throws -> [String: Suggestion.Action.ActionType] {
            let card = try engine.suggestions(
                for: SuggestionRequest(surface: .contactCard).person("0612345678"))
            return Dictionary(
                uniqueKeysWithValues: card.compactMap { s in s.action.app.map { ($0, s.action.type) } })
        }
        #expect(try actions() == ["com.example.phone": .message, "com.example.chat": .message])
        // A call donated after the kept models learned: the next card calls.
        clock.advance(by: 3600)
        try engine.donate(documents: [
            interaction(
                "com.example.chat", "startVideoCall",
                EngineFixture.t0.addingTimeInterval(1800).ISO8601Format())
        ])
        #expect(try actions() == ["com.example.phone": .message, "com.example.chat": .call])
    }

    @Test func placeSurfacesAreRefusedClearly() throws {
        let f = try EngineFixture()
        #expect(throws: EngineError.self) { try f.engine.suggestions(for: SuggestionRequest(surface: .siri)) }
        #expect(throws: EngineError.self) {
            try f.engine.suggestions(for: SuggestionRequest(surface: .contactCard))
        }
    }

    /// A limit past the maximum is refused by name on every surface: before, a limit near
    /// `Int.max` overflowed the next-app ranking's `limit * 3` and the process trapped.
    @Test func aLimitPastTheMaximumIsRefusedByName() throws {
        let f = try EngineFixture()
        for surface in [Surface.appSwitcher, .lockScreen, .maps] {
            for limit in [SuggestionRequest.maximumLimit + 1, Int.max] {
                #expect {
                    try f.engine.suggestions(for: SuggestionRequest(surface: surface).limit(limit))
                } throws: {
                    ($0 as? EngineError)?.parameter == "limit"
                }
            }
            let most = SuggestionRequest(surface: surface).limit(SuggestionRequest.maximumLimit)
            #expect(try f.engine.suggestions(for: most).isEmpty)
        }
    }

    @Test func dismissingAPredictedAppLowersIt() throws {
        let f = try EngineFixture()
        var docs: [String] = []
        for i in 0..<60 {
            let t = EngineFixture.t0.addingTimeInterval(Double(i - 60) * 3600)
            let app = ["com.a.mail", "com.a.news", "com.a.mail", "com.a.chat"][i % 4]
            docs.append(
                #"{"type":"event","at":"\#(DonationCoding.formatDate(t))","event":"appLaunched","app":"\#(app)"}"#
            )
        }
        try f.engine.donate(documents: docs.map { Data($0.utf8) })
        let before = try f.engine.suggestions(for: SuggestionRequest(surface: .spotlight).limit(3))
        let top = try #require(before.first)
        #expect(top.why.isEmpty == false)
        var dismissals: [String] = []
        for i in 0..<8 {
            dismissals.append(
                #"{"type":"event","at":"\#(DonationCoding.formatDate(EngineFixture.t0.addingTimeInterval(Double(i))))","event":"suggestionDismissed","id":"\#(top.id)"}"#
            )
        }
        try f.engine.donate(documents: dismissals.map { Data($0.utf8) })
        let after = try f.engine.suggestions(
            for: SuggestionRequest(surface: .spotlight).limit(3).at(EngineFixture.t0.addingTimeInterval(60)))
        let rankBefore = before.firstIndex { $0.id == top.id } ?? 99
        let rankAfter = after.firstIndex { $0.id == top.id } ?? 99
        #expect(rankAfter > rankBefore || (after.first { $0.id == top.id }?.score ?? 0) < top.score)
    }
}
