import Foundation
import ProactiveRanking
import Testing

@Suite("ContactAppRanker")
struct ContactAppRankerTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let alice = "+33612345678"

    @Test("lists the apps used with a person, usual first; picks make the other app the default")
    func contactCard() {
        var ranker = ContactAppRanker()
        for index in 0..<5 {
            ranker.recordInteraction(
                person: alice, app: "com.example.chat", at: start + Double(index) * 3_600)
        }
        ranker.recordInteraction(person: alice, app: "com.example.phone", at: start + 6 * 3_600)
        let now = start + 86_400
        #expect(ranker.apps(for: alice, at: now).map(\.app) == ["com.example.chat", "com.example.phone"])
        #expect(
            ranker.apps(for: alice, at: now).first?.why == "used with them 5 times, last used 20 hours ago")
        ranker.recordPick(person: alice, app: "com.example.phone", at: now)
        #expect(ranker.defaultApp(for: alice) == nil)
        #expect(ranker.apps(for: alice, at: now).first?.app == "com.example.chat")
        ranker.recordPick(person: alice, app: "com.example.phone", at: now + 60)
        let card = ranker.apps(for: alice, at: now + 120)
        #expect(card.map(\.app) == ["com.example.phone", "com.example.chat"])
        #expect(card[0].isDefault)
        #expect(card[0].why == "you picked it 2 times from their card")
        // More chat use does not displace the remembered default.
        for index in 0..<10 {
            ranker.recordInteraction(person: alice, app: "com.example.chat", at: now + Double(index) * 600)
        }
        #expect(ranker.apps(for: alice, at: now + 7_200).first?.app == "com.example.phone")
    }

    @Test("the threshold of picks is configurable", arguments: [1, 3])
    func threshold(picks: Int) {
        var configuration = ContactAppRanker.Configuration()
        configuration.picksToBecomeDefault = picks
        var ranker = ContactAppRanker(configuration: configuration)
        for _ in 0..<4 { ranker.recordInteraction(person: alice, app: "A", at: start) }
        for index in 0..<picks {
            #expect(ranker.defaultApp(for: alice) == nil)
            ranker.recordPick(person: alice, app: "B", at: start + Double(index))
        }
        #expect(ranker.defaultApp(for: alice) == "B")
    }

    @Test("older use fades: recent apps rank above formerly frequent ones")
    func recency() {
        var ranker = ContactAppRanker()
        for index in 0..<4 { ranker.recordInteraction(person: alice, app: "Old", at: start + Double(index)) }
        ranker.recordInteraction(person: alice, app: "New", at: start + 120 * 86_400)
        ranker.recordInteraction(person: alice, app: "New", at: start + 121 * 86_400)
        #expect(ranker.apps(for: alice, at: start + 122 * 86_400).map(\.app) == ["New", "Old"])
        #expect(ranker.apps(for: "nobody@example.com", at: start).isEmpty)
    }
}
