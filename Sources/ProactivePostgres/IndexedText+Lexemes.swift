import Crypto
import Foundation
import ProactiveStorage
import ProactiveText

/// The words PostgreSQL indexes for an entry, computed in Swift so that they are exactly the
/// tokens SQLite's `unicode61 remove_diacritics 2` tokenizer makes of the same index form:
/// text folded (case, diacritics, ß → ss…) and split on everything that is not a letter, a
/// digit or a mark. CJK text already holds its unigrams and bigrams as separate words (see
/// `IndexText.indexForm`). The words are stored with `array_to_tsvector`, so PostgreSQL's
/// own parser and dictionaries never touch them.
///
/// Each lexeme starts with its user's key (``userKey(_:)``): one GIN index then holds every
/// user's words apart, so a prefix query for one user walks that user's words only, as the
/// SQLite store's per-device FTS5 index does, instead of every user's words of that prefix.
public enum SearchLexemes {
    /// The longest lexeme PostgreSQL accepts, in bytes (its limit is 2,047, exclusive), the
    /// user's key included.
    static let longestLexeme = 2046
    /// The longest word indexed, in bytes: with the user's key, ``longestLexeme``; longer
    /// words are not indexed.
    static let longestWord = longestLexeme - userKeyLength
    /// A tsvector holds at most 1 MB; words beyond this many bytes are not indexed.
    static let largestVector = 900_000
    /// The characters of a user's key.
    public static let userKeyLength = 8

    /// The key before each of a user's lexemes: the first 8 hexadecimal digits of the MD5 of
    /// the user's identifier (in SQL, `left(md5(user_id), 8)`). Two users whose keys collide
    /// share index entries but never rows: every search also filters by user.
    public static func userKey(_ user: UserID) -> String {
        let digest = Insecure.MD5.hash(data: Data(user.rawValue.utf8))
        return digest.prefix(userKeyLength / 2).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// What starts a prefix lexeme after the key (never part of a word: words are letters,
    /// digits and marks).
    public static let prefixMarker = "*"

    /// The prefix lengths, in Unicode scalars, that an index made with `prefixes` holds as
    /// lexemes of their own (``FullTextQuery/longestIndexedPrefix`` at most, as the SQLite
    /// store's FTS5 prefix indexes 2–5).
    public static let indexedPrefixLengths = 2...FullTextQuery.longestIndexedPrefix

    /// The distinct words of an entry's fields, within PostgreSQL's limits, in the order first
    /// seen (`array_to_tsvector` sorts them), each after `key`: those of every field, and those
    /// of the title alone (the title's words are the first ones of every field's, so it is
    /// folded once).
    ///
    /// With `prefixes`, each word is followed by its prefixes of ``indexedPrefixLengths``
    /// scalars, each after `key` and ``prefixMarker`` (`*new` for "news"): a typed prefix of
    /// that length is then one exact lexeme (see `FullTextQuery.tsquery(userKey:wholeLongWords:indexedPrefixes:)`),
    /// which GIN intersects with the other terms, instead of a partial match that unions
    /// every word of that prefix first. The public index, shared by every user, holds them.
    public static func words(_ text: IndexedText, key: String, prefixes: Bool = false) -> (
        all: [String], title: [String]
    ) {
        let (joined, titleEnd, _) = scan(text, key: key, prefixes: prefixes)
        var all: [String] = []
        var titleCount = 0
        var start = 0
        for index in joined.indices where joined[index] == UInt8(ascii: " ") {
            all.append(String(decoding: joined[start..<index], as: UTF8.self))
            if index <= titleEnd { titleCount = all.count }
            start = index + 1
        }
        if start < joined.count {
            all.append(String(decoding: joined[start...], as: UTF8.self))
            if joined.count <= titleEnd { titleCount = all.count }
        }
        return (all, Array(all.prefix(titleCount)))
    }

    /// ``words(_:key:prefixes:)`` each joined with spaces (a lexeme holds no space: words split
    /// on everything but letters, digits and marks), built without a string per word: what a
    /// batch sends for `string_to_array(…, ' ')`.
    public static func joinedWords(_ text: IndexedText, key: String, prefixes: Bool = false) -> (
        all: String, title: String
    ) {
        let (joined, titleEnd, _) = scan(text, key: key, prefixes: prefixes)
        return (String(decoding: joined, as: UTF8.self), String(decoding: joined[..<titleEnd], as: UTF8.self))
    }

    /// The UTF-8 of ``joinedWords(_:key:prefixes:)``'s every-field text, where the title's
    /// lexemes end in it, and the description's `TextRelevance.wordCount` (counted on the
    /// folded text the scan makes anyway): what a batch writes into its array parameters,
    /// without making strings (valid UTF-8: words are whole scalars of folded text).
    static func joinedLexemes(_ text: IndexedText, key: String, prefixes: Bool = false) -> (
        joined: [UInt8], titleEnd: Int, descriptionWords: Int
    ) {
        scan(text, key: key, prefixes: prefixes)
    }

    /// The distinct lexemes of the fields (key included) in the order first seen, each word
    /// followed by its prefix lexemes when `prefixes`, within PostgreSQL's limits, separated by
    /// spaces; where the title's lexemes end; and the description's word count (the
    /// description is folded for it even once the vector is full).
    private static func scan(_ text: IndexedText, key: String, prefixes: Bool) -> (
        joined: [UInt8], titleEnd: Int, descriptionWords: Int
    ) {
        var scan = LexemeScan(key: key, prefixes: prefixes)
        var folded: [UInt8] = []
        var titleEnd = 0
        var descriptionWords = 0
        for (index, field) in [text.title, text.keywords, text.description, text.address].enumerated() {
            if index == 1 { titleEnd = scan.joined.count }
            guard let field, index == 2 || !scan.isFull else { continue }
            folded.removeAll(keepingCapacity: true)
            TextFolding.appendFolded(field, to: &folded)
            folded.withUnsafeBufferPointer { folded in
                if index == 2 { descriptionWords = TextRelevance.wordCount(foldedUTF8: folded) }
                scan.add(folded: folded)
            }
        }
        return (scan.joined, titleEnd, descriptionWords)
    }
}
