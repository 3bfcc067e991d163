import Foundation
import ProactiveRanking
import Testing

@Suite("TriggerAppModel")
struct TriggerAppModelTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("suggests the app usually played after the trigger, with the last item and counts")
    func usualApp() {
        var model = TriggerAppModel()
        for index in 0..<16 {
            let app = index % 8 == 3 ? "Music" : "Podcasts"
            model.record(app: app, item: "Episode \(index)", after: .headphonesConnected)
        }
        model.record(app: "Music", item: "Drive mix", after: .carConnected)
        let suggestions = model.suggestions(for: .headphonesConnected, appNames: ["Podcasts": "Podcasts"])
        #expect(suggestions.map(\.app) == ["Podcasts", "Music"])
        #expect(
            suggestions[0].why
                == "you usually open Podcasts after connecting headphones — 14 of the last 16 times")
        #expect(suggestions[0].lastItem == "Episode 15")
        #expect(model.suggestions(for: .carConnected).first?.app == "Music")
        #expect(model.suggestions(for: .arrivedWork).isEmpty)
    }

    @Test("recent habits outweigh old ones")
    func recency() {
        var model = TriggerAppModel()
        for _ in 0..<12 { model.record(app: "Old", after: .headphonesConnected) }
        for _ in 0..<8 { model.record(app: "New", after: .headphonesConnected) }
        #expect(model.suggestions(for: .headphonesConnected).first?.app == "New")
    }

    @Test("the first play within the window after a trigger is attributed to it")
    func attribution() {
        var model = TriggerAppModel()
        model.noteTrigger(.headphonesConnected, at: start)
        model.notePlay(app: "Podcasts", item: "Ep 1", at: start.addingTimeInterval(120))
        model.notePlay(app: "Music", at: start.addingTimeInterval(180))
        model.noteTrigger(.carConnected, at: start.addingTimeInterval(1_000))
        model.notePlay(app: "Music", at: start.addingTimeInterval(1_000 + 3_600))
        #expect(model.suggestions(for: .headphonesConnected).map(\.app) == ["Podcasts"])
        #expect(model.suggestions(for: .carConnected).isEmpty)
    }

    @Test("an unknown Bluetooth device falls back to every Bluetooth device")
    func bluetoothFallback() {
        var model = TriggerAppModel()
        model.record(app: "Music", after: .bluetoothConnected(device: "Car Audio"))
        let suggestions = model.suggestions(for: .bluetoothConnected(device: "Speaker"))
        #expect(suggestions.first?.app == "Music")
        #expect(suggestions.first?.trigger == .bluetoothConnected())
    }

    @Test func codable() throws {
        var model = TriggerAppModel()
        model.record(app: "Podcasts", item: "Ep", after: .arrivedHome)
        let decoded = try JSONDecoder().decode(TriggerAppModel.self, from: JSONEncoder().encode(model))
        #expect(decoded.suggestions(for: .arrivedHome) == model.suggestions(for: .arrivedHome))
    }
}
