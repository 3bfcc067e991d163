import Foundation
import ProactiveSQLite
import ProactiveStorage
import ProactiveText
import Testing

/// Entries and the full-text index, on every backend.
@Suite struct EntryConformanceTests {
    let now = Date(timeIntervalSince1970: 1_795_262_400)

    func draft(_ app: String, _ id: String, _ title: String, expires: Date? = nil) -> EntryDraft {
        var draft = EntryDraft(
            app: app, kind: .item, identityKey: id, donatedAt: now, payload: "{}", isEligibleForSearch: true,
            indexedText: IndexedText(title: IndexText.indexForm(title)))
        draft.title = title
        draft.uniqueIdentifier = id
        draft.expiresAt = expires
        return draft
    }

    @Test(arguments: TestBackend.available) func upsertMergesOnIdentity(_ backend: TestBackend) throws {
        let store = try backend.make()
        let first = try store.write { try $0.upsertEntry(draft("com.a.b", "1", "Hello")) }
        let second = try store.write { try $0.upsertEntry(draft("com.a.b", "1", "Hello again")) }
        let other = try store.write { try $0.upsertEntry(draft("com.a.c", "1", "Hello")) }
        #expect(!first.merged && second.merged && !other.merged)
        #expect(first.id == second.id && other.id != first.id)
        let entry = try #require(try store.read { try $0.entry(id: first.id, scope: .system, now: now) })
        #expect(entry.title == "Hello again" && entry.donationCount == 2)
        #expect(try store.read { try $0.entry(id: first.id, scope: .app("com.a.c"), now: now) } == nil)
    }

    /// The bounded reading every backend shares past 1,000 matches: the newest 150 matches in
    /// any field, and the newest 75 title matches too (first), so that older title matches are
    /// not crowded out; a long last word matches whole first, as a prefix only when that finds
    /// fewer than 150 / 4.
    @Test(arguments: TestBackend.available)
    func candidatesAreTheNewestMatchesAndTheTitleMatches(_ backend: TestBackend) throws {
        let store = try backend.make()
        try store.write { tx in
            for i in 0..<10 { try tx.upsertEntry(draft("com.a", "t\(i)", "Zebra \(i)")) }
            for i in 0..<1100 {
                var d = draft("com.a", "d\(i)", "Report \(i)")
                d.indexedText.description = "zebras crossing zebrafish"
                try tx.upsertEntry(d)
            }
            for i in 0..<20 { try tx.upsertEntry(draft("com.a", "f\(i)", "Zebrafish \(i)")) }
        }
        let titles = { (query: String) in
            try store.read { try $0.searchCandidates(FullTextQuery(typed: query), scope: .system, now: now) }
                .map { $0.indexedText.title ?? "" }
        }
        let zebra = try titles("zebra")
        // Title matches first (the 10 "Zebra" and the 20 "Zebrafish" are not words "zebra"…):
        // "zebra" as typed is a prefix, so every title starting with it matches.
        #expect(zebra.count == 30 + 150 - 20)
        #expect(
            Set(zebra.prefix(30)) == Set((0..<10).map { "Zebra \($0)" } + (0..<20).map { "Zebrafish \($0)" }))
        #expect(zebra.dropFirst(30).allSatisfy { $0.hasPrefix("Report ") })
        #expect(zebra.dropFirst(30).first == "Report 1099")
        // A long word typed in full: whole-word matches first (the 20 "Zebrafish" titles and
        // 1,100 descriptions), enough not to look for longer words.
        let fish = try titles("zebrafish")
        #expect(fish.count == 20 + 150 - 20 && fish.prefix(20).allSatisfy { $0.hasPrefix("Zebrafish") })
        // Fewer than 150 matches: all of them, newest first.
        let few = try titles("zebra 3")
        #expect(few == ["Zebra 3"])
    }

    /// Up to 1,000 matches, every one is a candidate, whatever its age: the one item titled
    /// exactly "Zebra", donated before 600 newer "Zebra crossing report" items, is ranked.
    @Test(arguments: TestBackend.available)
    func upToAThousandMatchesEveryOneIsACandidate(_ backend: TestBackend) throws {
        let store = try backend.make()
        let exact = try store.write { tx in
            let exact = try tx.upsertEntry(draft("com.a", "exact", "Zebra")).id
            for i in 0..<600 { try tx.upsertEntry(draft("com.a", "r\(i)", "Zebra crossing report \(i)")) }
            try tx.upsertEntry(draft("com.a", "other", "Giraffe"))
            return exact
        }
        let found = try store.read {
            try $0.searchCandidates(FullTextQuery(typed: "zebra"), scope: .system, now: now)
        }
        #expect(found.count == 601)
        #expect(found.contains { $0.id == exact })
        // Past 1,000 matches, the bounded reading: the newest 150 and the newest 75 title matches.
        try store.write { tx in
            for i in 600..<1100 { try tx.upsertEntry(draft("com.a", "r\(i)", "Zebra crossing report \(i)")) }
        }
        let bounded = try store.read {
            try $0.searchCandidates(FullTextQuery(typed: "zebra"), scope: .system, now: now)
        }
        #expect(bounded.count == 150)
        #expect(!bounded.contains { $0.id == exact })
    }

    /// Paging ranks every match: a limit beyond the matches reads all of them, with no cap of
    /// the backend's own (a search stopped at 150 before).
    @Test(arguments: TestBackend.available)
    func aLargeLimitReadsEveryMatch(_ backend: TestBackend) throws {
        let store = try backend.make()
        try store.write { tx in
            for i in 0..<400 { try tx.upsertEntry(draft("com.a", "z\(i)", "Zebra crossing report \(i)")) }
            try tx.upsertEntry(draft("com.a", "other", "Giraffe"))
        }
        let every = try store.read {
            try $0.searchCandidates(
                FullTextQuery(typed: "zebra"), scope: .system, now: now, limit: Int(Int32.max))
        }
        #expect(every.count == 400)
        #expect(Set(every.map(\.id)).count == 400)
    }

    /// Candidates read without descriptions carry every other field; read for title matches
    /// only, those whose title lacks a term carry no text (a store may read it anyway);
    /// the text and entries follow by identifier, only in the scope and not expired.
    @Test(arguments: TestBackend.available)
    func candidatesWithoutDescriptionsAndTheirEntriesForRanking(_ backend: TestBackend) throws {
        let store = try backend.make()
        let ids = try store.write { tx in
            try (0..<6).map { i in
                var d = draft(i == 5 ? "com.a.c" : "com.a.b", "\(i)", i == 3 ? "Grey one" : "Blue whale \(i)")
                d.indexedText.keywords = i == 0 ? nil : (i == 3 ? "whale ocean" : "ocean")
                d.indexedText.address = "pacific"
                d.indexedText.description = i == 1 ? nil : "the largest animal \(i)"
                if i == 4 { d.expiresAt = now.addingTimeInterval(-1) }
                return try tx.upsertEntry(d).id
            }
        }
        let query = FullTextQuery(typed: "whale")
        let whole = try store.read { try $0.searchCandidates(query, scope: .system, now: now) }
        let partial = try store.read {
            try $0.searchCandidates(query, scope: .system, now: now, reading: .withoutDescription)
        }
        let keys = try store.read {
            try $0.searchCandidates(query, scope: .system, now: now, reading: .none)
        }
        #expect(whole.map(\.id) == partial.map(\.id) && whole.count == 5 && keys.map(\.id) == whole.map(\.id))
        #expect(
            whole.allSatisfy(\.isWhollyRead) && partial.allSatisfy(\.isTextRead)
                && !partial.contains(where: \.isDescriptionRead) && !keys.contains(where: \.isDescriptionRead)
        )
        for (w, (p, k)) in zip(whole, zip(partial, keys)) {
            #expect(p.indexedText.description == nil && k.indexedText.description == nil)
            #expect(p.descriptionWords == TextRelevance.wordCount(w.indexedText.description))
            #expect(k.descriptionWords == p.descriptionWords)
            #expect(
                p.indexedText.title == w.indexedText.title && p.indexedText.keywords == w.indexedText.keywords
            )
            #expect(p.indexedText.address == w.indexedText.address && p.donatedAt == w.donatedAt)
            #expect(k.donatedAt == w.donatedAt && k.engagementCount == w.engagementCount)
            #expect(k.titleHasEveryTerm == nil)
            #expect(backend == .sqlite || (!k.isTextRead && k.indexedText == IndexedText()))
        }
        // Apart, the matches whose title has every term or that were engaged with, read without
        // descriptions, and the others only when those are too few.
        try store.write { tx in try tx.recordEngagement(entryID: ids[3], at: now) }
        let kinds = Set(EntryKind.allCases)
        let titled = try store.read {
            try $0.titleSearchCandidates(
                query, scope: .system, kinds: kinds, now: now, limit: 10, othersBelow: 5)
        }
        do {
            // ids[3]: engaged, its title without the term; ids[4]: expired.
            let titled = try #require(titled)
            #expect(titled.candidates.map(\.id) == [ids[5], ids[3], ids[2], ids[1], ids[0]])
            #expect(titled.others == nil)
            for t in titled.candidates {
                let w = try #require(whole.first { $0.id == t.id })
                #expect(t.titleHasEveryTerm == (t.id != ids[3]) && t.isTextRead && !t.isDescriptionRead)
                #expect(
                    t.indexedText.title == w.indexedText.title
                        && t.indexedText.keywords == w.indexedText.keywords)
                #expect(t.descriptionWords == TextRelevance.wordCount(w.indexedText.description))
                #expect(t.engagementCount == (t.id == ids[3] ? 1 : 0))
            }
            // Too few for the page: the others are read too, in the scope and not expired.
            let both = try #require(
                try store.read {
                    try $0.titleSearchCandidates(
                        FullTextQuery(typed: "pacif"), scope: .app("com.a.b"), kinds: kinds, now: now,
                        limit: 10,
                        othersBelow: 3)
                })
            #expect(both.candidates.map(\.id) == [ids[3]])
            #expect(both.others?.map(\.id) == [ids[2], ids[1], ids[0]])
            #expect(
                both.others?.allSatisfy { $0.titleHasEveryTerm == false && !$0.isDescriptionRead } == true)
            #expect(
                both.others?.map(\.indexedText.title)
                    == [ids[2], ids[1], ids[0]].map { id in
                        whole.first { $0.id == id }?.indexedText.title
                    })
            let none = try store.read {
                try $0.titleSearchCandidates(
                    query, scope: .app("com.a.b"), kinds: [.activity], now: now, limit: 10, othersBelow: 30)
            }
            #expect(none?.candidates.isEmpty == true && none?.others?.isEmpty == true)
            // A long last word: fewer whole-word matches than a first page's reading stops at
            // (the policy then reads the prefix's other words too): not read apart.
            let long = try store.read {
                try $0.titleSearchCandidates(
                    FullTextQuery(typed: "pacific"), scope: .system, kinds: kinds, now: now, limit: 10,
                    othersBelow: 3)
            }
            #expect(long == nil)
        }
        let read = try store.read { try $0.entriesForRanking(ids: ids, scope: .app("com.a.b"), now: now) }
        // The expired one and the other app's are not read.
        #expect(Set(read.map(\.entry.id)) == Set(ids.prefix(4)))
        for item in read {
            let candidate = try #require(whole.first { $0.id == item.entry.id })
            #expect(item.indexedText == candidate.indexedText)
            #expect(item.entry.title.map(IndexText.indexForm) == candidate.indexedText.title)
        }
        #expect(read.first { $0.entry.id == ids[1] }?.indexedText.description == nil)
        #expect(read.first { $0.entry.id == ids[2] }?.indexedText.description == "the largest animal 2")
        #expect(try store.read { try $0.entriesForRanking(ids: [], scope: .system, now: now) }.isEmpty)
    }

    @Test(arguments: TestBackend.available)
    func candidatesRespectScopeExpiryAndIndexUpdates(_ backend: TestBackend) throws {
        let store = try backend.make()
        try store.write { tx in
            try tx.upsertEntry(draft("com.a.b", "1", "Blue whale"))
            try tx.upsertEntry(draft("com.a.c", "2", "Blue bird"))
            try tx.upsertEntry(draft("com.a.b", "3", "Blue moon", expires: now.addingTimeInterval(-1)))
        }
        let query = FullTextQuery(typed: "blu")
        #expect(try store.read { try $0.searchCandidates(query, scope: .system, now: now) }.count == 2)
        #expect(
            try store.read { try $0.searchCandidates(query, scope: .app("com.a.b"), now: now) }.map(
                \.indexedText.title) == ["Blue whale"])
        // Updating the title re-indexes in the same transaction.
        try store.write { try $0.upsertEntry(draft("com.a.b", "1", "Grey whale")) }
        #expect(
            try store.read { try $0.searchCandidates(FullTextQuery(typed: "grey"), scope: .system, now: now) }
                .count == 1)
        #expect(try store.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "blue")) } == 2)
        #expect(try store.write { try $0.purgeExpired(now: now) } == 1)
        #expect(try store.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "blue")) } == 1)
    }

    @Test(arguments: TestBackend.available)
    func indexStaysConsistentThroughMixedWrites(_ backend: TestBackend) throws {
        let store = try backend.make()
        var rng = SystemRandomNumberGenerator()
        let words = ["alpha", "beta", "gamma", "delta", "紅燒", "Straße", "café"]
        var expected: [String: String] = [:]
        for round in 0..<30 {
            try store.write { tx in
                for _ in 0..<20 {
                    let id = "i\(Int.random(in: 0..<40, using: &rng))"
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0..<6:
                        let title = (0..<3).map { _ in words.randomElement(using: &rng)! }.joined(
                            separator: " ")
                        try tx.upsertEntry(draft("com.a.b", id, title))
                        expected[id] = title
                    case 6..<8:
                        try tx.deleteItems(app: "com.a.b", uniqueIdentifiers: [id])
                        expected[id] = nil
                    case 8:
                        var ineligible = draft("com.a.b", id, "hidden")
                        ineligible.isEligibleForSearch = false
                        try tx.upsertEntry(ineligible)
                        expected[id] = nil
                    default:
                        try tx.deleteItems(app: "com.a.b", domainIdentifiers: ["none"])
                    }
                }
            }
            // The index answers exactly what the rows say, round after round.
            for word in ["alpha", "gamma", "紅燒", "strasse", "cafe"] {
                let query = FullTextQuery(typed: word)
                let found = Set(
                    try store.read { try $0.searchCandidates(query, scope: .system, now: now, limit: 1000) }
                        .map(\.id))
                let rows = try store.read { tx throws in
                    try expected.keys.compactMap {
                        try tx.entry(app: "com.a.b", kind: .item, identityKey: $0, now: now)
                    }
                }
                let wanted = Set(
                    rows.filter { TextFolding.fold($0.title ?? "").contains(TextFolding.fold(word)) }.map(
                        \.id))
                #expect(found == wanted, "round \(round), word \(word)")
            }
        }
        #expect(try store.write { try $0.indexIntegrityCheck() })
    }

    @Test(arguments: TestBackend.available) func fullTextQuerySyntaxIsSafe(_ backend: TestBackend) throws {
        let store = try backend.make()
        try store.write { try $0.upsertEntry(draft("com.a.b", "1", "AND OR NOT \"quoted\" * ( )")) }
        for typed in ["AND", "\"quoted", "( NOT", "*", "a\"b", "NEAR(x y)", "'", "a' | 'b", "!x & y:*", "\\"]
        {
            _ = try store.read {
                try $0.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: now)
            }
        }
    }

    /// A word of any script is one word of the index: found by itself, whole or typed in part,
    /// and no typed text, whatever its characters, makes the index fail (an index without
    /// positions answers no phrase, so a query word the index cut in two would be an error).
    @Test(arguments: TestBackend.available) func wordsOfEveryScriptAreFoundAndNoQueryFails(
        _ backend: TestBackend
    )
        throws
    {
        let store = try backend.make()
        let words = [
            "हिन्दी", "ภาษาไทย", "العَرَبِيَّة", "עִבְרִית", "cafe\u{301}", "Straße", "ＡＢＣ１２３", "한국어", "紅燒牛肉",
            "Ελληνικά", "русский", "x\u{20DD}y", "日本語のテキスト", "ǅemal", "Ⅻcentury", "２０２６年",
        ]
        let ids = try store.write { tx in
            try words.enumerated().map { index, word in
                try tx.upsertEntry(draft("com.a", "w\(index)", "Title \(word) end")).id
            }
        }
        for (index, word) in words.enumerated() {
            let whole = try store.read { tx in
                try tx.searchCandidates(FullTextQuery(typed: word), scope: .system, now: now, limit: 100)
            }
            #expect(whole.map(\.id).contains(ids[index]), "word \(index): \(word)")
            let typed = String(word.prefix(max(2, word.count - 1)))
            let partial = try store.read { tx in
                try tx.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: now, limit: 100)
            }
            #expect(partial.map(\.id).contains(ids[index]), "typed \(typed)")
        }
        var rng = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x900...0x97F, 0xE00...0xE7F, 0x3000...0x30FF,
            0x4E00...0x4E50, 0xE000...0xE010, 0xFF00...0xFFEF, 0x1F300...0x1F64F, 0x20000...0x20010,
            0x31350...0x31360, 0xE0001...0xE007F,
        ]
        // A CJK run ending in a combining mark (its unigram follows a space: one Character).
        for text in ["\u{20009}\u{3099}", "両\u{3099}x", "\u{301}", "a \u{301}b", "\u{3099}\u{3099}"] {
            _ = try store.read { tx in
                try tx.searchCandidates(FullTextQuery(typed: text), scope: .system, now: now, limit: 10)
            }
        }
        for _ in 0..<300 {
            var typed = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let range = ranges.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { typed.append(scalar) }
            }
            let text = String(typed)
            #expect(throws: Never.self, "typed \(text.unicodeScalars.map { String($0.value, radix: 16) })") {
                _ = try store.read { tx in
                    try tx.searchCandidates(FullTextQuery(typed: text), scope: .system, now: now, limit: 10)
                }
            }
        }
    }

    /// The users with an expired entry not yet purged, and only those: the daemon's sweep
    /// deletes their expired data.
    @Test(arguments: TestBackend.available) func usersWithExpiredEntriesAreFound(_ backend: TestBackend)
        throws
    {
        let store = try backend.make()
        let hour: TimeInterval = 3600
        try store.write(user: "alice") { tx in
            _ = try tx.upsertEntry(draft("com.a", "1", "Soon", expires: now.addingTimeInterval(hour)))
            _ = try tx.upsertEntry(draft("com.a", "2", "Never"))
        }
        try store.write(user: "bob") { tx in
            _ = try tx.upsertEntry(draft("com.a", "1", "Later", expires: now.addingTimeInterval(3 * hour)))
        }
        try store.write(user: "carol") { tx in _ = try tx.upsertEntry(draft("com.a", "1", "Never")) }
        #expect(try store.usersWithExpiredEntries(now: now).isEmpty)
        #expect(try store.usersWithExpiredEntries(now: now.addingTimeInterval(2 * hour)) == ["alice"])
        let later = now.addingTimeInterval(4 * hour)
        #expect(Set(try store.usersWithExpiredEntries(now: later)) == ["alice", "bob"])
        #expect(try store.write(user: "alice") { try $0.purgeExpired(now: later) } == 1)
        #expect(try store.usersWithExpiredEntries(now: later) == ["bob"])
    }

    /// An id is never given twice: deleting the newest entries (one by one, by identifier, all
    /// of an app's, expired ones) does not give their ids to the next donations.
    @Test(arguments: TestBackend.available) func anIdIsNeverGivenTwice(_ backend: TestBackend) throws {
        let store = try backend.make()
        var given: [Int64] = []
        func donate(_ id: String, expires: Date? = nil) throws {
            given.append(
                try store.write { try $0.upsertEntry(draft("com.a", id, "Note \(id)", expires: expires)) }.id)
        }
        for i in 0..<3 { try donate("\(i)") }
        #expect(try store.write { try $0.deleteEntry(id: given[2], app: "com.a") })
        try donate("3")
        #expect(try store.write { try $0.deleteItems(app: "com.a", uniqueIdentifiers: ["3"]) } == 1)
        try donate("4", expires: now.addingTimeInterval(60))
        #expect(try store.write { try $0.purgeExpired(now: now.addingTimeInterval(120)) } == 1)
        try donate("5")
        #expect(try store.write { try $0.deleteAllEntries(app: "com.a", kinds: [.item]) } == 3)
        try donate("6")
        #expect(given == given.sorted() && Set(given).count == given.count, "\(given)")
        let last = try #require(given.last)
        #expect(try store.read { try $0.entry(id: last, scope: .system, now: now) }?.title == "Note 6")
    }
}
