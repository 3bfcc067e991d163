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

    /// The FTS5 expression matching all terms in any field.
    public var expression: String {
        terms.map { term in
            let quoted =
                "\"" + IndexText.indexForm(term.text).replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return term.isPrefix ? quoted + "*" : quoted
        }.joined(separator: " AND ")
    }

    /// The FTS5 expression matching all terms in the title.
    public var titleExpression: String { "ftsTitle : (\(expression))" }
}
