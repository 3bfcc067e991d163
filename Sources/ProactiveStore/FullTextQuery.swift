import Foundation
import ProactiveText

/// An FTS5 query expression built from search terms; every term must match.
public struct FullTextQuery: Sendable, Hashable {
    /// The terms.
    public var terms: [SearchTerm]

    /// Creates a query from terms.
    public init(terms: [SearchTerm]) { self.terms = terms }

    /// Creates a query from what the user typed.
    public init(typed text: String) { self.terms = IndexText.queryTerms(text) }

    /// Whether there is nothing to search for.
    public var isEmpty: Bool { terms.isEmpty }

    /// The longest prefix the index answers directly (its `prefix='2 3 4 5'` option); a longer
    /// prefix makes FTS5 merge the lists of every word it starts, in time linear in their size.
    public static let longestIndexedPrefix = 5

    /// Whether some prefix term is longer than the index answers directly.
    public var hasLongPrefixes: Bool {
        terms.contains { $0.isPrefix && $0.text.count > Self.longestIndexedPrefix }
    }

    /// The FTS5 expression matching all terms in any field. With `wholeLongWords`, prefix terms
    /// longer than ``longestIndexedPrefix`` match only as whole words (a fast first pass).
    public func expression(wholeLongWords: Bool = false) -> String {
        terms.map { term in
            let quoted =
                "\"" + IndexText.indexForm(term.text).replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let prefix = term.isPrefix && !(wholeLongWords && term.text.count > Self.longestIndexedPrefix)
            return prefix ? quoted + "*" : quoted
        }.joined(separator: " AND ")
    }

    /// The FTS5 expression matching all terms in any field.
    public var expression: String { expression() }

}
