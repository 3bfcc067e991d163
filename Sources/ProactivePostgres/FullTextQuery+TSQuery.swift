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
    /// the user's key (see ``SearchLexemes``). Returns `nil` when no term has a word, or when
    /// one is longer than any lexeme (``SearchLexemes/longestLexeme``): then nothing matches.
    ///
    /// With `indexedPrefixes` (an index made with `SearchLexemes.words(_:key:prefixes:)`), a
    /// prefix word of ``SearchLexemes/indexedPrefixLengths`` scalars is its prefix lexeme
    /// (`'*new'`), matched exactly; shorter and longer ones stay `:*` prefixes.
    public func tsquery(userKey: String, wholeLongWords: Bool = false, indexedPrefixes: Bool = false)
        -> String?
    {
        tsquery(
            userKey: userKey, wholeLongWords: wholeLongWords, indexedPrefixes: indexedPrefixes,
            shortening: false)
    }

    /// ``tsquery(userKey:wholeLongWords:indexedPrefixes:)``; with `shortening` (and
    /// `indexedPrefixes`), a prefix word longer than the indexed prefixes is the lexeme of its
    /// first ones: a query that matches more (see ``publicTSQueries``).
    private func tsquery(userKey: String, wholeLongWords: Bool, indexedPrefixes: Bool, shortening: Bool)
        -> String?
    {
        var parts: [String] = []
        for term in terms {
            // A pair of CJK characters is its own lexeme (its characters add nothing).
            let words =
                IndexText.isUnsegmentedPair(term.text)
                ? [term.text] : TextFolding.words(IndexText.indexForm(term.text))
            guard !words.isEmpty else { continue }
            let prefix =
                term.isPrefix && !(wholeLongWords && term.text.count > Self.longestIndexedPrefix)
            for (index, word) in words.enumerated() {
                // FTS5 applies a phrase's `*` to its last token.
                let isPrefix = prefix && index == words.count - 1
                let scalars = word.unicodeScalars.count
                let lengths = SearchLexemes.indexedPrefixLengths
                let indexed =
                    isPrefix && indexedPrefixes
                    && (lengths.contains(scalars) || (shortening && scalars > lengths.upperBound))
                var word = word
                if indexed && scalars > lengths.upperBound {
                    word = String(String.UnicodeScalarView(word.unicodeScalars.prefix(lengths.upperBound)))
                }
                // No lexeme is longer than PostgreSQL's limit (longer words are not indexed, and
                // a tsquery refuses them): such a word, whole or as a prefix, matches nothing.
                guard userKey.utf8.count + word.utf8.count <= SearchLexemes.longestLexeme else { return nil }
                let quoted =
                    "'" + userKey + (indexed ? SearchLexemes.prefixMarker : "")
                    + word.doublingEach(of: [UInt8(ascii: "\\"), UInt8(ascii: "'")]) + "'"
                parts.append(isPrefix && !indexed ? quoted + ":*" : quoted)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " & ")
    }
}

extension FullTextQuery {
    /// The query against the public index (lexemes without a user key, with the prefixes of
    /// 2–5 scalars of every word; see `SearchLexemes.words(_:key:prefixes:)`), in two forms:
    /// `match` matches exactly the entries that have every term; `index` only lexemes, a
    /// prefix longer than 5 scalars as the lexeme of its first 5, so that GIN answers it by
    /// intersecting posting lists (it matches more: `match` checks the rows it finds). A long
    /// prefix as a partial match (`'nsuseractivity':*`) first gathers every entry of every
    /// word of that prefix, 2–6 ms for a frequent word among 100,000 entries, even beside a
    /// rare term. Both are the same when no prefix is longer than 5, and when the query is one
    /// term: a long prefix alone is best answered as a partial match, which costs as much as
    /// it finds and whose count the planner knows (the lexemes' statistics), so that it reads
    /// the table in order when the prefix is frequent; as its first 5 scalars, the rows of a
    /// frequent short prefix (`*sugge`, 16,000 of 100,000 entries) were checked one by one for
    /// a rare long one (`suggerisce`, 142): 3–29 ms instead of 0.3–1.2.
    var publicTSQueries: (index: String, match: String)? {
        guard let match = tsquery(userKey: "", indexedPrefixes: true) else { return nil }
        if terms.count == 1 { return (match, match) }
        guard let index = tsquery(userKey: "", wholeLongWords: false, indexedPrefixes: true, shortening: true)
        else { return nil }
        return (index, match)
    }
}
