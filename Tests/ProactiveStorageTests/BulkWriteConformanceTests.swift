import Foundation
import ProactivePostgres
import ProactiveStorage
import ProactiveText
import Testing

/// The set-based writes (`upsertEntries`, `replacePlaceSightings(_:)`) give what the same
/// calls one by one give, on every backend: one user of a store writes with them, another
/// with the one-by-one calls, and both users' data must read the same.
@Suite struct BulkWriteConformanceTests {
    let now = Fixture.now
    let bulk = UserID(rawValue: "bulk")!
    let single = UserID(rawValue: "single")!

    /// Entries already stored before the batch (for merges).
    var existing: [EntryDraft] {
        [
            Fixture.item("com.a", "old-1", "Old whale", at: now.addingTimeInterval(-3600)),
            Fixture.item("com.a", "old-2", "Old bird", at: now.addingTimeInterval(3600)),
            Fixture.activity("com.a", "act-1", "Old activity", at: now.addingTimeInterval(-60)),
        ]
    }

    /// A batch with everything the single-row path handles: new rows, merges with stored rows
    /// (earlier and later donation dates), an identity repeated in the batch (twice), an
    /// activity, an entry not eligible for search, expired and expiring entries, empty and
    /// awkward text.
    var batch: [EntryDraft] {
        var ineligible = Fixture.item("com.a", "hidden", "Hidden whale")
        ineligible.isEligibleForSearch = false
        var awkward = Fixture.item("com.b", "odd \"key\" \\ é", "Quote \" backslash \\ tab\t line\nend 紅燒肉")
        awkward.payload = #"{"t":"\"\\\n","u":"é\u0001"}"#
        awkward.indexedText.keywords = IndexText.indexForm("Straße café")
        awkward.indexedText.description = IndexText.indexForm("ünïcödé\u{1}text")
        awkward.indexedText.address = IndexText.indexForm("1 rue de la Paix, Paris")
        awkward.domainIdentifier = "a.b"
        awkward.url = "https://example.com/?q=\"x\""
        var bare = EntryDraft(
            app: "com.b", kind: .page, identityKey: "https://example.com/", donatedAt: now, payload: "",
            isEligibleForSearch: true)
        bare.expiresAt = nil
        var expired = Fixture.item("com.a", "expired", "Expired whale", expires: now.addingTimeInterval(-10))
        expired.donatedAt = now.addingTimeInterval(-20.125)
        return [
            Fixture.item("com.a", "new-1", "Blue whale", expires: now.addingTimeInterval(86_400.5)),
            Fixture.item("com.a", "old-1", "Grey whale"),
            Fixture.item("com.a", "dup", "First title"),
            Fixture.activity("com.a", "act-1", "Current activity"),
            ineligible,
            Fixture.item("com.a", "old-2", "Earlier bird"),
            Fixture.item("com.a", "dup", "Second title"),
            awkward,
            Fixture.item("com.c", "dup", "Same key, other app"),
            bare,
            expired,
            Fixture.item("com.a", "dup", "Third title", at: now.addingTimeInterval(-5)),
            Fixture.activity("com.a", "dup", "Same key, other kind"),
        ]
    }

    /// Entries with identifiers replaced by their rank among the user's identifiers (two users'
    /// identifiers differ, their order must not), sorted by identity.
    func normalized(_ store: any Storage, _ user: UserID) throws -> [StoredEntry] {
        let entries = try store.read(user: user) { tx in
            try tx.entries(
                scope: .system, kinds: Set(EntryKind.allCases), since: nil, now: .distantPast, limit: 1000)
        }
        let ranks = Dictionary(
            uniqueKeysWithValues: entries.map(\.id).sorted().enumerated().map { ($1, Int64($0)) })
        return entries.map { entry in
            var entry = entry
            entry.id = ranks[entry.id]!
            return entry
        }
        .sorted { ($0.app, $0.kind.rawValue, $0.identityKey) < ($1.app, $1.kind.rawValue, $1.identityKey) }
    }

    /// Results with identifiers replaced by their rank (see ``normalized(_:_:)``).
    func normalized(_ results: [EntryWriteResult]) -> [EntryWriteResult] {
        let ranks = Dictionary(
            uniqueKeysWithValues: Set(results.map(\.id)).sorted().enumerated().map { ($1, Int64($0)) })
        return results.map { EntryWriteResult(id: ranks[$0.id]!, merged: $0.merged) }
    }

    @Test(arguments: TestBackend.available) func upsertEntriesIsUpsertEntryInOrder(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let existing = existing
        let batch = batch
        var seeded: [UserID: [Int64]] = [:]
        for user in [bulk, single] {
            seeded[user] = try store.write(user: user) { tx in try existing.map { try tx.upsertEntry($0).id }
            }
        }
        let bulkResults = try store.write(user: bulk) { try $0.upsertEntries(batch) }
        let singleResults = try store.write(user: single) { tx in try batch.map { try tx.upsertEntry($0) } }
        #expect(bulkResults.count == batch.count)
        #expect(normalized(bulkResults) == normalized(singleResults))
        // Merges are reported as such, and go to the stored rows.
        #expect(
            bulkResults.map(\.merged) == [
                false, true, false, true, false, true, true, false, false, false, false, true, false,
            ])
        #expect(bulkResults[1].id == seeded[bulk]![0] && bulkResults[6].id == bulkResults[2].id)
        #expect(bulkResults[11].id == bulkResults[2].id && bulkResults[8].id != bulkResults[2].id)
        #expect(try normalized(store, bulk) == normalized(store, single))
        let dup = try #require(
            try store.read(user: bulk) {
                try $0.entry(app: "com.a", kind: .item, identityKey: "dup", now: now)
            })
        #expect(dup.title == "Third title" && dup.donationCount == 3 && dup.donatedAt == now)
        // The index holds the same words for both users (ineligible and replaced text left out).
        for word in [
            "whale", "blue", "grey", "hidden", "title", "third", "first", "紅燒", "strasse", "cafe", "paix",
            "unicode", "bird", "earlier", "activity", "kw",
        ] {
            let query = FullTextQuery(typed: word)
            func found(_ user: UserID) throws -> [IndexedText] {
                try store.read(user: user) { tx in
                    try tx.searchCandidates(query, scope: .system, now: .distantPast, limit: 100)
                }
                .map(\.indexedText).sorted { ($0.title ?? "") < ($1.title ?? "") }
            }
            #expect(try found(bulk) == found(single), "\(word)")
            #expect(
                try store.read(user: bulk) { try $0.indexedRowCount(matching: query) }
                    == store.read(user: single) { try $0.indexedRowCount(matching: query) }, "\(word)")
        }
        #expect(
            try store.read(user: bulk) {
                try $0.searchCandidates(FullTextQuery(typed: "hidden"), scope: .system, now: now)
            }
            .isEmpty)
        // Expiry: the expired entry is written, then purged like the others.
        #expect(try store.write(user: bulk) { try $0.purgeExpired(now: now) } == 1)
        #expect(try store.write(user: single) { try $0.purgeExpired(now: now) } == 1)
        #expect(try normalized(store, bulk) == normalized(store, single))
        #expect(try store.write(user: bulk) { try $0.indexIntegrityCheck() })
        // Nothing, one and a batch of only repeats.
        #expect(try store.write(user: bulk) { try $0.upsertEntries([]) }.isEmpty)
        let repeats = try store.write(user: bulk) { tx in
            try tx.upsertEntries([Fixture.item("com.a", "r", "One"), Fixture.item("com.a", "r", "Two")])
        }
        #expect(repeats.map(\.merged) == [false, true] && repeats[0].id == repeats[1].id)
    }

    @Test(arguments: TestBackend.available)
    func replacePlaceSightingsIsTheOneByOneCallsInOrder(_ backend: TestBackend) throws {
        let store = try backend.make()
        func sighting(_ entry: Int64, _ name: String, _ seconds: Double, expires: Date? = nil)
            -> PlaceSightingRecord
        {
            var record = Fixture.sighting(
                entryID: entry, "com.a", name: name, at: now.addingTimeInterval(seconds))
            record.expiresAt = expires
            record.activityType = name == "tea" ? "com.example.view" : nil
            record.url = name == "bar" ? "https://example.com/\"bar\"" : nil
            record.latitude = name == "noon" ? nil : record.latitude
            record.cityKey = name == "noon" ? nil : record.cityKey
            record.place = #"{"name":"\#(name)","quote":"\"\\"}"#
            return record
        }
        var read: [UserID: [PlaceSightingRecord]] = [:]
        for user in [bulk, single] {
            let ids = try store.write(user: user) { tx in
                try (0..<4).map { try tx.upsertEntry(Fixture.item("com.a", "e\($0)", "Entry \($0)")).id }
            }
            try store.write(user: user) { tx in
                try tx.replacePlaceSightings(entryID: ids[0], with: [sighting(ids[0], "old", -100)])
                try tx.replacePlaceSightings(entryID: ids[1], with: [sighting(ids[1], "gone", -90)])
            }
            let sightings: [(entryID: Int64, records: [PlaceSightingRecord])] = [
                (ids[0], [sighting(ids[0], "cafe", -60), sighting(ids[0], "bar", -30)]),
                (ids[1], []),
                (ids[2], [sighting(ids[2], "tea", -45, expires: now.addingTimeInterval(60))]),
                (ids[0], [sighting(ids[0], "noon", -30), sighting(ids[0], "late", -10)]),
                (ids[3], [sighting(ids[3], "expired", -20, expires: now.addingTimeInterval(-1))]),
            ]
            try store.write(user: user) { tx in
                if user == bulk {
                    try tx.replacePlaceSightings(sightings)
                } else {
                    for (entryID, records) in sightings {
                        try tx.replacePlaceSightings(entryID: entryID, with: records)
                    }
                }
            }
            // Identifiers differ between the users (and between the two ways): entries are
            // compared by their position, sightings without their identifier but in order.
            read[user] = try store.read(user: user) { tx in
                try tx.placeSightings(since: .distantPast, now: now.addingTimeInterval(-30), limit: 100)
                    + tx.placeSightings(since: .distantPast, now: now, limit: 100)
            }
            .map { record in
                var record = record
                record.id = 0
                record.entryID = Int64(ids.firstIndex(of: record.entryID)!)
                return record
            }
        }
        #expect(read[bulk] == read[single])
        #expect(read[bulk]?.map(\.nameKey) == ["noon", "tea", "late", "noon", "tea"])
        try store.write(user: bulk) { tx in try tx.replacePlaceSightings([]) }
    }

    /// Entries created in the transaction have no sightings to replace; the others' old
    /// sightings are still replaced when they are written with them.
    @Test(arguments: TestBackend.available)
    func sightingsOfNewEntriesAreAddedAndOldOnesStillReplaced(_ backend: TestBackend) throws {
        let store = try backend.make()
        func sighting(_ entry: Int64, _ name: String, _ seconds: Double) -> PlaceSightingRecord {
            Fixture.sighting(entryID: entry, "com.a", name: name, at: now.addingTimeInterval(seconds))
        }
        let old = try store.write(user: bulk) { tx in
            let id = try tx.upsertEntry(Fixture.item("com.a", "old", "Old")).id
            try tx.replacePlaceSightings(entryID: id, with: [sighting(id, "before", -50)])
            return id
        }
        try store.write(user: bulk) { tx in
            let new = try tx.upsertEntries([
                Fixture.item("com.a", "n0", "N0"), Fixture.item("com.a", "n1", "N1"),
            ])
            #expect(new.map(\.merged) == [false, false])
            try tx.replacePlaceSightings(
                [
                    (old, [sighting(old, "after", -40)]), (new[0].id, [sighting(new[0].id, "first", -30)]),
                    (new[1].id, [sighting(new[1].id, "second", -20)]),
                ], newEntryIDs: Set(new.map(\.id)))
        }
        let names = try store.read(user: bulk) { tx in
            try tx.placeSightings(since: .distantPast, now: now, limit: 100)
        }.map(\.nameKey)
        #expect(names == ["second", "first", "after"])
    }
}
