import Foundation
import ProactiveStorage
import Testing

/// Interactions, events, places, reminders, apps, tokens and client state, on every backend.
@Suite struct RecordConformanceTests {
    let now = Fixture.now

    @Test(arguments: TestBackend.available) func interactionsByPersonTimeAndDeletion(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let ids = try store.write { tx in
            [
                try tx.insertInteraction(
                    Fixture.interaction(
                        "com.chat", at: now.addingTimeInterval(-300), person: "1", identifier: "m1",
                        group: "g1")),
                try tx.insertInteraction(
                    Fixture.interaction(
                        "com.chat", at: now.addingTimeInterval(-200), person: "1", identifier: "m2",
                        group: "g2")),
                try tx.insertInteraction(
                    Fixture.interaction(
                        "com.mail", at: now.addingTimeInterval(-100), person: "2", identifier: "m3")),
            ]
        }
        #expect(ids == ids.sorted() && Set(ids).count == 3)
        try store.read { tx throws in
            #expect(try tx.interactions(personKey: "phone:1").map(\.identifier) == ["m2", "m1"])
            #expect(try tx.interactions(personKey: "phone:1", app: "com.mail", limit: 10).isEmpty)
            #expect(
                try tx.interactions(from: now.addingTimeInterval(-250), to: now).map(\.identifier) == [
                    "m2", "m3",
                ])
            #expect(try tx.interactions(afterID: ids[0]).map(\.id) == [ids[1], ids[2]])
            #expect(try tx.lastInteractionID() == ids[2])
            #expect(try tx.interactions(app: "com.chat").map(\.identifier) == ["m2", "m1"])
            #expect(try tx.recentPeople(limit: 5).map(\.key) == ["phone:2", "phone:1"])
            #expect(try tx.recentPeople(limit: 5).first?.displayName == "Person 2")
            #expect(try tx.interactionCount(app: "com.chat") == 2)
            #expect(try tx.appsWithData() == ["com.chat", "com.mail"])
        }
        let before = try store.read { try $0.contextLogDeletions() }
        #expect(try store.write { try $0.deleteInteractions(app: "com.chat", groupIdentifiers: ["g1"]) } == 1)
        #expect(
            try store.write { try $0.deleteInteractions(app: "com.mail", identifiers: ["m3", "nope"]) } == 1)
        #expect(try store.read { try $0.contextLogDeletions() } > before)
        #expect(try store.write { try $0.deleteAllInteractions(app: "com.chat") } == 1)
        #expect(try store.read { try $0.interactions(personKey: "phone:1") }.isEmpty)
        #expect(try store.read { try $0.recentPeople(limit: 5) }.isEmpty)
    }

    @Test(arguments: TestBackend.available) func eventsAndNowPlaying(_ backend: TestBackend) throws {
        let store = try backend.make()
        let ids = try store.write { tx -> [Int64] in
            var ids: [Int64] = []
            for i in 0..<5 {
                let at = now.addingTimeInterval(Double(i - 5) * 60)
                let kind = i % 2 == 0 ? "appLaunch" : "location"
                let app: String? = i % 2 == 0 ? "com.a" : nil
                ids.append(try tx.insertEvent(at: at, kind: kind, app: app, payload: #"{"i":\#(i)}"#))
            }
            return ids
        }
        try store.read { tx throws in
            #expect(try tx.events(from: .distantPast, to: now).map(\.id) == ids)
            #expect(
                try tx.events(from: .distantPast, to: now, newestFirst: true, limit: 2).map(\.id) == [
                    ids[4], ids[3],
                ])
            #expect(try tx.events(afterID: ids[2]).map(\.id) == [ids[3], ids[4]])
            #expect(try tx.events(app: "com.a", limit: 2).map(\.id) == [ids[2], ids[4]])
            #expect(try tx.lastEventID() == ids[4])
            #expect(try tx.eventCount(app: "com.a") == 3)
        }
        let deletions = try store.read { try $0.contextLogDeletions() }
        #expect(try store.write { try $0.deleteEvents(before: now.addingTimeInterval(-200)) } == 2)
        #expect(try store.read { try $0.contextLogDeletions() } == deletions, "ageing is not a deletion")
        #expect(try store.write { try $0.deleteEvents(app: "com.a") } == 2)
        #expect(try store.read { try $0.contextLogDeletions() } > deletions)
        try store.write { tx in
            try tx.saveNowPlaying(
                app: "com.music", at: now.addingTimeInterval(-10), state: "playing", payload: "{}")
            try tx.saveNowPlaying(app: "com.pod", at: now, state: "paused", payload: "{}")
            try tx.saveNowPlaying(
                app: "com.music", at: now.addingTimeInterval(5), state: "paused", payload: "{}")
        }
        #expect(try store.read { try $0.nowPlaying() }.map(\.app) == ["com.music", "com.pod"])
        try store.write { try $0.deleteNowPlaying(app: "com.music") }
        #expect(try store.read { try $0.nowPlaying() }.map(\.state) == ["paused"])
    }

    @Test(arguments: TestBackend.available) func placesAndRemindersGoWithTheirEntry(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let entry = try store.write { try $0.upsertEntry(Fixture.activity("com.a", "k", "Café")).id }
        try store.write { tx in
            try tx.replacePlaceSightings(
                entryID: entry,
                with: [
                    Fixture.sighting(entryID: entry, "com.a", name: "cafe", at: now.addingTimeInterval(-60)),
                    Fixture.sighting(entryID: entry, "com.a", name: "bar", at: now.addingTimeInterval(-30)),
                ])
            try tx.insertReminder(
                StoredReminder(
                    entryID: entry, app: "com.a", title: "Café", triggerType: "arrival", place: "home",
                    dueAt: nil, createdAt: now.addingTimeInterval(-5)))
        }
        let sightings = try store.read { try $0.placeSightings(since: .distantPast, now: now, limit: 10) }
        #expect(sightings.map(\.nameKey) == ["bar", "cafe"])
        #expect(
            try store.read {
                try $0.placeSightings(since: .distantPast, now: now, limit: 10, includingPlace: false)
            }
            .allSatisfy { $0.place.isEmpty })
        let json = try store.read { try $0.placeJSON(ids: sightings.map(\.id) + [999_999]) }
        #expect(json.count == 2 && json[sightings[0].id] == #"{"name":"bar"}"#)
        // Replacing keeps only the new places.
        try store.write { tx in
            try tx.replacePlaceSightings(
                entryID: entry, with: [Fixture.sighting(entryID: entry, "com.a", name: "tea")])
        }
        #expect(
            try store.read { try $0.placeSightings(since: .distantPast, now: now, limit: 10) }.map(\.nameKey)
                == ["tea"])
        let reminder = try #require(try store.read { try $0.openReminders(now: now) }.first)
        #expect(reminder.title == "Café" && reminder.place == "home")
        #expect(try store.read { try $0.openReminders(now: now.addingTimeInterval(-10)) }.isEmpty)
        // Deleting the entry deletes its places and reminders.
        #expect(try store.write { try $0.deleteEntry(id: entry, app: "com.a") })
        #expect(try store.read { try $0.placeSightings(since: .distantPast, now: now, limit: 10) }.isEmpty)
        #expect(try store.read { try $0.openReminders(now: now) }.isEmpty)
    }

    @Test(arguments: TestBackend.available) func remindersComplete(_ backend: TestBackend) throws {
        let store = try backend.make()
        let id = try store.write { tx in
            let entry = try tx.upsertEntry(Fixture.activity("com.a", "k", "Read")).id
            return try tx.insertReminder(
                StoredReminder(
                    entryID: entry, app: "com.a", title: "Read", triggerType: "time", place: nil,
                    dueAt: now.addingTimeInterval(60), createdAt: now))
        }
        #expect(try store.read { try $0.openReminders(now: now) }.first?.dueAt == now.addingTimeInterval(60))
        #expect(try store.write { try $0.completeReminder(id: id, at: now) })
        #expect(try !store.write { try $0.completeReminder(id: id, at: now) })
        #expect(try store.read { try $0.openReminders(now: now) }.isEmpty)
    }

    @Test(arguments: TestBackend.available) func appsTokensAndClientState(_ backend: TestBackend) throws {
        let store = try backend.make()
        #expect(
            try !store.write {
                try $0.saveApp(bundleIdentifier: "com.b", name: "B", declaration: "{}", at: now)
            })
        #expect(
            try store.write {
                try $0.saveApp(bundleIdentifier: "com.b", name: "Bee", declaration: "{\"x\":1}", at: now)
            })
        try store.write { try $0.saveApp(bundleIdentifier: "com.a", name: "A", declaration: "{}", at: now) }
        #expect(try store.read { try $0.apps() }.map(\.bundleIdentifier) == ["com.a", "com.b"])
        #expect(try store.read { try $0.app("com.b") }?.name == "Bee")
        #expect(try store.read { try $0.app("com.c") } == nil)
        // Apps are shared by every user.
        #expect(try store.read(user: "someone") { try $0.apps() }.count == 2)

        let digest = String(repeating: "ab", count: 32)
        try store.write { tx in
            try tx.insertAccessToken(
                StoredAccessToken(digest: digest, user: "alice", app: "com.a", createdAt: now, label: "phone")
            )
            try tx.insertAccessToken(
                StoredAccessToken(
                    digest: String(repeating: "cd", count: 32), app: nil, createdAt: now.addingTimeInterval(1)
                ))
        }
        let token = try #require(try store.read(user: "bob") { try $0.accessToken(digest: digest) })
        #expect(
            token.user == "alice" && token.app == "com.a" && token.label == "phone" && token.createdAt == now)
        #expect(try store.read { try $0.accessTokens() }.map(\.user) == ["alice", .device])
        #expect(try store.write { try $0.deleteAccessTokens(digestPrefix: "abababab") } == 1)
        #expect(try store.read { try $0.accessToken(digest: digest) } == nil)

        try store.write { try $0.saveClientState("state-1", app: "com.a", at: now) }
        try store.write { try $0.saveClientState("state-2", app: "com.a", at: now) }
        #expect(try store.read { try $0.clientState(app: "com.a") } == "state-2")
        #expect(try store.read(user: "alice") { try $0.clientState(app: "com.a") } == nil)
    }

    /// Every way of deleting entries deletes their place sightings (on PostgreSQL in the same
    /// statement: sightings have no foreign key there).
    @Test(arguments: TestBackend.available) func everyDeletionTakesItsSightings(_ backend: TestBackend) throws
    {
        let store = try backend.make()
        let deletions: [(String, (any StorageTransaction) throws -> Int)] = [
            ("unique", { try $0.deleteItems(app: "com.a", uniqueIdentifiers: ["unique"]) }),
            ("domain", { try $0.deleteItems(app: "com.a", domainIdentifiers: ["d"]) }),
            ("activity", { try $0.deleteActivities(app: "com.a", persistentIdentifiers: ["activity"]) }),
            ("all", { try $0.deleteAllEntries(app: "com.all") }),
            (
                "one",
                { tx in
                    try tx.deleteEntry(
                        id: try tx.entry(app: "com.a", kind: .item, identityKey: "one", now: now)!.id,
                        app: "com.a") ? 1 : 0
                }
            ),
            ("expired", { try $0.purgeExpired(now: now.addingTimeInterval(100)) }),
        ]
        for (name, delete) in deletions {
            try store.write { tx in
                var draft: EntryDraft
                switch name {
                case "activity":
                    draft = Fixture.activity("com.a", name, name)
                    draft.persistentIdentifier = name
                case "all": draft = Fixture.item("com.all", name, name)
                case "domain": draft = Fixture.item("com.a", name, name, domain: "d.e")
                case "expired": draft = Fixture.item("com.a", name, name, expires: now.addingTimeInterval(50))
                default: draft = Fixture.item("com.a", name, name)
                }
                let id = try tx.upsertEntry(draft).id
                try tx.replacePlaceSightings(
                    entryID: id, with: [Fixture.sighting(entryID: id, "com.a", name: name)])
                _ = try tx.upsertEntry(Fixture.item("com.a", "kept-\(name)", "kept"))
            }
            #expect(
                try store.read { try $0.placeSightings(since: .distantPast, now: now, limit: 100) }.count == 1
            )
            #expect(try store.write { try delete($0) } == 1, "\(name)")
            #expect(
                try store.read { try $0.placeSightings(since: .distantPast, now: now, limit: 100) }.isEmpty,
                "\(name) left its sightings")
        }
    }
}
