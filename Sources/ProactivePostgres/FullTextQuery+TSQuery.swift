import Foundation
import ProactiveStorage
import ProactiveText

extension FullTextQuery {
    /// The query as a `tsquery` literal matching all terms, the PostgreSQL twin of the SQLite
    /// store's FTS5 expression: every lexeme single-quoted (so PostgreSQL normalizes nothing),
    /// `:*` on prefix terms. With `wholeLongWords`, prefix terms longer than
    /// ``longestIndexedPrefix`` match only as whole words (the SQLite store's fast first pass).
    ///
    /// A term is tokenized like indexed text. FTS5 reads a term of several tokens (such as
    /// the unigrams and bigram of a CJK pair) as a phrase; tsvectors made with
    /// `array_to_tsvector` have no positions, so here its tokens must all be present,
    /// anywhere (for CJK the bigram itself carries the adjacency). Every lexeme starts with
    /// the user's key (see ``SearchLexemes``). Returns `nil` when no term has a word.
    public func tsquery(userKey: String, wholeLongWords: Bool = false) -> String? {
        var parts: [String] = []
        for term in terms {
            let words = TextFolding.words(IndexText.indexForm(term.text))
            guard !words.isEmpty else { continue }
            let prefix =
                term.isPrefix && !(wholeLongWords && term.text.count > Self.longestIndexedPrefix)
            for (index, word) in words.enumerated() {
                let quoted =
                    "'" + userKey
                    + word.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "'", with: "''") + "'"
                // FTS5 applies a phrase's `*` to its last token.
                parts.append(prefix && index == words.count - 1 ? quoted + ":*" : quoted)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " & ")
    }
}
