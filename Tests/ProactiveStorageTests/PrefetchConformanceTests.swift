import Foundation
import ProactiveStorage
import Testing

/// Announced reads (`prefetch`) answer exactly what the reads answer unannounced, once each,
/// on every backend.
@Suite struct PrefetchConformanceTests {
    let now = Fixture.now

    /// Every read that can be announced, with its answer rendered comparable.
    func answers(_ tx: any StorageTransaction, _ reads: [StorageRead]) throws -> [String] {
        try reads.map { read in
            switch read {
            case .contextLogDeletions: "\(try tx.contextLogDeletions())"
            case .eventsAfter(let id, let limit): "\(try tx.events(afterID: id, limit: limit).map(\.id))"
            case .interactionsAfter(let id, let limit):
                "\(try tx.interactions(afterID: id, limit: limit).map(\.identifier))"
            case .nowPlaying: "\(try tx.nowPlaying().map(\.app))"
            case .currentActivities(let scope, let now):
                "\(try tx.currentActivities(scope: scope, now: now).map(\.identityKey))"
            case .openReminders(let now, let limit):
                "\(try tx.openReminders(now: now, limit: limit).map(\.title))"
            case .placeSightings(let since, let now, let limit, let includingPlace):
                "\(try tx.placeSightings(since: since, now: now, limit: limit, includingPlace: includingPlace).map { [$0.nameKey, $0.place] })"
            case .entries(let ids, let scope, let now):
                "\(try tx.entries(ids: ids, scope: scope, now: now).map(\.identityKey).sorted())"
            case .publicSearchCandidates(let query, let app, let threshold, let limit):
                "\(try tx.publicSearchCandidates(query, app: app, threshold: threshold, limit: limit).map(\.entry.id))"
            }
        }
    }

    @Test(arguments: TestBackend.available) func announcedReadsAnswerAsUnannounced(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let first = try store.write { tx -> (event: Int64, interaction: Int64, entry: Int64) in
            let entry = try tx.upsertEntry(Fixture.activity("com.a", "a1", "Reading")).id
            try tx.makeCurrent(entryID: entry, app: "com.a")
            try tx.replacePlaceSightings(
                entryID: entry,
                with: [
                    Fixture.sighting(entryID: entry, "com.a", name: "cafe", at: now.addingTimeInterval(-60))
                ])
            try tx.insertReminder(
                StoredReminder(
                    entryID: entry, app: "com.a", title: "Café", triggerType: "arrival", place: "home",
                    dueAt: nil, createdAt: now.addingTimeInterval(-5)))
            try tx.saveNowPlaying(app: "com.music", at: now, state: "playing", payload: "{}")
            let event = try tx.insertEvent(
                at: now.addingTimeInterval(-20), kind: "appLaunch", app: "com.a", payload: "{}")
            _ = try tx.insertEvent(
                at: now.addingTimeInterval(-10), kind: "appLaunch", app: "com.b", payload: "{}")
            let interaction = try tx.insertInteraction(
                Fixture.interaction(
                    "com.chat", at: now.addingTimeInterval(-30), person: "1", identifier: "m1"))
            _ = try tx.insertInteraction(
                Fixture.interaction(
                    "com.chat", at: now.addingTimeInterval(-15), person: "2", identifier: "m2"))
            return (event, interaction, entry)
        }
        let reads: [StorageRead] = [
            .contextLogDeletions, .eventsAfter(id: first.event, limit: 10),
            .interactionsAfter(id: first.interaction, limit: 10), .nowPlaying,
            .currentActivities(scope: .system, now: now), .currentActivities(scope: .app("com.b"), now: now),
            .openReminders(now: now, limit: 10),
            .placeSightings(since: .distantPast, now: now, limit: 10, includingPlace: true),
            .placeSightings(since: .distantPast, now: now, limit: 10, includingPlace: false),
            .entries(ids: [first.entry, first.entry + 1_000], scope: .system, now: now),
            .entries(ids: [first.entry], scope: .app("com.b"), now: now),
            .publicSearchCandidates(
                query: FullTextQuery(typed: "reading"), app: nil, threshold: 1, limit: 10),
            .publicSearchCandidates(query: FullTextQuery(typed: ""), app: nil, threshold: 1, limit: 10),
        ]
        let unannounced = try store.read { try answers($0, reads) }
        #expect(
            unannounced[1] != "[]" && unannounced[2].contains("m2") && !unannounced[2].contains("m1")
                && unannounced[5] == "[]" && unannounced[9] == #"["a1"]"# && unannounced[10] == "[]"
                && unannounced[11] == "[]")
        try store.read { tx throws in
            try tx.prefetch(reads + reads)  // announced twice: fetched once
            #expect(try answers(tx, reads) == unannounced)
            // Taken once: the same reads again read again, with the same answers.
            #expect(try answers(tx, reads) == unannounced)
        }
        // Sent without waiting: a statement made in between, and the reads made in another
        // order than announced, each answered with its own result.
        try store.read { tx throws in
            try tx.prefetch(reads)
            #expect(try tx.entryCounts()[.activity] == 1)
            #expect(try answers(tx, reads.reversed()) == unannounced.reversed())
        }
        // Announced and never made: nothing else changes.
        try store.read { tx throws in
            try tx.prefetch(reads)
            #expect(try tx.entryCounts()[.activity] == 1)
        }
    }
}
