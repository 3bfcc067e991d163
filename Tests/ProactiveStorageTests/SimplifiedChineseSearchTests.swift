import Foundation
import GRDB
import Proactive
import ProactivePostgres
import ProactiveStorage
import ProactiveTesting
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// Traditional and Simplified Chinese find each other (餐廳 and 餐厅), on every backend, and
/// text indexed before the index folded them is folded by the stores' migrations.
@Suite struct SimplifiedChineseSearchTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z

    @Test(arguments: TestBackend.available) func traditionalAndSimplifiedFindEachOther(_ backend: TestBackend)
        throws
    {
        let engine = try ProactiveEngine(
            storage: try backend.make(), configuration: EngineConfiguration.withClock(TestClock(Self.t0)))
        try engine.donate(
            documents: [
                TestDocument.searchableItem(app: "com.example.notes", id: "t", title: "臺北的餐廳").data,
                TestDocument.searchableItem(
                    app: "com.example.notes", id: "s", title: "好吃的餐厅", description: "红烧牛肉面"
                ).data,
                TestDocument.searchableItem(app: "com.example.notes", id: "x", title: "東京の寿司").data,
            ], now: Self.t0)
        func found(_ typed: String) throws -> [String] {
            let first = try engine.search(SearchRequest(typed)).compactMap(\.uniqueIdentifier).sorted()
            let paged = try engine.searchPage(SearchRequest(typed).cursor("")).results.compactMap(
                \.uniqueIdentifier)
            #expect(paged.sorted() == first, "\(typed)")
            return first
        }
        for typed in ["餐厅", "餐廳", "廳", "厅", "的餐廳"] {
            #expect(try found(typed) == ["s", "t"], "\(typed)")
        }
        for typed in ["紅燒牛肉麵", "红烧牛肉面", "牛肉麵"] { #expect(try found(typed) == ["s"], "\(typed)") }
        for typed in ["臺北", "台北", "台北 餐厅"] { #expect(try found(typed) == ["t"], "\(typed)") }
        for typed in ["东京", "東京"] { #expect(try found(typed) == ["x"], "\(typed)") }
        #expect(try found("餐厅 东京").isEmpty)
        // What is shown is what was donated.
        #expect(try engine.search(SearchRequest("台北")).map(\.title) == ["臺北的餐廳"])
    }

    /// Index text as a store before v23 wrote it: Traditional characters spelled out.
    static let traditional = IndexedText(
        title: " 臺 臺北 北 的 的餐 餐 餐廳 廳 ",
        description: " 紅 紅燒 燒 燒牛 牛 牛肉 肉 肉麵 麵 and a description long enough to be stored compressed",
        address: "Taipei")
    static let document = #"{"title":"臺北的餐廳","description":"紅燒牛肉麵 and a description long enough"}"#

    static func draft() -> EntryDraft {
        var draft = EntryDraft(
            app: "com.a", kind: .item, identityKey: "t", donatedAt: t0, payload: document,
            isEligibleForSearch: true, indexedText: traditional)
        draft.title = "臺北的餐廳"
        draft.uniqueIdentifier = "t"
        return draft
    }

    @Test func sqliteFoldsWhatItIndexedBefore() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zh-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        do {
            let store = try SQLiteStorage(path: path)
            try store.write { tx in
                try tx.upsertEntry(Self.draft())
                try tx.upsertEntry(Fixture.item("com.a", "plain", "Plain English"))
                try tx.contributePublic(
                    PublicContribution(
                        key: PublicEntryKey(app: "com.a", key: "https://example.com/"), title: "公園"),
                    contributor: Data([1]))
            }
        }
        // The public entry as v22 indexed it, and v23 not yet applied.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    INSERT INTO publicEntry_fts (publicEntry_fts, rowid, ftsTitle, ftsKeywords, ftsDescription)
                    SELECT 'delete', id, ftsTitle, ftsKeywords, ftsDescription FROM publicEntry;
                    UPDATE publicEntry SET ftsTitle = ' 公 公園 園 ';
                    INSERT INTO publicEntry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription FROM publicEntry;
                    DELETE FROM grdb_migrations WHERE identifier = 'v23-simplified-chinese-index-text';
                    """)
        }
        let store = try SQLiteStorage(path: path)
        func found(_ typed: String) throws -> [String] {
            try store.read { tx in
                try tx.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: Self.t0)
                    .map { $0.indexedText.title ?? "" }
            }
        }
        #expect(try found("餐厅") == [" 台 台北 北 的 的餐 餐 餐厅 厅 "])
        #expect(try found("红烧牛肉面") == [" 台 台北 北 的 的餐 餐 餐厅 厅 "])
        #expect(try found("plain") == ["Plain English"])
        let entry = try #require(
            try store.read { try $0.entry(app: "com.a", kind: .item, identityKey: "t", now: Self.t0) })
        #expect(entry.payload == Self.document)
        #expect(entry.title == "臺北的餐廳")
        let publicFound = try store.read {
            try $0.publicSearchCandidates(FullTextQuery(typed: "公园"), app: nil, threshold: 1, limit: 10)
        }
        #expect(publicFound.map(\.entry.fields.title) == ["公園"])
        #expect(try store.write { try $0.indexIntegrityCheck() })
        #expect(try store.checkIntegrity() == [])
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil || PostgresTestDatabase.isCI))
    func postgresFoldsWhatItIndexedBefore() throws {
        let url = try #require(try PostgresTestDatabase.newDatabaseURL())
        let text = IndexedText(title: " 公 公園 園 ")
        let lexemes = SearchLexemes.words(text, key: "", prefixes: true).all.map { "'" + $0 + "'" }
            .joined(separator: ",")
        do {
            let storage = try PostgresStorage(url: url)
            defer { storage.close() }
            try storage.write(user: "alice") {
                try $0.upsertEntry(Self.draft())
                try $0.upsertEntry(Fixture.item("com.a", "plain", "Plain English"))
            }
        }
        for statement in [
            """
            INSERT INTO public_entry (app, key, contributors, title, fts_title, search_all)
            VALUES ('com.a', 'k', 5, '公園', '\(text.title!)', array_to_tsvector(ARRAY[\(lexemes)]))
            """,
            "DELETE FROM proactive_migration WHERE name = 'v8-simplified-chinese-index-text'",
        ] {
            try PostgresTestDatabase.execute(statement, at: url)
        }
        let storage = try PostgresStorage(url: url)
        defer { storage.close() }
        func found(_ typed: String) throws -> [String] {
            try storage.read(user: "alice") {
                try $0.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: Self.t0)
                    .map { $0.indexedText.title ?? "" }
            }
        }
        #expect(try found("餐厅") == [" 台 台北 北 的 的餐 餐 餐厅 厅 "])
        #expect(try found("红烧牛肉面") == [" 台 台北 北 的 的餐 餐 餐厅 厅 "])
        #expect(try found("plain") == ["Plain English"])
        let entry = try #require(
            try storage.read(user: "alice") {
                try $0.entry(app: "com.a", kind: .item, identityKey: "t", now: Self.t0)
            })
        #expect(entry.payload == Self.document)
        // The lexemes are what the engine writes for the folded text.
        let written = try PostgresTestDatabase.execute(
            "SELECT w FROM public_entry, unnest(tsvector_to_array(search_all)) w ORDER BY w COLLATE \"C\"",
            at: url)
        #expect(
            written.compactMap { $0 }
                == SearchLexemes.words(IndexedText(title: " 公 公园 园 "), key: "", prefixes: true).all.sorted())
        let publicFound = try storage.read {
            try $0.publicSearchCandidates(FullTextQuery(typed: "公园"), app: nil, threshold: 5, limit: 10)
        }
        #expect(publicFound.map(\.entry.fields.title) == ["公園"])
        #expect(try storage.read(user: "alice") { try $0.indexIntegrityCheck() })
    }
}
