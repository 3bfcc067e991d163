import Foundation
import ProactiveRanking
import Testing

@Suite("NextAppPredictor")
struct NextAppPredictorTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13 UTC, a Tuesday

    /// A day offset from `start` at a given UTC hour.
    func day(_ day: Int, hour: Int, minute: Int = 0) -> Date {
        let midnight = (start.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        return Date(
            timeIntervalSince1970: midnight + Double(day) * 86_400 + Double(hour * 3_600 + minute * 60))
    }

    @Test("learns which app follows which, and says so")
    func transitions() {
        var predictor = NextAppPredictor()
        var time = start
        for _ in 0..<30 {
            for app in ["Mail", "Calendar", "Browser", "Notes", "Music", "Maps"] {
                predictor.observe(AppLaunch(app: app, at: time))
                time += 300
            }
        }
        // Many other apps are used more recently, but after Mail comes Calendar.
        for app in ["Browser", "Notes", "Music", "Maps", "Mail"] {
            predictor.observe(AppLaunch(app: app, at: time))
            time += 300
        }
        let ranking = predictor.predictions(in: NextAppContext(at: time, foregroundApp: "Mail"))
        #expect(ranking.predictions.first?.app == "Calendar")
        #expect(!ranking.predictions.contains { $0.app == "Mail" })
        #expect(ranking.predictions.first?.why.contains { $0.hasPrefix("often opened after Mail") } == true)
        let total = ranking.predictions.reduce(0) { $0 + $1.score }
        #expect(total > 0 && total <= 1 + 1e-9)
    }

    @Test(
        "learns what the user opens after a trigger",
        arguments: [
            ContextTrigger.headphonesConnected, .carConnected, .arrivedHome,
            .bluetoothConnected(device: "Car Audio"),
        ])
    func triggers(trigger: ContextTrigger) {
        var predictor = NextAppPredictor()
        var time = start
        for round in 0..<16 {
            for app in ["Mail", "Browser", "Chat"] {
                predictor.observe(AppLaunch(app: app, at: time))
                time += 600
            }
            let app = round < 14 ? "Podcasts" : "Music"
            predictor.observe(AppLaunch(app: app, at: time, trigger: trigger))
            time += 600
        }
        predictor.observe(AppLaunch(app: "Mail", at: time))
        let withTrigger = predictor.predictions(
            in: NextAppContext(
                at: time + 60, foregroundApp: "Mail", trigger: trigger, appNames: ["Podcasts": "Podcasts"]))
        #expect(withTrigger.predictions.first?.app == "Podcasts")
        let why = withTrigger.predictions.first?.why ?? []
        #expect(why.contains("you usually open Podcasts \(trigger.phrase) — 14 of the last 16 times"))
        let without = predictor.predictions(in: NextAppContext(at: time + 60, foregroundApp: "Mail"))
        #expect(without.predictions.first?.app != "Podcasts")
    }

    @Test("learns the time of day")
    func timeOfDay() {
        var predictor = NextAppPredictor()
        for day in 0..<21 {
            predictor.observe(AppLaunch(app: "News", at: self.day(day, hour: 7)))
            predictor.observe(AppLaunch(app: "Chat", at: self.day(day, hour: 12)))
            predictor.observe(AppLaunch(app: "Video", at: self.day(day, hour: 21)))
        }
        for (hour, expected) in [(7, "News"), (12, "Chat"), (21, "Video")] {
            let ranking = predictor.predictions(
                in: NextAppContext(at: day(21, hour: hour, minute: 5)), limit: 3)
            #expect(ranking.predictions.first?.app == expected, "at \(hour):05")
        }
    }

    @Test("dismissals lower an app and engagements raise it")
    func feedback() {
        var predictor = NextAppPredictor()
        var time = start
        for app in ["A", "B", "C", "A", "B", "C", "A", "B"] {
            predictor.observe(AppLaunch(app: app, at: time))
            time += 60
        }
        let context = NextAppContext(at: time, foregroundApp: "B")
        let before = predictor.predictions(in: context, limit: 3).predictions.map(\.app)
        let first = before[0]
        var dismissed = predictor
        dismissed.record(.dismissed, for: first)
        dismissed.record(.dismissed, for: first)
        #expect(dismissed.predictions(in: context, limit: 3).predictions.first?.app != first)
        let last = before[before.count - 1]
        var engaged = predictor
        for _ in 0..<3 { engaged.record(.engaged, for: last) }
        let after = engaged.predictions(in: context, limit: 3).predictions
        #expect(after.first?.app == last)
        #expect(after.first?.why.contains("you picked it from suggestions before") == true)
    }

    @Test("weights learn from the outcome of each prediction")
    func learning() {
        var predictor = NextAppPredictor()
        let initial = predictor.weights
        var time = start
        for index in 0..<200 {
            let ranking = predictor.predictions(in: NextAppContext(at: time), limit: 4)
            predictor.observe(AppLaunch(app: ["A", "B", "A", "C"][index % 4], at: time), following: ranking)
            time += 60
        }
        #expect(predictor.weights != initial)
        #expect(predictor.weights.values.allSatisfy { $0 >= 0 })
        // A stale ranking (a launch observed since) teaches nothing.
        let stale = predictor.predictions(in: NextAppContext(at: time))
        predictor.observe(AppLaunch(app: "A", at: time))
        let weights = predictor.weights
        predictor.observe(AppLaunch(app: "B", at: time + 60), following: stale)
        #expect(predictor.weights == weights)
    }

    @Test("round-trips through JSON with the same predictions")
    func codable() throws {
        var predictor = NextAppPredictor()
        for launch in launches(["A", "B", "C", "A", "B", "D", "A"]) { predictor.observe(launch) }
        predictor.record(.dismissed, for: "B")
        let data = try JSONEncoder().encode(predictor)
        let decoded = try JSONDecoder().decode(NextAppPredictor.self, from: data)
        let context = NextAppContext(at: Date(timeIntervalSince1970: 1_700_001_000), foregroundApp: "A")
        #expect(decoded.predictions(in: context) == predictor.predictions(in: context))
    }

    @Test("an empty predictor predicts nothing")
    func empty() {
        #expect(NextAppPredictor().predictions(in: NextAppContext(at: start)).predictions.isEmpty)
    }
}
