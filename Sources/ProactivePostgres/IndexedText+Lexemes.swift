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
        var out: [String] = []
        var titleCount = 0
        scan(
            text, key: key, prefixes: prefixes, word: { out.append(String(decoding: $0, as: UTF8.self)) },
            titleEnd: { titleCount = out.count })
        return (out, Array(out.prefix(titleCount)))
    }

    /// ``words(_:key:prefixes:)`` each joined with spaces (a lexeme holds no space: words split
    /// on everything but letters, digits and marks), built without a string per word: what a
    /// batch sends for `string_to_array(…, ' ')`.
    public static func joinedWords(_ text: IndexedText, key: String, prefixes: Bool = false) -> (
        all: String, title: String
    ) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        var titleEnd = 0
        scan(
            text, key: key, prefixes: prefixes,
            word: { word in
                if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                bytes.append(contentsOf: word)
            }, titleEnd: { titleEnd = bytes.count })
        return (String(decoding: bytes, as: UTF8.self), String(decoding: bytes[..<titleEnd], as: UTF8.self))
    }

    /// Calls `word` with each distinct lexeme of the fields (key included) in the order first
    /// seen, each word followed by its prefix lexemes when `prefixes`, within PostgreSQL's
    /// limits, and `titleEnd` once the title's lexemes are given.
    private static func scan(
        _ text: IndexedText, key: String, prefixes: Bool, word emit: (ArraySlice<UInt8>) -> Void,
        titleEnd: () -> Void
    ) {
        var seen = LexemeSet()
        var total = 0
        // The key's bytes, then the word's: each word is built once, key included, and split on
        // the folded text's scalars directly (the same words as `TextFolding.words`).
        var word = Array(key.utf8)
        let keyLength = word.count
        var full = false
        var titleDone = false
        var prefix = Array(key.utf8) + Array(prefixMarker.utf8)
        let prefixStart = prefix.count
        var folded: [UInt8] = []
        // Emits a lexeme unless seen; false once the vector is full.
        func add(_ lexeme: ArraySlice<UInt8>) -> Bool {
            guard seen.insert(lexeme) else { return true }
            // Each lexeme costs its bytes and about 8 bytes of header.
            total += lexeme.count + 8
            if total > largestVector {
                full = true
                return false
            }
            emit(lexeme)
            return true
        }
        func flush() {
            defer { word.removeSubrange(keyLength...) }
            let length = word.count - keyLength
            guard length > 0, length <= longestWord, !full else { return }
            guard add(word[...]), prefixes else { return }
            // The word's first 2, 3… scalars: a scalar starts at every byte that is not a
            // UTF-8 continuation byte.
            var scalars = 0
            for index in keyLength...word.count {
                if index < word.count, word[index] & 0xC0 == 0x80 { continue }
                if indexedPrefixLengths.contains(scalars) {
                    prefix.removeSubrange(prefixStart...)
                    prefix.append(contentsOf: word[keyLength..<index])
                    guard add(prefix[...]) else { return }
                }
                scalars += 1
                if scalars > indexedPrefixLengths.upperBound { break }
            }
        }
        for (index, field) in [text.title, text.keywords, text.description, text.address].enumerated() {
            if index == 1 {
                titleDone = true
                titleEnd()
            }
            guard let field, !full else { continue }
            // The folded text's UTF-8, walked scalar by scalar (ASCII without decoding).
            folded.removeAll(keepingCapacity: true)
            TextFolding.appendFolded(field, to: &folded)
            var i = 0
            while i < folded.count {
                let lead = folded[i]
                if lead < 0x80 {
                    i += 1
                    if (lead >= 0x30 && lead <= 0x39) || (lead >= 0x61 && lead <= 0x7A)
                        || (lead >= 0x41 && lead <= 0x5A)
                    {
                        word.append(lead)
                    } else if word.count > keyLength {
                        flush()
                    }
                    continue
                }
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                let end = min(i + length, folded.count)
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for j in (i + 1)..<end { value = value << 6 | UInt32(folded[j] & 0x3F) }
                if let scalar = Unicode.Scalar(value), Script.isWordCharacter(scalar) {
                    word.append(contentsOf: folded[i..<end])
                } else if word.count > keyLength {
                    flush()
                }
                i = end
            }
            if word.count > keyLength { flush() }
        }
        if !titleDone { titleEnd() }
    }
}
