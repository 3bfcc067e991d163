import GRDB
import ProactiveStorage

/// Where a snapshot of the full-text index stands: its last row and its last rewrite of
/// indexed text (the store's log).
struct SearchIndexMarks {
    /// The last row of `entry` (0 when none).
    var lastRow: Int64
    /// The last rewrite logged (0 when none).
    var lastRewrite: Int64

    init(_ db: Database) throws {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT (SELECT max(id) FROM entry), (SELECT max(id) FROM searchIndexRewrite)"))
        lastRow = row?[0] ?? 0
        lastRewrite = row?[1] ?? 0
    }
}

extension SQLiteStorage {
    /// Every match of a word in the full-text index, in a read transaction of its own (in the
    /// background: see ``FrequentWordMatches``); nil when the store cannot be read.
    func readMatches(of word: FrequentWordMatches.Word) -> FrequentWordMatches.Matches? {
        try? writer.read { db in
            let marks = try SearchIndexMarks(db)
            var rows = RowSet(through: marks.lastRow)
            let ids = try Int64.fetchCursor(
                db.cachedStatement(sql: "SELECT rowid FROM \(word.table) WHERE \(word.table) MATCH ?"),
                arguments: [FullTextQuery.expression([(word.text, word.isPrefix)])])
            while let id = try ids.next() { rows.insert(id) }
            return FrequentWordMatches.Matches(
                rows: rows, through: marks.lastRow, rewrites: marks.lastRewrite)
        }
    }
}

extension SQLiteTransaction {
    /// The identifiers of the rows that have all of `words` in a full-text index (`entry_fts`
    /// or `entry_title_fts`), in ascending order, at most `atMost + 1`, when some of the words
    /// are frequent and their matches are kept (``FrequentWordMatches``): FTS5 walks the other
    /// words' matches and the kept bitsets test each, or, when every word is kept, the bitsets
    /// are intersected. Nil when no word is, or none is kept yet (the frequent ones' matches
    /// are then read in the background, for the next search).
    func matchingIDsWithFrequentWordsApart(
        _ words: [(text: String, isPrefix: Bool)], in table: String = "entry_fts", atMost: Int
    ) throws -> [Int64]? {
        // A long prefix whose words fill many pages is read apart, as FTS5 would gather them
        // all first.
        guard let (rare, frequent) = try keptWordsApart(words, in: table) else { return nil }
        return try matchingIDs(walking: rare, testing: frequent, in: table, count: atMost + 1)
    }

    /// The first `count` rows, in ascending order, that have all of `walked` in a full-text
    /// index and are in every one of `kept`: the kept matches intersected when FTS5 has
    /// nothing to walk.
    func matchingIDs(
        walking walked: [(text: String, isPrefix: Bool)], testing kept: [RowSet], in table: String, count: Int
    ) throws -> [Int64] {
        guard !walked.isEmpty else { return RowSet.intersection(kept, limit: count) }
        return try walk(walked, testing: kept, in: table, order: "ASC", below: Int64.max, count: count)
    }

    /// The rows that have all of `walked` in a full-text index (FTS5 walks them, in `order` of
    /// row, below `below`) and are in every one of `kept`, at most `count`.
    private func walk(
        _ walked: [(text: String, isPrefix: Bool)], testing kept: [RowSet], in table: String, order: String,
        below: Int64, count: Int
    ) throws -> [Int64] {
        var ids: [Int64] = []
        let cursor = try Int64.fetchCursor(
            db.cachedStatement(
                sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? AND rowid < ? ORDER BY rowid \(order)"
            ),
            arguments: [FullTextQuery.expression(walked), below])
        while ids.count < count, let id = try cursor.next() {
            if kept.allSatisfy({ $0.contains(id) }) { ids.append(id) }
        }
        return ids
    }

    /// Of a query's words, those FTS5 walks and the kept matches of the others, when some are
    /// kept and no long prefix of many words is among the others (see
    /// ``matchingIDsCheckingLongPrefixes(_:atMost:fromPages:)``); else nil.
    func keptWordsApart(_ words: [(text: String, isPrefix: Bool)], in table: String) throws -> (
        walked: [(text: String, isPrefix: Bool)], kept: [RowSet]
    )? {
        guard let (rare, frequent) = try frequentWordsApart(words, in: table),
            !zip(rare, try indexPages(of: rare, in: table)).contains(where: { word, pages in
                FullTextQuery.isLongPrefix(word) && pages >= Self.longPrefixPagesReadApart
            })
        else { return nil }
        return (rare, frequent)
    }

    /// The identifiers of the rows that have all of `walked` in a full-text index and are in
    /// every one of `kept`, newest first, below `below` when given, at most `count`.
    func newestMatchingIDs(
        walked: [(text: String, isPrefix: Bool)], kept: [RowSet], in table: String, below: Int64?, count: Int
    ) throws -> [Int64] {
        let below = below ?? Int64.max
        guard !walked.isEmpty else { return RowSet.newestOfIntersection(kept, below: below, limit: count) }
        return try walk(walked, testing: kept, in: table, order: "DESC", below: below, count: count)
    }

    /// Of a query's words (two or more), those whose matches in `table` are not kept, and the
    /// kept matches of the others (each of at least ``FrequentWordMatches/minimumPages``
    /// pages); nil when none is kept.
    func frequentWordsApart(_ words: [(text: String, isPrefix: Bool)], in table: String) throws -> (
        others: [(text: String, isPrefix: Bool)], kept: [RowSet]
    )? {
        guard let kept = frequentWords, words.count >= 2 else { return nil }
        var others: [(text: String, isPrefix: Bool)] = []
        var frequent: [RowSet] = []
        for (word, pages) in zip(words, try indexPages(of: words, in: table)) {
            if pages >= kept.minimumPages,
                let rows = try frequentMatches(
                    FrequentWordMatches.Word(table: table, text: word.text, isPrefix: word.isPrefix), kept)
            {
                frequent.append(rows)
            } else {
                others.append(word)
            }
        }
        return frequent.isEmpty ? nil : (others, frequent)
    }

    /// A word's kept matches brought up to this transaction's snapshot, or nil when none are
    /// kept that can be (they are then read in the background).
    private func frequentMatches(_ word: FrequentWordMatches.Word, _ kept: FrequentWordMatches) throws
        -> RowSet?
    {
        guard var matches = kept.kept(word) else {
            kept.build(word)
            return nil
        }
        let marks: SearchIndexMarks
        if let known = searchMemo?.marks {
            marks = known
        } else {
            marks = try SearchIndexMarks(db)
            searchMemo?.marks = marks
        }
        // Kept from a later snapshot than this one.
        if matches.rewrites > marks.lastRewrite { return nil }
        let expression = FullTextQuery.expression([(word.text, word.isPrefix)])
        let table = word.table
        var changed = false
        if matches.rewrites < marks.lastRewrite {
            // The log keeps many more than are tested here (`DeferredIndex.rewritesKept`).
            guard marks.lastRewrite - matches.rewrites <= kept.rewritesTestedAtMost else {
                kept.build(word)
                return nil
            }
            // The rows whose text changed or went since: each tested again.
            let rewritten = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT DISTINCT entry FROM searchIndexRewrite WHERE id > ?"),
                arguments: [matches.rewrites])
            for row in rewritten { matches.rows.remove(row) }
            let still = try Int64.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT rowid FROM \(table) WHERE \(table) MATCH ? AND rowid IN (SELECT value FROM json_each(?))"
                ), arguments: [expression, Self.jsonArray(rewritten)])
            for row in still { matches.rows.insert(row) }
            matches.rewrites = marks.lastRewrite
            // Rows past this snapshot's last went since (they were tested again): rows added
            // later may take their identifiers, and are read from the tail.
            matches.through = min(matches.through, marks.lastRow)
            changed = true
        }
        if matches.through < marks.lastRow {
            guard marks.lastRow - matches.through <= kept.rowsAddedReadAtMost else {
                kept.build(word)
                return nil
            }
            // The rows added since, from the index's tail.
            let added = try Int64.fetchCursor(
                db.cachedStatement(sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? AND rowid > ?"),
                arguments: [expression, matches.through])
            while let row = try added.next() { matches.rows.insert(row) }
            matches.through = marks.lastRow
            changed = true
        }
        if changed { kept.keep(word, matches) }
        return matches.rows
    }
}
