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

    /// The distinct words of an entry's fields, within PostgreSQL's limits, in the order first
    /// seen (`array_to_tsvector` sorts them): those of every field, and those of the title alone
    /// (the title's words are the first ones of every field's, so it is folded once).
    static func words(_ text: IndexedText) -> (all: [String], title: [String]) {
        var seen: Set<String> = []
        var total = 0
        var out: [String] = []
        var title: [String]?
        fields: for (index, field) in [text.title, text.keywords, text.description, text.address].enumerated()
        {
            if index == 1 { title = out }
            guard let field else { continue }
            for word in TextFolding.words(field) where word.utf8.count <= longestLexeme {
                guard seen.insert(word).inserted else { continue }
                // Each lexeme costs its bytes and about 8 bytes of header.
                total += word.utf8.count + 8
                if total > largestVector { break fields }
                out.append(word)
            }
        }
        return (out, title ?? out)
    }
}

extension IndexedText {
    /// The lexemes of every field and of the title (see ``SearchLexemes/words(_:)``).
    var lexemes: (all: [String], title: [String]) { SearchLexemes.words(self) }

    /// The lexemes of every field.
    var allLexemes: [String] { lexemes.all }

    /// The lexemes of the title.
    var titleLexemes: [String] { lexemes.title }
}
