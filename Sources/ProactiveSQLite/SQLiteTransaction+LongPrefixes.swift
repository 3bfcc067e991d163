import GRDB
import ProactiveStorage
import ProactiveText

extension SQLiteTransaction {
    /// From this many leaf pages filled by the words a long prefix starts, its matches are
    /// read apart (``matchingIDsCheckingLongPrefixes(_:atMost:fromPages:)``).
    static let longPrefixPagesReadApart = 30
    /// At most this many rows are read to test long prefixes in their text.
    static let longPrefixRowsChecked = 500

    /// The identifiers of the rows that have all of `words` in the index, in ascending order,
    /// at most `atMost + 1`, when some are prefixes longer than the index's prefixes
    /// (``FullTextQuery/longestIndexedPrefix``) whose words fill many pages of the index, and
    /// the query cut short matches few rows; else nil. `fromPages`: how many pages are many.
    ///
    /// FTS5 matches such a prefix by gathering the matches of every word it starts, whatever
    /// the query's other words (45 ms for `nsuseractivity*` at 1M items). The index is walked
    /// instead with each long prefix cut to its first five characters (one list of the prefix
    /// index, which FTS5 intersects with the other words, or which each row is tested against
    /// the kept matches of the frequent ones: ``frequentWordsApart(_:in:)``): a row that has the
    /// prefix is among those found; when they are at most ``longPrefixRowsChecked``, their text is read and a
    /// row is kept when its text has a word starting with each long prefix, as FTS5's tokenizer
    /// splits it (``TextFolding/hasWord(startingWith:in:buffer:)``). When they are more and
    /// some words' matches are kept, FTS5 walks the others, long prefixes whole, and each row
    /// is tested against the kept matches.
    func matchingIDsCheckingLongPrefixes(
        _ words: [(text: String, isPrefix: Bool)], atMost: Int, fromPages: Int = longPrefixPagesReadApart
    ) throws -> [Int64]? {
        let long = words.filter(FullTextQuery.isLongPrefix)
        guard !long.isEmpty, try indexPages(of: long, in: "entry_fts").reduce(0, +) >= fromPages else {
            return nil
        }
        let cut = FullTextQuery.withoutImpliedWords(FullTextQuery.withLongPrefixesCut(words))
        let found: [Int64]
        let limit = Self.longPrefixRowsChecked + 1
        if let (walked, kept) = try frequentWordsApart(cut, in: "entry_fts") {
            // FTS5 would seek in the frequent words' long lists for each match of the others.
            found = try matchingIDs(walking: walked, testing: kept, in: "entry_fts", count: limit)
        } else {
            found = try rows(
                "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? LIMIT ?",
                [FullTextQuery.expression(cut), limit]
            ) { row in row[0] as Int64 }
        }
        guard found.count <= Self.longPrefixRowsChecked else {
            // Too many rows to read their text. FTS5 gathers the long prefixes' words, as it
            // would for the whole query, but the kept frequent words are tested apart instead
            // of intersected (a seek in their long lists for each row).
            guard let (walked, kept) = try frequentWordsApart(words, in: "entry_fts") else { return nil }
            return try matchingIDs(walking: walked, testing: kept, in: "entry_fts", count: atMost + 1)
        }
        guard !found.isEmpty else { return [] }
        let prefixes = long.map { Array($0.text.utf8) }
        var buffer: [UInt8] = []
        let texts = try rows(
            """
            SELECT id, \(DeferredIndex.columns) FROM entry_text
            WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id
            """, [Self.jsonArray(found)]
        ) { row in (id: row[0] as Int64, fields: [row[1], row[2], row[3], row[4]] as [String?]) }
        var ids: [Int64] = []
        for (id, fields) in texts where ids.count <= atMost {
            let hasEvery = prefixes.allSatisfy { prefix in
                fields.contains { field in
                    field.map { TextFolding.hasWord(startingWith: prefix, in: $0, buffer: &buffer) } ?? false
                }
            }
            if hasEvery { ids.append(id) }
        }
        return ids
    }
}

extension FullTextQuery {
    /// Whether a word of the index is a prefix longer than the index's prefixes.
    static func isLongPrefix(_ word: (text: String, isPrefix: Bool)) -> Bool {
        word.isPrefix && word.text.unicodeScalars.count > longestIndexedPrefix
    }
}
