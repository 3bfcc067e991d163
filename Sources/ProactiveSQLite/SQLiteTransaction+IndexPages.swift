import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// An estimate of what walking a full-text index (`entry_fts` or `entry_title_fts`) for
    /// each of these words costs: the leaf pages its matches fill, summed over the index's
    /// segments.
    ///
    /// FTS5's `%_idx` table holds, for each leaf page of a segment, the least key stored on it
    /// (each key a byte naming the index, `0` for words and `1`–`4` for the prefixes of 2–5
    /// characters, then the word): the pages between a word's key and the next key are those
    /// its matches fill. Its `pgno` is the page's number times two (plus one when the page's
    /// word has a doclist index), and the estimate is in those units: two a page, except for
    /// the words after a segment's last key, counted to its last page in pages (fewer: the
    /// thresholds that read these estimates were tuned so). Two lookups a word and segment in a
    /// table of a few hundred kilobytes.
    /// An upper bound: each segment counts the page a word would be on, and a word that sorts
    /// just before a frequent one, on the page where that one's matches start, counts that
    /// one's pages too. A read transaction remembers each word's estimate.
    func indexPages(of words: [(text: String, isPrefix: Bool)], in table: String) throws -> [Int] {
        let structure: FTS5Structure
        if let known = searchMemo?.structures[table] {
            structure = known
        } else {
            guard let read = try SQLiteStorage.structure(of: table, db) else { return words.map { _ in 0 } }
            structure = read
            searchMemo?.structures[table] = read
        }
        return try words.map { word in
            let key = SearchIndexMemo.PagesKey(table: table, text: word.text, isPrefix: word.isPrefix)
            if let known = searchMemo?.pages[key] { return known }
            let (first, last) = Self.indexKeyRange(word.text, isPrefix: word.isPrefix)
            var pages = 0
            for segment in structure.segments {
                let start =
                    try Int.fetchOne(
                        db.cachedStatement(
                            sql: """
                                SELECT pgno FROM \(table)_idx WHERE segid = ? AND term <= ?
                                ORDER BY term DESC LIMIT 1
                                """), arguments: [segment.id, first]) ?? segment.firstPage
                let end =
                    try Int.fetchOne(
                        db.cachedStatement(
                            sql: """
                                SELECT pgno FROM \(table)_idx WHERE segid = ? AND term > ?
                                ORDER BY term LIMIT 1
                                """), arguments: [segment.id, last]) ?? (segment.lastPage + 1)
                pages += max(0, end - start)
            }
            searchMemo?.pages[key] = pages
            return pages
        }
    }

    /// The least and greatest keys of the index for a word: the word's own key, or for a
    /// prefix, the prefix index's key when there is one for its length and else the range of
    /// every word it starts.
    static func indexKeyRange(_ word: String, isPrefix: Bool) -> (first: Data, last: Data) {
        let bytes = Data(word.utf8)
        let characters = word.unicodeScalars.count
        guard isPrefix else { return (Data([0x30]) + bytes, Data([0x30]) + bytes) }
        if (2...FullTextQuery.longestIndexedPrefix).contains(characters) {
            let key = Data([0x30 + UInt8(characters - 1)]) + bytes
            return (key, key)
        }
        // 0xFF never occurs in UTF-8: every word starting with the prefix sorts before it.
        return (Data([0x30]) + bytes, Data([0x30]) + bytes + Data([0xFF]))
    }
}
