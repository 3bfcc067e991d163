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
    /// The longest lexeme PostgreSQL accepts is 2,047 bytes, the user's key included; longer
    /// words are not indexed.
    static let longestWord = 2046 - userKeyLength
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

    /// The distinct words of an entry's fields, within PostgreSQL's limits, in the order first
    /// seen (`array_to_tsvector` sorts them), each after `key`: those of every field, and those
    /// of the title alone (the title's words are the first ones of every field's, so it is
    /// folded once).
    public static func words(_ text: IndexedText, key: String) -> (all: [String], title: [String]) {
        var seen: Set<String> = []
        var total = 0
        var out: [String] = []
        var title: [String]?
        fields: for (index, field) in [text.title, text.keywords, text.description, text.address].enumerated()
        {
            if index == 1 { title = out }
            guard let field else { continue }
            for word in TextFolding.words(field) where word.utf8.count <= longestWord {
                guard seen.insert(word).inserted else { continue }
                // Each lexeme costs its bytes and about 8 bytes of header.
                total += word.utf8.count + userKeyLength + 8
                if total > largestVector { break fields }
                out.append(key + word)
            }
        }
        return (out, title ?? out)
    }
}
