import Foundation
import GRDB
import ProactiveStorage

extension SQLiteStorage {
    /// Reads, in the background, the matches of the full-text indexes' most frequent words and
    /// prefixes (``FrequentWordMatches``), most pages first, as many as it keeps (64 MB: 536 of
    /// 1,425 words at 1M items, 5.5 s of one core; a word searches ask for later takes the
    /// place of the least frequent of them). A daemon does it once at start: otherwise the
    /// first search of each frequent word pays FTS5's intersection (10–19 ms at 1M items)
    /// before the word's bitset is read for the next ones. With `waitUntilDone`, returns once
    /// they are read.
    public func prepareSearchIndex(waitUntilDone: Bool) {
        let words = try? writer.read { db in
            let minimum = frequentWords.minimumPages
            return try ["entry_fts", "entry_title_fts"].flatMap { table in
                try Self.frequentIndexWords(in: table, minimumPages: minimum, db)
            }
            .sorted { $0.pages > $1.pages }.map(\.word)
        }
        guard let words, !words.isEmpty else { return }
        frequentWords.warm(words)
        if waitUntilDone { frequentWords.waitForBuilds() }
    }

    /// The words and prefixes whose matches fill at least `minimumPages` of a full-text index,
    /// with the pages they fill, counted as ``SQLiteTransaction/indexPages(of:in:)`` counts
    /// them (the `%_idx` table's page numbers, two a page, summed over the segments; a
    /// segment's last run in the same units, where that estimate counts pages).
    ///
    /// The `%_idx` table names each page that has a key starting on it; a run of pages after
    /// one such page holds the matches of the last key starting on it (``FTS5LeafPage``),
    /// which is read from that page. A few milliseconds at 1M items (about 30,000 rows of
    /// `%_idx`, a few hundred pages read).
    static func frequentIndexWords(in table: String, minimumPages: Int, _ db: Database) throws
        -> [(word: FrequentWordMatches.Word, pages: Int)]
    {
        guard let structure = try structure(of: table, db) else { return [] }
        var pages: [FrequentWordMatches.Word: Int] = [:]
        for segment in structure.segments {
            // `pgno` is the page number times two, plus one when the page's word has a doclist
            // index: `indexPages(of:in:)` counts in these units, and so does this.
            let starts = try Int64.fetchAll(
                db, sql: "SELECT pgno FROM \(table)_idx WHERE segid = ? ORDER BY term",
                arguments: [segment.id])
            let ends = starts.dropFirst() + [Int64(segment.lastPage + 1) << 1]
            for (start, end) in zip(starts, ends) where end - start >= Int64(minimumPages) {
                guard
                    let page = try Data.fetchOne(
                        db.cachedStatement(sql: "SELECT block FROM \(table)_data WHERE id = ?"),
                        arguments: [Int64(segment.id) << 37 + start >> 1]),
                    let key = FTS5LeafPage.keys([UInt8](page))?.last,
                    let word = Self.word(key, in: table)
                else { continue }
                pages[word, default: 0] += Int(end - start)
            }
        }
        return pages.map { (word: $0.key, pages: $0.value) }
    }

    /// The word a key of a full-text index stands for: a word (index `0`) or a prefix of 2–5
    /// characters (`1`–`4`); nil for other keys.
    private static func word(_ key: [UInt8], in table: String) -> FrequentWordMatches.Word? {
        guard let index = key.first, (0x30...0x34).contains(index),
            let text = String(validating: key.dropFirst(), as: UTF8.self), !text.isEmpty
        else { return nil }
        return FrequentWordMatches.Word(table: table, text: text, isPrefix: index != 0x30)
    }
}
