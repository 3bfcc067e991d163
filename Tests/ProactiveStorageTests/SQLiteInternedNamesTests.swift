import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The tables that grow with the documents name their user and app by a small integer (v17).
@Suite struct SQLiteInternedNamesTests {
    static let alice = UserID(rawValue: "alice")!
    static let bob = UserID(rawValue: "bob")!

    /// Two users' entries and sightings of two apps, each user's seen by that user only.
    private static func fill(_ store: SQLiteStorage) throws {
        for (user, title) in [(alice, "Zebra crossing"), (bob, "Zebra stripes")] {
            try store.write(user: user) { tx in
                let first = try tx.upsertEntry(Fixture.item("com.a", "1", title, domain: "d"))
                try tx.upsertEntry(Fixture.activity("com.b", "k", title + " activity"))
                try tx.replacePlaceSightings(
                    entryID: first.id, with: [Fixture.sighting(entryID: first.id, "com.a", name: title)])
            }
        }
    }

    /// What each user reads back: entries (app and title), search and sightings.
    private static func contents(_ store: SQLiteStorage, _ user: UserID) throws -> [String] {
        try store.read(user: user) { tx in
            let entries = try tx.entries(
                scope: .system, kinds: Set(EntryKind.allCases), since: nil, now: Fixture.now, limit: 10)
            let found = try tx.searchCandidates(
                FullTextQuery(typed: "zebra"), scope: .app("com.a"), now: Fixture.now)
            let sightings = try tx.placeSightings(since: .distantPast, now: Fixture.now, limit: 10)
            let byIdentity = try tx.entry(app: "com.b", kind: .activity, identityKey: "k", now: Fixture.now)
            return entries.map { "\($0.app) \($0.title ?? "")" }
                + found.map { "found \($0.indexedText.title ?? "")" }
                + sightings.map { "seen \($0.app) \($0.nameKey)" } + [byIdentity?.title ?? "none"]
                + (try tx.appsWithData())
        }
    }

    @Test func eachUserAndAppIsStoredOnceAndRowsHoldTheirKeys() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID()).sqlite")
            .path
        defer { Fixture.removeStore(path) }
        let store = try SQLiteStorage(path: path)
        try Self.fill(store)
        #expect(
            try Self.contents(store, Self.alice) == [
                "com.b Zebra crossing activity", "com.a Zebra crossing", "found Zebra crossing",
                "seen com.a Zebra crossing", "Zebra crossing activity", "com.a", "com.b",
            ])
        #expect(try Self.contents(store, Self.bob).contains("found Zebra stripes"))
        #expect(try !Self.contents(store, Self.bob).contains("found Zebra crossing"))
        let (names, types) = try DatabaseQueue(path: path).read { db in
            (
                try String.fetchAll(db, sql: "SELECT name FROM name ORDER BY name"),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT typeof(userKey) || typeof(appKey) FROM entry
                        UNION SELECT DISTINCT typeof(userKey) || typeof(appKey) FROM placeSighting
                        """)
            )
        }
        #expect(names == ["alice", "bob", "com.a", "com.b"])
        #expect(types == ["integerinteger"])
        // A user or app the store never held reads nothing, and a write that rolls back leaves
        // no name behind.
        let nobody = UserID(rawValue: "nobody")!
        #expect(try store.read(user: nobody) { try $0.entryCounts() } == [:])
        #expect(
            try store.read(user: Self.alice) {
                try $0.entry(app: "com.z", kind: .item, identityKey: "1", now: Fixture.now)
            } == nil)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.write(user: nobody) { tx in
                try tx.upsertEntry(Fixture.item("com.new", "1", "Rolled back"))
                throw Abort()
            }
        }
        #expect(
            try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM name") } == 4
        )
    }

    /// A store written before v17 (users and apps as text in every row) is upgraded keeping
    /// every row, its identifier and what each user sees.
    @Test func aStoreWithNamesAsTextIsUpgraded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v16-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        let store = try SQLiteStorage(path: path)
        try Self.fill(store)
        // Enough rows that the tables the upgrade copies are most of the file.
        try store.write(user: Self.bob) { tx in
            for index in 0..<2000 {
                let entry = try tx.upsertEntry(
                    Fixture.item("com.c", "\(index)", "Filler \(index) of the upgrade"))
                try tx.replacePlaceSightings(
                    entryID: entry.id,
                    with: [Fixture.sighting(entryID: entry.id, "com.c", name: "Place \(index)")])
            }
        }
        let before = try [Self.alice, Self.bob].map { try Self.contents(store, $0) }
        let ids = try DatabaseQueue(path: path).read {
            try Int64.fetchAll($0, sql: "SELECT id FROM entry ORDER BY id")
        }
        // Back to version 16: the names in the rows, and the indexes that led with them.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    DROP INDEX entry_expiresAt; DROP INDEX entry_domain; DROP INDEX entry_persistent;
                    DROP INDEX entry_current; DROP INDEX entry_donatedAt; DROP INDEX entry_public;
                    DROP INDEX entry_engaged; DROP INDEX placeSighting_seenAt;
                    ALTER TABLE entry ADD COLUMN userId TEXT;
                    ALTER TABLE entry ADD COLUMN app TEXT;
                    UPDATE entry SET userId = (SELECT name FROM name WHERE id = userKey),
                      app = (SELECT name FROM name WHERE id = appKey);
                    ALTER TABLE placeSighting ADD COLUMN userId TEXT;
                    ALTER TABLE placeSighting ADD COLUMN app TEXT;
                    UPDATE placeSighting SET userId = (SELECT name FROM name WHERE id = userKey),
                      app = (SELECT name FROM name WHERE id = appKey);
                    DROP TABLE name;
                    DROP VIEW entry_text;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v17-interned-names', 'v18-compressed-descriptions', 'v19-contracted-index-text');
                    """)
        }
        let upgraded = try SQLiteStorage(path: path)
        #expect(try [Self.alice, Self.bob].map { try Self.contents(upgraded, $0) } == before)
        #expect(
            try DatabaseQueue(path: path).read {
                try Int64.fetchAll($0, sql: "SELECT id FROM entry ORDER BY id")
            }
                == ids)
        #expect(try upgraded.write { try $0.indexIntegrityCheck() })
        #expect(try upgraded.checkIntegrity() == [])
        // The old tables' pages are not left free in the file.
        let (free, pages) = try DatabaseQueue(path: path).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            )
        }
        #expect(free * 4 < pages, "\(free) of \(pages) pages free")
    }
}
