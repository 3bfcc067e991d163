import ProactiveStorage
import ProactiveText

/// The words PostgreSQL indexes for an entry, computed in Swift so that they are exactly the
/// tokens SQLite's `unicode61 remove_diacritics 2` tokenizer makes of the same index form:
/// text folded (case, diacritics, ß → ss…) and split on everything that is not a letter, a
/// digit or a mark. CJK text already holds its unigrams and bigrams as separate words (see
/// `IndexText.indexForm`). The words are stored with `array_to_tsvector`, so PostgreSQL's
/// own parser and dictionaries never touch them.
enum SearchLexemes {
    /// The longest lexeme PostgreSQL accepts is 2,047 bytes; longer words are not indexed.
    static let longestLexeme = 2046
    /// A tsvector holds at most 1 MB; words beyond this many bytes are not indexed.
    static let largestVector = 900_000

    /// The distinct words of some texts, sorted, within PostgreSQL's limits.
    static func words(_ texts: String?...) -> [String] {
        var seen: Set<String> = []
        var total = 0
        var out: [String] = []
        for text in texts {
            guard let text else { continue }
            for word in TextFolding.words(text) where word.utf8.count <= longestLexeme {
                guard seen.insert(word).inserted else { continue }
                // Each lexeme costs its bytes and about 8 bytes of header.
                total += word.utf8.count + 8
                if total > largestVector { return out.sorted() }
                out.append(word)
            }
        }
        return out.sorted()
    }
}

extension IndexedText {
    /// The lexemes of every field.
    var allLexemes: [String] { SearchLexemes.words(title, keywords, description, address) }

    /// The lexemes of the title.
    var titleLexemes: [String] { SearchLexemes.words(title) }
}
