import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// An entry's index-form description keeps each run of Chinese, Japanese or Korean characters
/// once, and the full-text indexes read it spelled out through the `entry_text` view (v19).
@Suite struct SQLiteContractedIndexTextTests {
    static let descriptions = [
        "Quarterly giraffe census along the northern ridge, with notes on every herd we met and the weather",
        IndexText.indexForm("长颈鹿普查报告：北部山脊的每一个群落，以及天气和道路的情况说明"),
        "short one",
    ]

    private static func fill(_ store: SQLiteStorage) throws {
        try store.write { tx in
            for (index, description) in descriptions.enumerated() {
                var draft = Fixture.item("com.a", "\(index)", index == 1 ? "报告 Report 1" : "Report \(index)")
                draft.indexedText.description = description
                try tx.upsertEntry(draft)
            }
        }
    }

    private static func found(_ store: SQLiteStorage, _ typed: String) throws -> [String] {
        try store.read { tx in
            try tx.searchCandidates(FullTextQuery(typed: typed), scope: .system, now: Fixture.now)
                .map { $0.indexedText.title ?? "" }
        }
    }

    /// What a search by a description's words finds, and what ranking reads back.
    private static func check(_ store: SQLiteStorage, path: String) throws {
        #expect(try found(store, "giraffe herd") == ["Report 0"])
        #expect(try found(store, "长颈鹿") == [IndexText.indexForm("报告 Report 1")])
        #expect(try found(store, "报告") == [IndexText.indexForm("报告 Report 1")])
        #expect(try found(store, "short") == ["Report 2"])
        let ranked = try store.read { tx in
            let ids = try tx.searchCandidates(
                FullTextQuery(typed: "report"), scope: .system, now: Fixture.now
            )
            .map(\.id)
            return try tx.entriesForRanking(ids: ids, scope: .system, now: Fixture.now)
                .sorted { $0.entry.id < $1.entry.id }.map { $0.indexedText.description ?? "" }
        }
        #expect(ranked == descriptions)
        let types = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(
                db,
                sql: "SELECT typeof(ftsTitle) || ' ' || typeof(ftsDescription) FROM entry ORDER BY id LIMIT 3"
            )
        }
        #expect(types == ["text text", "text blob", "text text"])
        #expect(try store.write { try $0.indexIntegrityCheck() })
        #expect(try store.checkIntegrity() == [])
    }

    @Test func runsAreStoredOnceAndFoundByTheirCharacters() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("desc-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        let store = try SQLiteStorage(path: path)
        try Self.fill(store)
        try Self.check(store, path: path)
        // A changed description leaves the index with the new words only; a deleted entry
        // leaves nothing.
        try store.write { tx in
            var draft = Fixture.item("com.a", "0", "Report 0")
            draft.indexedText.description =
                "Annual zebra census on the southern plain, every herd counted twice"
            try tx.upsertEntry(draft)
            try tx.deleteItems(app: "com.a", uniqueIdentifiers: ["1"])
        }
        #expect(try Self.found(store, "giraffe") == [])
        #expect(try Self.found(store, "zebra southern") == ["Report 0"])
        #expect(try Self.found(store, "长颈鹿") == [])
        #expect(try Self.found(store, "报告") == [])
        #expect(try store.write { try $0.indexIntegrityCheck() })
    }

    /// A store whose index-form text is spelled out, its long descriptions deflated (v18), is
    /// upgraded: its runs contracted, and both indexes rebuilt on the view.
    @Test func aStoreWithRunsSpelledOutIsUpgraded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v17-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        try Self.fill(try SQLiteStorage(path: path))
        // Enough text that rebuilding the index writes it in several segments.
        var random = SystemRandomNumberGenerator()
        let words = (0..<3000).map { _ in
            String((0..<7).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &random)! })
        }
        try SQLiteStorage(path: path).write { tx in
            for index in 0..<4000 {
                var draft = Fixture.item("com.b", "\(index)", "Filler \(index)")
                draft.indexedText.description = (0..<40).map { _ in words.randomElement(using: &random)! }
                    .joined(separator: " ")
                try tx.upsertEntry(draft)
            }
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(function: StoredText.sqlFunction)
            // Version 18 kept long descriptions deflated.
            db.add(
                function: DatabaseFunction("deflated", argumentCount: 1, pure: true) { values in
                    String.fromDatabaseValue(values[0]).map {
                        StoredText.databaseValue($0, format: .deflatedDescription)
                    }
                })
        }
        try DatabaseQueue(path: path, configuration: configuration).write { db in
            try db.execute(
                sql: """
                    UPDATE entry SET ftsTitle = proactive_stored_text(ftsTitle),
                      ftsKeywords = proactive_stored_text(ftsKeywords),
                      ftsDescription = proactive_stored_text(ftsDescription),
                      ftsAddress = proactive_stored_text(ftsAddress);
                    UPDATE entry SET ftsDescription = deflated(ftsDescription) WHERE length(ftsDescription) >= 48;
                    DROP TABLE entry_fts;
                    DROP TABLE entry_title_fts;
                    DROP VIEW entry_text;
                    CREATE VIRTUAL TABLE entry_fts USING fts5(
                      ftsTitle, ftsKeywords, ftsDescription, ftsAddress, content='entry', content_rowid='id',
                      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Mn Mc Me'", prefix='2 3 4 5',
                      detail=none, columnsize=0);
                    CREATE VIRTUAL TABLE entry_title_fts USING fts5(
                      ftsTitle, content='entry', content_rowid='id',
                      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Mn Mc Me'", prefix='2 3 4 5',
                      detail=none, columnsize=0);
                    INSERT INTO entry_fts (rowid, ftsTitle, ftsKeywords, ftsDescription, ftsAddress)
                    SELECT id, ftsTitle, ftsKeywords, ftsDescription, ftsAddress FROM entry;
                    INSERT INTO entry_title_fts (rowid, ftsTitle) SELECT id, ftsTitle FROM entry;
                    DELETE FROM grdb_migrations WHERE identifier = 'v19-contracted-index-text';
                    """)
        }
        let types = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(
                db,
                sql: "SELECT typeof(ftsTitle) || ' ' || typeof(ftsDescription) FROM entry ORDER BY id LIMIT 3"
            )
        }
        #expect(types == ["text blob", "text blob", "text text"])
        try Self.check(try SQLiteStorage(path: path), path: path)
        // Each index rebuilt is one segment, as the upkeep leaves them.
        let segments = try DatabaseQueue(path: path).read { db in
            try ["entry_fts", "entry_title_fts"].map { table in
                let record = try [UInt8](
                    Data.fetchOne(db, sql: "SELECT block FROM \(table)_data WHERE id = 10") ?? Data())
                return FTS5Structure(record: record)?.segments.count
            }
        }
        #expect(segments == [1, 1])
    }
}
