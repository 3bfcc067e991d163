import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The embedded store's first-page reading: the expression it walks, its estimate of what a
/// walk of the title's index costs, and when it declines to read titles apart.
@Suite struct SQLiteTitleSearchTests {
    @Test func aPairOfCJKCharactersIsMatchedAlone() {
        #expect(FullTextQuery(typed: "牛肉麵").expression == #""牛肉" AND "肉面""#)
        #expect(FullTextQuery(typed: "餐").expression == #""餐""#)
        #expect(FullTextQuery(typed: "Straße caf").expression == #""strasse" AND "caf"*"#)
        #expect(FullTextQuery(typed: "東京 tower").expression == #""东京" AND "tower"*"#)
    }

    @Test func aWordAnotherImpliesIsNotWalked() {
        #expect(FullTextQuery(typed: "de de").expression == #""de""#)
        #expect(FullTextQuery(typed: "exibido de de").expression == #""exibido" AND "de""#)
        #expect(FullTextQuery(typed: "der de").expression == #""der""#)
        #expect(FullTextQuery(typed: "de der").expression == #""de" AND "der"*"#)
        #expect(FullTextQuery(typed: "rapport rapport rap").expression == #""rapport""#)
        #expect(FullTextQuery(typed: "rap rapport").expression == #""rap" AND "rapport"*"#)
    }

    /// A store of `common` items whose title has "common" and 20 whose title has "zebra", in
    /// transactions of 500 (several segments).
    static func store(common: Int) throws -> (SQLiteStorage, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("titles-\(UUID()).sqlite")
            .path
        let storage = try SQLiteStorage(path: path)
        var written = 0
        while written < common {
            try storage.write { tx in
                for i in written..<min(common, written + 500) {
                    try tx.upsertEntry(Fixture.item("com.a", "c\(i)", "common title \(i)"))
                }
            }
            written += 500
        }
        try storage.write { tx in
            for i in 0..<20 {
                try tx.upsertEntry(
                    Fixture.item("com.a", "z\(i)", i < 10 ? "zebra \(i)" : "common zebra \(i)"))
            }
        }
        return (storage, path)
    }

    @Test func theTitleIndexPagesOfAWordGrowWithItsMatches() throws {
        let (storage, path) = try Self.store(common: 6_000)
        defer { Fixture.removeStore(path) }
        func estimate() throws -> (pages: [Int], segments: Int) {
            try storage.read { tx in
                let tx = try #require(tx as? SQLiteTransaction)
                let words: [(String, Bool)] = [
                    ("common", false), ("zebra", false), ("zulu", false), ("com", true), ("commo", true),
                    ("comm", true), ("zeb", true), ("zz", true),
                ]
                let layout = try #require(try SQLiteStorage.structure(of: "entry_title_fts", tx.db))
                return (
                    try tx.indexPages(of: words, in: "entry_title_fts")
                        + [
                            try tx.indexPages(
                                of: [("common", false), ("zebra", false)], in: "entry_title_fts"
                            ).reduce(0, +)
                        ],
                    layout.segments.count
                )
            }
        }
        // Several segments: each counts the page a word would be on, even when it is not there.
        let (several, segments) = try estimate()
        #expect(segments >= 3)
        #expect(several[1] <= 2 * segments && several[2] <= 2 * segments, "\(several)")
        #expect(several[8] == several[0] + several[1])
        // One segment: 6,010 rows whose title has "common" (a byte or two each) fill several
        // 1,000-byte pages; 20 fit in one, as does a word no title has (one that sorts just
        // before "common", on the page where its matches start, would count them too).
        while try storage.maintainSearchIndex(pages: 10_000) {}
        let (pages, one) = try estimate()
        #expect(one == 1)
        #expect(pages[0] >= 5 && pages[0] <= several[0], "\(pages)")
        #expect(pages[1] <= 2 && pages[2] <= 2 && pages[7] <= 2, "\(pages)")
        // The prefixes of 2–5 characters read their own index, as large as the word's.
        for prefix in pages[3...5] { #expect(prefix >= 5, "\(pages)") }
        #expect(pages[6] <= 2, "\(pages)")
        #expect(FullTextQuery.longestIndexedPrefix == 5)
    }

    @Test func titlesAreReadApartOnlyWhenTheirIndexIsCheapToWalk() throws {
        let (storage, path) = try Self.store(common: 6_000)
        defer { Fixture.removeStore(path) }
        let now = Fixture.now
        func read(_ typed: String) throws -> TitleSearchCandidates? {
            try storage.read { tx in
                try tx.titleSearchCandidates(
                    FullTextQuery(typed: typed), scope: .system, kinds: Set(EntryKind.allCases), now: now,
                    limit: 1_001, othersBelow: 5)
            }
        }
        // 20 matches of a rare word (typed last: a prefix of 5 letters, its own index): its
        // titles are read apart.
        let zebra = try #require(try read("zebra "))
        #expect(zebra.candidates.count == 20 && zebra.others == nil)
        #expect(zebra.candidates.allSatisfy { $0.titleHasEveryTerm == true })
        // 10 matches, but walking "common"'s pages in the title's index costs more than
        // reading them: declined.
        #expect(try read("common zebra ") == nil)
        // Over 1,000 matches: declined.
        #expect(try read("common ") == nil)
    }
}
