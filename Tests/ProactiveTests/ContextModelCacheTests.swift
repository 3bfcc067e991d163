import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import ProactiveTesting
import Testing

/// The engine keeps its learned context between requests and feeds it what was donated since;
/// whatever happens in between, its answers must equal those of an engine that learns
/// everything from the store for that request.
@Suite struct ContextModelCacheTests {

    static let apps = ["com.a.mail", "com.a.news", "com.a.chat", "com.a.radio", "com.a.maps"]
    static let people = ["+33612345678", "+33698765432", "bob@example.org"]

    func document(_ rng: inout SplitMix64, at t: Date) -> String {
        let at = DonationCoding.formatDate(t)
        let app = Self.apps.randomElement(using: &rng)!
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            return #"{"type":"event","at":"\#(at)","event":"headphonesConnected"}"#
        case 1:
            return #"{"type":"event","at":"\#(at)","event":"headphonesDisconnected"}"#
        case 2:
            return
                #"{"type":"nowPlaying","app":"com.a.radio","at":"\#(at)","state":"playing","title":"Show \#(Int.random(in: 0..<3, using: &rng))"}"#
        case 3:
            let person = Self.people.randomElement(using: &rng)!
            let group = "g\(Int.random(in: 0..<4, using: &rng))"
            return
                #"{"type":"interaction","app":"\#(app)","at":"\#(at)","groupIdentifier":"\#(group)","intent":{"kind":"sendMessage","recipients":[{"handle":"\#(person)"}]}}"#
        case 4:
            let feedback = Bool.random(using: &rng) ? "suggestionEngaged" : "suggestionDismissed"
            return #"{"type":"event","at":"\#(at)","event":"\#(feedback)","id":"app/\#(app)"}"#
        default:
            return #"{"type":"event","at":"\#(at)","event":"appLaunched","app":"\#(app)"}"#
        }
    }

    func answers(_ engine: ProactiveEngine, at now: Date) throws -> [String] {
        var lines: [String] = []
        for surface in [Surface.lockScreen, .spotlight, .carPlay, .appSwitcher] {
            for s in try engine.suggestions(for: SuggestionRequest(surface: surface).at(now)) {
                lines.append("\(surface.rawValue) \(s.id) \(s.score) \(s.why.joined(separator: "|"))")
            }
        }
        for person in Self.people {
            for s in try engine.suggestions(
                for: SuggestionRequest(surface: .contactCard).person(person).at(now))
            {
                lines.append("card \(s.id) \(s.score) \(s.why.joined(separator: "|"))")
            }
        }
        return lines
    }

    @Test(arguments: [1, 2, 3, 4])
    func keptContextAnswersLikeContextLearnedAgain(seed: UInt64) throws {
        var configuration = EngineConfiguration()
        configuration.phoneRegion = "FR"
        let store = try SQLiteStorage()
        let kept = try ProactiveEngine(storage: store, configuration: configuration)
        var learning = configuration
        learning.keepsLearnedContext = false
        try kept.donate(
            documents: [
                Data(
                    #"{"type":"app","bundleIdentifier":"com.a.radio","name":"Radio","isMediaApp":true}"#.utf8)
            ])
        var rng = SplitMix64(seed: seed)
        var t = Date(timeIntervalSince1970: 1_795_262_400)
        var relearned = 0
        for step in 0..<120 {
            t.addTimeInterval(Double(Int.random(in: 30...7200, using: &rng)))
            var when = t
            let roll = Int.random(in: 0..<20, using: &rng)
            if roll == 0 { when = t.addingTimeInterval(-3 * 3600) }  // donated late
            if roll == 1 { when = t.addingTimeInterval(1800) }  // dated in the future
            if roll == 3 { when = t.addingTimeInterval(-120) }  // a little late
            let count = Int.random(in: 1...4, using: &rng)
            try kept.donate(
                documents: (0..<count).map { _ in Data(document(&rng, at: when).utf8) }, now: t)
            if roll == 2 {
                let app = Self.apps.randomElement(using: &rng)!
                _ = try kept.delete(DeletionRequest(app: app, target: .interactionGroups(["g1", "g2"])))
            }
            if roll == 4 {
                // A request about a moment a little earlier, then about now.
                let before = t.addingTimeInterval(-60)
                let fresh = try ProactiveEngine(storage: store, configuration: learning)
                #expect(try answers(kept, at: before) == answers(fresh, at: before), "step \(step), earlier")
            }
            if step % 3 == 0 {
                let fresh = try ProactiveEngine(storage: store, configuration: learning)
                let expected = try answers(fresh, at: t)
                #expect(try answers(kept, at: t) == expected, "step \(step)")
                relearned += 1
            }
        }
        #expect(relearned == 40)
        // An earlier moment is answered too, and does not disturb the kept models.
        let earlier = t.addingTimeInterval(-86_400)
        let fresh = try ProactiveEngine(storage: store, configuration: learning)
        #expect(try answers(kept, at: earlier) == answers(fresh, at: earlier))
        #expect(try answers(kept, at: t) == answers(fresh, at: t))
    }
}
