import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The embedded store's frequent words' matches kept in memory: what a search finds with them
/// is what FTS5 finds, after every kind of write, by this process and by another.
@Suite struct SQLiteFrequentWordsTests {
    /// A new store file's path in the temporary directory (removed with `Fixture.removeStore`).
    static func storePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("frequent-\(UUID()).sqlite").path
    }

    @Test func rowSetsHoldTheirRowsAndIntersect() {
        var evens = RowSet(through: 1_000)
        var threes = RowSet()
        for row in stride(from: Int64(0), through: 1_000, by: 2) { evens.insert(row) }
        for row in stride(from: Int64(0), through: 700, by: 3) { threes.insert(row) }
        #expect(evens.contains(998) && !evens.contains(999) && !evens.contains(5_000) && !evens.contains(-2))
        evens.remove(6)
        evens.remove(70_000)
        #expect(!evens.contains(6) && evens.contains(8))
        let both = RowSet.intersection([evens, threes], limit: 1_000)
        #expect(both == Array(stride(from: Int64(0), through: 700, by: 6)).filter { $0 != 6 })
        #expect(RowSet.intersection([evens, threes], limit: 3) == [0, 12, 18])
        let newest = Array(both.reversed())
        #expect(RowSet.newestOfIntersection([evens, threes], below: 10_000, limit: 1_000) == newest)
        #expect(RowSet.newestOfIntersection([evens, threes], below: 696, limit: 3) == [690, 684, 678])
        #expect(RowSet.newestOfIntersection([evens, threes], below: 697, limit: 2) == [696, 690])
        #expect(RowSet.newestOfIntersection([evens, threes], below: 640, limit: 2) == [636, 630])
        #expect(RowSet.newestOfIntersection([evens, threes], below: 1, limit: 2) == [0])
        #expect(RowSet.newestOfIntersection([evens, threes], below: 0, limit: 2) == [])
    }

    /// Rows titled "common item N", every other one also "half", every 600th "zebra"; the
    /// description of every third has "third".
    static func draft(_ i: Int, title: String? = nil) -> EntryDraft {
        let title = title ?? "common item \(i)" + (i % 2 == 0 ? " half" : "") + (i % 600 == 0 ? " zebra" : "")
        var draft = Fixture.item("com.a", "i\(i)", title)
        draft.indexedText.description = i % 3 == 0 ? "third part" : "other part"
        return draft
    }

    @Test func keptMatchesFollowEveryWriteOfEveryProcess() throws {
        let path = Self.storePath()
        defer { Fixture.removeStore(path) }
        let memory = FrequentWordMatches(minimumPages: 5)
        let storage = try SQLiteStorage(path: path, frequentWords: memory)
        // Another process's store on the same file (which keeps nothing).
        let other = try SQLiteStorage(path: path, frequentWords: FrequentWordMatches(capacity: 0))
        for start in stride(from: 0, to: 12_000, by: 2_000) {
            try storage.write { tx in
                for i in start..<start + 2_000 { try tx.upsertEntry(Self.draft(i)) }
            }
        }
        while try storage.maintainSearchIndex(pages: 10_000) {}

        let queries: [(table: String, words: [(text: String, isPrefix: Bool)])] = [
            ("entry_fts", [("zebra", false), ("common", false)]),
            ("entry_fts", [("zebra", false), ("half", false), ("item", true)]),
            ("entry_fts", [("half", false), ("third", false)]),
            ("entry_fts", [("common", false), ("half", false), ("third", false)]),
            ("entry_title_fts", [("zebra", false), ("half", false)]),
            ("entry_title_fts", [("common", false), ("half", false)]),
        ]
        func found(_ query: (table: String, words: [(text: String, isPrefix: Bool)])) throws -> [Int64]? {
            try storage.read { tx in
                try #require(tx as? SQLiteTransaction).matchingIDsWithFrequentWordsApart(
                    query.words, in: query.table, atMost: 100_000)
            }
        }
        func fts5(_ query: (table: String, words: [(text: String, isPrefix: Bool)])) throws -> [Int64] {
            try storage.read { tx in
                try Int64.fetchAll(
                    try #require(tx as? SQLiteTransaction).db,
                    sql: "SELECT rowid FROM \(query.table) WHERE \(query.table) MATCH ?",
                    arguments: [FullTextQuery.expression(query.words)])
            }
        }
        /// The newest matches below a row, with kept matches (nil when none) and by FTS5.
        func newest(_ query: (table: String, words: [(text: String, isPrefix: Bool)]), below: Int64) throws
            -> (
                kept: [Int64]?, fts5: [Int64]
            )
        {
            try storage.read { tx in
                let tx = try #require(tx as? SQLiteTransaction)
                let kept = try tx.keptWordsApart(query.words, in: query.table).map { walked, kept in
                    try tx.newestMatchingIDs(
                        walked: walked, kept: kept, in: query.table, below: below, count: 37)
                }
                let fts5 = try Int64.fetchAll(
                    tx.db,
                    sql: """
                        SELECT rowid FROM \(query.table) WHERE \(query.table) MATCH ? AND rowid < ?
                        ORDER BY rowid DESC LIMIT 37
                        """, arguments: [FullTextQuery.expression(query.words), below])
                return (kept, fts5)
            }
        }
        /// Every query finds with kept matches what FTS5 finds, all of them and the newest
        /// below a row; nil when none are kept (yet: they may be read in the background
        /// meanwhile), which `kept` says cannot be.
        func expectSameMatches(_ moment: String, kept required: Bool = true) throws {
            for query in queries {
                if let found = try found(query) {
                    #expect(found == (try fts5(query)), "\(moment): \(query.words) in \(query.table)")
                } else {
                    #expect(!required, "\(moment): \(query.words) in \(query.table)")
                }
                for below in [Int64.max, 13_301, 12_000, 5_000, 40] {
                    let (kept, fts5) = try newest(query, below: below)
                    if let kept {
                        #expect(kept == fts5, "\(moment): \(query.words) in \(query.table) below \(below)")
                    } else {
                        #expect(!required, "\(moment): \(query.words) in \(query.table)")
                    }
                }
            }
        }

        // Nothing kept yet: FTS5 intersects, and the frequent words are read in the background.
        #expect(try found(queries[0]) == nil)
        try expectSameMatches("first search", kept: false)
        memory.waitForBuilds()
        let words = Set(memory.keptWords.map { "\($0.table) \($0.text)\($0.isPrefix ? "*" : "")" })
        #expect(
            words.isSuperset(of: [
                "entry_fts common", "entry_fts half", "entry_fts third", "entry_title_fts half",
            ]),
            "\(words)")
        #expect(!words.contains("entry_fts zebra"))
        try expectSameMatches("kept")
        #expect(try fts5(queries[0]).count == 20)

        // Rows added, by this process and by another.
        try storage.write { tx in for i in 12_000..<12_600 { try tx.upsertEntry(Self.draft(i)) } }
        try expectSameMatches("added here")
        try other.write { tx in for i in 12_600..<13_300 { try tx.upsertEntry(Self.draft(i)) } }
        try expectSameMatches("added by another process")

        // Text changed: words gone from some rows, come to others; rows deleted, the last one
        // among them, and a row added that may take its identifier.
        try other.write { tx in
            for i in [0, 2, 600, 1_200, 4] { try tx.upsertEntry(Self.draft(i, title: "zebra renamed")) }
            for i in [1, 3] { try tx.upsertEntry(Self.draft(i, title: "common zebra half")) }
            _ = try tx.deleteItems(app: "com.a", uniqueIdentifiers: ["i1800", "i6", "i13299"])
        }
        try expectSameMatches("changed and deleted by another process")
        try other.write { tx in try tx.upsertEntry(Self.draft(13_299, title: "common zebra half again")) }
        try expectSameMatches("the last row's identifier taken again")

        // More rows rewritten than a search tests again: read again in the background.
        try storage.write { tx in
            for i in 7_000..<7_400 { try tx.upsertEntry(Self.draft(i, title: "half zebra \(i)")) }
        }
        #expect(try found(queries[0]) == nil)
        try expectSameMatches("many rewritten", kept: false)
        memory.waitForBuilds()
        try expectSameMatches("read again")

    }

    /// A long prefix read apart (its first five letters walked, the rows' text checked) with
    /// frequent words whose matches are kept: FTS5 walks the other words and each row is
    /// tested against the kept matches, and the rows are exactly FTS5's matches of the query;
    /// so they are when the prefix cut short finds too many rows to read their text.
    @Test func aLongPrefixWithKeptFrequentWordsFindsFTS5sRows() throws {
        let path = Self.storePath()
        defer { Fixture.removeStore(path) }
        let memory = FrequentWordMatches(minimumPages: 1)
        let storage = try SQLiteStorage(path: path, frequentWords: memory)
        try storage.write { tx in
            for i in 0..<4_000 {
                // "common" in 29 rows of 30 (kept); "zebracrossing…" and "zebrafish" (which
                // "zebra", the prefix cut short, finds too) in 400, some without "common".
                var words = i % 30 == 0 ? ["item"] : ["common", "item"]
                if i % 20 == 0 { words.append("zebracrossing\(i % 3)") }
                if i % 20 == 10 { words.append("zebrafish") }
                if i % 7 == 0 { words.append("half") }
                // Too many rows for their text to be read: "reporting…" in half, "reportage"
                // in a tenth.
                if i % 2 == 0 { words.append("reporting\(i % 4)") }
                if i % 10 == 3 { words.append("reportage") }
                try tx.upsertEntry(Fixture.item("com.a", "i\(i)", words.joined(separator: " ")))
            }
        }
        while try storage.maintainSearchIndex(pages: 10_000) {}
        let queries: [[(text: String, isPrefix: Bool)]] = [
            [("common", false), ("zebracross", true)],
            [("common", true), ("zebracrossing1", true)],
            [("half", false), ("common", false), ("zebracro", true)],
            [("common", false), ("reportin", true)],
            [("reportin", true), ("half", false), ("common", true)],
        ]
        func found(_ words: [(text: String, isPrefix: Bool)]) throws -> [Int64]? {
            try storage.read { tx in
                try #require(tx as? SQLiteTransaction).matchingIDsCheckingLongPrefixes(
                    words, atMost: 10_000, fromPages: 1)
            }
        }
        // The first reading has nothing kept (and asks for the frequent words' matches).
        let first = try queries.map(found)
        memory.waitForBuilds()
        #expect(memory.keptWords.contains { $0.text == "common" }, "\(memory.keptWords)")
        for (words, before) in zip(queries, first) {
            let expected = try storage.read { tx in
                try Int64.fetchAll(
                    try #require(tx as? SQLiteTransaction).db,
                    sql: "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?",
                    arguments: [FullTextQuery.expression(words)])
            }
            #expect(!expected.isEmpty)
            #expect(before == expected, "\(words)")
            #expect(try found(words) == expected, "\(words)")
        }
    }

    /// A first page's candidates and the newest matches of each field are the same whether
    /// the frequent words' matches are kept or not.
    @Test func candidatesAreTheSameWithKeptMatches() throws {
        let path = Self.storePath()
        defer { Fixture.removeStore(path) }
        let memory = FrequentWordMatches(minimumPages: 5)
        let keeping = try SQLiteStorage(path: path, frequentWords: memory)
        let plain = try SQLiteStorage(path: path, frequentWords: FrequentWordMatches(capacity: 0))
        var rng = SystemRandomNumberGenerator()
        // "reporting" is found by "report", a prefix longer than the index's (five letters).
        let vocabulary = ["common", "half", "item", "zebra", "reporting", "de", "la", "city", "paris", "rue"]
        try keeping.write { tx in
            for i in 0..<9_000 {
                // The first words in most rows, the last in few.
                func words() -> String {
                    (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                        let skewed =
                            Double.random(in: 0..<1, using: &rng) * Double.random(in: 0..<1, using: &rng)
                        return vocabulary[Int(skewed * Double(vocabulary.count))]
                    }.joined(separator: " ")
                }
                // A rare word (one of 400, in 22 rows) in the title or the description.
                let rare = "rare\(i % 400)"
                // A word of every fifth title: 1,800 rows, fewer pages than a frequent word;
                // and a word of every seventh that starts as "reporting" does, not with "report".
                let title =
                    words() + (i % 3 == 0 ? " " + rare : "") + (i % 5 == 0 ? " middling" : "")
                    + (i % 7 == 0 ? " reporder" : "")
                var draft = Fixture.item("com.a", "i\(i)", title)
                draft.indexedText.description = words() + (i % 3 == 0 ? "" : " " + rare)
                try tx.upsertEntry(draft)
            }
        }
        while try keeping.maintainSearchIndex(pages: 10_000) {}
        let queries = [
            "common half", "half item", "de la", "common de la", "zebra common ha", "half ci", "item de",
            "rue common",
            "paris common half", "city de", "rue", "common ru", "report half zeb", "rare7 common",
            "common rare12",
            "rare3 de la", "half rare21 item", "rare5 rue", "middling common", "common middling",
            "middling half it",
            // Prefixes longer than the index's (five letters), of many words and of few, some
            // starting words that others' first five letters start too ("reporder").
            "de common", "half la common", "report common", "la middling", "common report", "middli de",
            "half rare21 commo", "item common rare3", "common middli", "middli half", "de middlin",
        ]
        /// The newest 40 candidates of each query, and what the first page reads when the
        /// title's matches are read apart (nil when declined).
        func read(_ storage: SQLiteStorage) throws -> (newest: [[Int64]], titled: [TitleSearchCandidates?]) {
            let kinds = Set(EntryKind.allCases)
            return try storage.read { tx in
                (
                    try queries.map { typed in
                        try tx.searchCandidates(
                            FullTextQuery(typed: typed), scope: .system, kinds: kinds, now: Fixture.now,
                            limit: 40,
                            reading: .withoutDescription
                        ).map(\.id)
                    },
                    try queries.map { typed in
                        try tx.titleSearchCandidates(
                            FullTextQuery(typed: typed), scope: .system, kinds: kinds, now: Fixture.now,
                            limit: 1_001,
                            othersBelow: 20)
                    }
                )
            }
        }
        _ = try read(keeping)
        memory.waitForBuilds()
        #expect(memory.keptWords.count >= 6, "\(memory.keptWords)")
        let expected = try read(plain)
        let found = try read(keeping)
        #expect(found.newest == expected.newest)
        var readApart = 0
        for (typed, titled) in zip(queries, found.titled) {
            guard let titled else { continue }
            readApart += 1
            // What FTS5 finds: the matches, and those whose title has every term.
            let (matches, inTitle) = try keeping.read { tx in
                let db = try #require(tx as? SQLiteTransaction).db
                let expression = FullTextQuery(typed: typed).expression
                return (
                    try Int64.fetchAll(
                        db, sql: "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?",
                        arguments: [expression]),
                    Set(
                        try Int64.fetchAll(
                            db, sql: "SELECT rowid FROM entry_title_fts WHERE entry_title_fts MATCH ?",
                            arguments: [expression]))
                )
            }
            #expect(matches.count <= 1_000, "\(typed)")
            #expect(titled.candidates.map(\.id) == matches.filter(inTitle.contains).reversed(), "\(typed)")
            if let others = titled.others {
                #expect(others.map(\.id) == matches.filter { !inTitle.contains($0) }.reversed(), "\(typed)")
            }
        }
        // The title's frequent words are kept too: at least the queries read apart without.
        #expect(memory.keptWords.contains { $0.table == "entry_title_fts" })
        #expect(readApart >= expected.titled.compactMap { $0 }.count)
    }

    @Test func keptMatchesStayWithinTheirCapacity() {
        let kept = FrequentWordMatches(capacity: 2_560)
        func word(_ text: String) -> FrequentWordMatches.Word {
            FrequentWordMatches.Word(table: "entry_fts", text: text, isPrefix: false)
        }
        func matches(through: Int64, rewrites: Int64 = 0) -> FrequentWordMatches.Matches {
            var rows = RowSet(through: 8_000)
            rows.insert(through)
            return FrequentWordMatches.Matches(rows: rows, through: through, rewrites: rewrites)
        }
        kept.keep(word("a"), matches(through: 8_000))
        kept.keep(word("b"), matches(through: 8_000))
        _ = kept.kept(word("a"))
        kept.keep(word("c"), matches(through: 8_000))
        // About 1 KB each: the least recently used goes.
        #expect(kept.keptWords == [word("a"), word("c")])
        // Older matches never replace newer ones.
        kept.keep(word("a"), matches(through: 7_000))
        #expect(kept.kept(word("a"))?.through == 8_000)
        kept.keep(word("a"), matches(through: 10, rewrites: 1))
        #expect(kept.kept(word("a"))?.through == 10)
    }

    /// Preparing the search index (what a daemon does at start) reads the matches of the
    /// words and prefixes that fill many pages of either index, found from the index's own
    /// pages, and of no other word; a search of them then needs no FTS5 intersection.
    @Test func preparingTheIndexReadsItsFrequentWordsAhead() throws {
        let path = Self.storePath()
        defer { Fixture.removeStore(path) }
        let memory = FrequentWordMatches(minimumPages: 5)
        let storage = try SQLiteStorage(path: path, frequentWords: memory)
        for start in stride(from: 0, to: 12_000, by: 2_000) {
            try storage.write { tx in
                for i in start..<start + 2_000 { try tx.upsertEntry(Self.draft(i)) }
            }
        }
        while try storage.maintainSearchIndex(pages: 10_000) {}
        #expect(memory.keptWords.isEmpty)

        let found = try storage.read { tx in
            try ["entry_fts", "entry_title_fts"].flatMap { table in
                try SQLiteStorage.frequentIndexWords(
                    in: table, minimumPages: 5, try #require(tx as? SQLiteTransaction).db)
            }
        }
        let words = Set(found.map(\.word))
        for text in ["common", "item", "half", "part", "other"] {
            #expect(words.contains(.init(table: "entry_fts", text: text, isPrefix: false)), "\(text)")
        }
        for text in ["common", "item", "half"] {
            #expect(words.contains(.init(table: "entry_title_fts", text: text, isPrefix: false)), "\(text)")
        }
        // Prefixes of 2–5 characters have lists of their own.
        #expect(words.contains(.init(table: "entry_fts", text: "co", isPrefix: true)))
        #expect(words.contains(.init(table: "entry_fts", text: "commo", isPrefix: true)))
        // Rare words (zebra: 20 rows) and words of the description alone are not in the title's.
        #expect(!words.contains { $0.text == "zebra" })
        #expect(!words.contains(.init(table: "entry_title_fts", text: "third", isPrefix: false)))
        // Their pages, as a search estimates them (but for the keys that sort after a segment's
        // last one, which it counts in pages, not in `%_idx` units).
        for (word, pages) in found where !word.isPrefix {
            let estimate = try storage.read { tx in
                try #require(tx as? SQLiteTransaction).indexPages(
                    of: [(word.text, word.isPrefix)], in: word.table)
            }
            #expect(estimate == [pages], "\(word)")
        }

        storage.prepareSearchIndex(waitUntilDone: true)
        #expect(memory.keptWords == words)
        let rows = try storage.read { tx in
            try #require(tx as? SQLiteTransaction).matchingIDsWithFrequentWordsApart(
                [("common", false), ("half", false)], atMost: 100_000)
        }
        #expect(rows?.count == 6_000)
    }
}
