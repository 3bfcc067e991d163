import Foundation
import ProactiveStorage
import Testing

/// One user's data never reaches another user, whatever the concern, on every backend.
@Suite struct UserIsolationConformanceTests {
    let now = Fixture.now
    let alice: UserID = "alice"
    let bob: UserID = "bob"

    /// Writes the same things (same app, same identifiers) for a user, titled with a canary.
    func donate(_ store: any Storage, as user: UserID, canary: String) throws -> Int64 {
        try store.write(user: user) { tx in
            let item = try tx.upsertEntry(Fixture.item("com.a", "1", "Shared title \(canary)", domain: "d"))
            let activity = try tx.upsertEntry(Fixture.activity("com.a", "k", "Activity \(canary)"))
            try tx.makeCurrent(entryID: activity.id, app: "com.a")
            try tx.replacePlaceSightings(
                entryID: activity.id, with: [Fixture.sighting(entryID: activity.id, "com.a", name: canary)])
            try tx.insertReminder(
                StoredReminder(
                    entryID: activity.id, app: "com.a", title: canary, triggerType: "arrival",
                    place: "home", dueAt: nil, createdAt: now))
            try tx.insertInteraction(
                Fixture.interaction("com.a", at: now, person: "1", identifier: canary, group: "g"))
            try tx.insertEvent(at: now, kind: "appLaunch", app: "com.a", payload: canary)
            try tx.saveNowPlaying(app: "com.a", at: now, state: canary, payload: "{}")
            try tx.saveClientState(canary, app: "com.a", at: now)
            return item.id
        }
    }

    /// Everything a user can read, as text.
    func everything(_ store: any Storage, as user: UserID) throws -> String {
        try store.read(user: user) { tx in
            var text: [String] = []
            text += try tx.entries(scope: .system, now: now).map { "\($0.title ?? "")" }
            text += try tx.currentActivities(scope: .system, now: now).map { "\($0.title ?? "")" }
            let candidates = try tx.searchCandidates(FullTextQuery(typed: "shared"), scope: .system, now: now)
            text += candidates.map { $0.indexedText.title ?? "" }
            text += try tx.entriesForRanking(ids: candidates.map(\.id), scope: .system, now: now).map {
                ($0.entry.title ?? "") + ($0.indexedText.description ?? "")
            }
            text += try tx.placeSightings(since: .distantPast, now: now, limit: 100).map(\.nameKey)
            text += try tx.openReminders(now: now).map(\.title)
            text += try tx.interactions(personKey: "phone:1").compactMap(\.identifier)
            text += try tx.interactions(from: .distantPast, to: now).compactMap(\.identifier)
            text += try tx.interactions(afterID: 0).compactMap(\.identifier)
            text += try tx.events(from: .distantPast, to: now).map(\.payload)
            text += try tx.events(afterID: 0).map(\.payload)
            text += try tx.events(app: "com.a", limit: 100).map(\.payload)
            text += try tx.nowPlaying().map(\.state)
            text += [try tx.clientState(app: "com.a") ?? ""]
            return text.joined(separator: "\n")
        }
    }

    @Test(arguments: TestBackend.available) func usersSeeOnlyTheirOwnData(_ backend: TestBackend) throws {
        let store = try backend.make()
        let aliceItem = try donate(store, as: alice, canary: "CANARYALICE")
        let bobItem = try donate(store, as: bob, canary: "CANARYBOB")
        #expect(aliceItem != bobItem)
        let seenByAlice = try everything(store, as: alice)
        let seenByBob = try everything(store, as: bob)
        #expect(seenByAlice.contains("CANARYALICE") && !seenByAlice.contains("CANARYBOB"))
        #expect(seenByBob.contains("CANARYBOB") && !seenByBob.contains("CANARYALICE"))
        let seenByDevice = try everything(store, as: .device)
        #expect(!seenByDevice.contains("CANARY"))
        // An identifier of another user's row finds nothing.
        #expect(try store.read(user: bob) { try $0.entry(id: aliceItem, scope: .system, now: now) } == nil)
        #expect(
            try store.read(user: bob) { try $0.entriesForRanking(ids: [aliceItem], scope: .system, now: now) }
                .isEmpty)
        #expect(try !store.write(user: bob) { try $0.deleteEntry(id: aliceItem, app: "com.a") })
        #expect(try store.read(user: bob) { try $0.entryCounts() } == [.item: 1, .activity: 1])
        #expect(
            try store.read(user: bob) {
                try $0.indexedRowCount(matching: FullTextQuery(typed: "canaryalice"))
            } == 0)
        #expect(
            try store.read(user: alice) {
                try $0.indexedRowCount(matching: FullTextQuery(typed: "canaryalice"))
            } == 2)
    }

    @Test(arguments: TestBackend.available) func deletionsStayWithinTheirUser(_ backend: TestBackend) throws {
        let store = try backend.make()
        _ = try donate(store, as: alice, canary: "CANARYALICE")
        _ = try donate(store, as: bob, canary: "CANARYBOB")
        try store.write(user: bob) { tx throws in
            #expect(try tx.deleteAllEntries(app: "com.a") == 2)
            #expect(try tx.deleteAllInteractions(app: "com.a") == 1)
            #expect(try tx.deleteEvents(app: "com.a") == 1)
            try tx.deleteNowPlaying(app: "com.a")
            try tx.saveClientState(nil, app: "com.a", at: now)
            #expect(try tx.resignCurrent(app: "com.a") == false)
        }
        #expect(try !everything(store, as: bob).contains("CANARYBOB"))
        let alices = try everything(store, as: alice)
        for kind in ["Shared title", "Activity", "phone", "CANARYALICE"] where kind != "phone" {
            #expect(alices.contains(kind), "\(kind) still there for alice")
        }
        #expect(try store.read(user: alice) { try $0.currentActivities(scope: .system, now: now) }.count == 1)
        #expect(
            try store.read(user: alice) { try $0.placeSightings(since: .distantPast, now: now, limit: 9) }
                .count == 1)
        // Expiry purges only the user's own expired entries.
        try store.write(user: alice) { tx in
            try tx.upsertEntry(Fixture.item("com.a", "old", "Old", expires: now.addingTimeInterval(-1)))
        }
        try store.write(user: bob) { tx throws in
            try tx.upsertEntry(Fixture.item("com.a", "old", "Old", expires: now.addingTimeInterval(-1)))
        }
        #expect(try store.write(user: bob) { try $0.purgeExpired(now: now) } == 1)
        #expect(try store.read(user: alice) { try $0.entryCounts() }[.item] == 2)
    }

    @Test(arguments: TestBackend.available) func sameIdentityForTwoUsersIsTwoEntries(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let a = try store.write(user: alice) { try $0.upsertEntry(Fixture.item("com.a", "1", "One")) }
        let b = try store.write(user: bob) { try $0.upsertEntry(Fixture.item("com.a", "1", "One")) }
        #expect(!a.merged && !b.merged && a.id != b.id)
        let again = try store.write(user: alice) {
            try $0.upsertEntry(Fixture.item("com.a", "1", "One again"))
        }
        #expect(again.merged && again.id == a.id)
        #expect(
            try store.read(user: bob) { try $0.entry(id: b.id, scope: .system, now: now) }?.title == "One")
    }
}
