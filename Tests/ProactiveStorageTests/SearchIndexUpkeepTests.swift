import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The embedded store merges its full-text index's segments when they have grown enough.
@Suite struct SearchIndexUpkeepTests {
    /// Segments and their leaf pages as the `%_data` table holds them: a row's identifier is
    /// the segment's (bits 37 and up), a doclist-index flag (bit 36), a height (bits 31–35) and
    /// the page (bits 0–30).
    static func segmentsInData(_ table: String, _ db: Database) throws -> [Int: Int] {
        var pages: [Int: Int] = [:]
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM \(table)_data WHERE id > 10")
        where (id >> 31) & 0x3F == 0 && (id >> 36) & 1 == 0 {
            pages[Int(id >> 37), default: 0] += 1
        }
        return pages
    }

    /// A store whose index was written in `transactions` transactions of distinct words.
    static func store(transactions: Int, itemsEach: Int) throws -> (SQLiteStorage, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upkeep-\(UUID()).sqlite")
            .path
        let storage = try SQLiteStorage(path: path)
        for t in 0..<transactions {
            try storage.write { tx in
                for i in 0..<itemsEach {
                    try tx.upsertEntry(
                        Fixture.item(
                            "com.a", "\(t)-\(i)",
                            "report \(t) number \(i) word\(i % 37) café\(t % 11) 東京\(i % 5)"))
                }
            }
        }
        return (storage, path)
    }

    @Test func theStructureRecordGivesTheSegmentsTheDataTableHolds() throws {
        let (storage, path) = try Self.store(transactions: 30, itemsEach: 40)
        defer { Fixture.removeStore(path) }
        for table in ["entry_fts", "entry_title_fts"] {
            let (layout, expected) = try storage.writer.read { db in
                (try SQLiteStorage.structure(of: table, db), try Self.segmentsInData(table, db))
            }
            do {
                let layout = try #require(layout)
                #expect(layout.segments.count >= 2, "\(table): \(layout)")
                let decoded = Dictionary(uniqueKeysWithValues: layout.segments.map { ($0.id, $0.pages) })
                #expect(decoded == expected, "\(table)")
            }
        }
    }

    @Test func upkeepMergesEverySegmentIntoOneAndSearchesFindTheSame() throws {
        let (storage, path) = try Self.store(transactions: 30, itemsEach: 40)
        defer { Fixture.removeStore(path) }
        let queries = ["report", "numb", "word7", "cafe3", "東京", "report 12 word3"]
        func answers() throws -> [[Int64]] {
            try queries.map { q in
                try storage.read {
                    try $0.searchCandidates(
                        FullTextQuery(typed: q), scope: .system, now: Fixture.now, limit: 2_000)
                }.map(\.id).sorted()
            }
        }
        let before = try answers()
        #expect(before.allSatisfy { !$0.isEmpty })
        let due = try storage.writer.read { db in
            try SQLiteStorage.structure(of: "entry_fts", db)!.needsMerging
        }
        #expect(due)
        // Small steps: the merge takes several, each its own transaction.
        var steps = 1
        while try storage.maintainSearchIndex(pages: 2) { steps += 1 }
        #expect(steps >= 3)
        for table in ["entry_fts", "entry_title_fts"] {
            let (segments, due) = try storage.writer.read { db in
                (
                    try Self.segmentsInData(table, db).count,
                    try SQLiteStorage.structure(of: table, db)?.needsMerging
                )
            }
            #expect(segments == 1, "\(table)")
            #expect(due == false, "\(table)")
        }
        #expect(try answers() == before)
        #expect(try storage.checkIntegrity().isEmpty)
        // Nothing more is due until the index grows by half again.
        #expect(try storage.maintainSearchIndex(pages: 4) == false)
        try storage.write { try $0.upsertEntry(Fixture.item("com.a", "late", "report late")) }
        #expect(try storage.maintainSearchIndex(pages: 4) == false)
        #expect(try storage.writer.read { db in try Self.segmentsInData("entry_fts", db).count } == 2)
    }

    /// Leaf pages of about 1,000 bytes (FTS5's default is 4,050): seeking within a page of a
    /// frequent word's matches reads it from its start.
    @Test func theIndexWritesSmallPages() throws {
        let (storage, path) = try Self.store(transactions: 2, itemsEach: 600)
        defer { Fixture.removeStore(path) }
        let (setting, largest, pages) = try storage.writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT v FROM entry_fts_config WHERE k = 'pgsz'"),
                try Int.fetchOne(db, sql: "SELECT max(length(block)) FROM entry_fts_data WHERE id > 10") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_fts_data WHERE id > 10") ?? 0
            )
        }
        #expect(setting == 1_000)
        #expect(pages >= 10)
        #expect(largest <= 1_100, "\(largest)")
        // A bulk write (600 rows) merges sixteen segments at a time while it writes, and leaves
        // the store merging four at a time.
        let automerge = try storage.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT v FROM entry_title_fts_config WHERE k = 'automerge'")
        }
        #expect(automerge == 4)
    }

    @Test func mergingIsDueWhenTheOtherSegmentsAreHalfTheLargest() {
        func layout(_ sizes: [Int], merging: Int = 0) -> FTS5Structure {
            FTS5Structure(levels: [
                .init(
                    merging: merging,
                    segments: sizes.enumerated().map {
                        .init(id: $0.offset + 1, firstPage: 1, lastPage: $0.element)
                    })
            ])
        }
        #expect(!layout([]).needsMerging)
        #expect(!layout([900]).needsMerging)
        #expect(!layout([900, 100, 200, 149]).needsMerging)
        #expect(layout([900, 100, 200, 150]).needsMerging)
        #expect(layout([3, 3]).needsMerging)
        #expect(layout([10, 10], merging: 2).isMerging)
        #expect(!layout([10, 10]).isMerging)
    }

    @Test func varintsAndRecordsDecodeAsSQLiteWritesThem() throws {
        var reader = VarintReader(bytes: [0x05, 0x81, 0x00, 0xFF, 0x7F], offset: 0)
        #expect(reader.next() == 5)
        #expect(reader.next() == 128)
        #expect(reader.next() == 0x3FFF)
        #expect(reader.next() == nil)
        var nine = VarintReader(bytes: [UInt8](repeating: 0xFF, count: 9), offset: 0)
        #expect(nine.next() == -1)
        // Cookie, 2 levels, 3 segments, write counter 7; level 0: none merging, segments 4 (pages
        // 1…2) and 5 (1…1); level 1: 1 merging, segment 2 (pages 3…300).
        let record: [UInt8] = [0, 0, 0, 9, 2, 3, 7, 0, 2, 4, 1, 2, 5, 1, 1, 1, 1, 2, 3, 0x82, 0x2C]
        let layout = try #require(FTS5Structure(record: record))
        #expect(layout.levels.map(\.merging) == [0, 1])
        #expect(layout.segments.map(\.id) == [4, 5, 2])
        #expect(layout.segments.map(\.pages) == [2, 1, 298])
        // The same in version 2: a marker after the cookie, five more varints a segment.
        let version2: [UInt8] =
            [
                0, 0, 0, 9, 0xFF, 0, 0, 1, 2, 3, 7, 0, 2, 4, 1, 2, 0, 0, 0, 0, 0, 5, 1, 1, 0, 0, 0, 0, 0, 1,
                1, 2, 3,
                0x82, 0x2C, 0, 0, 0, 0, 0,
            ]
        #expect(FTS5Structure(record: version2) == layout)
        #expect(FTS5Structure(record: Array(record.prefix(12))) == nil)
        #expect(FTS5Structure(record: [0, 0]) == nil)
    }
}
