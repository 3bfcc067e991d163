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

}
