import Foundation
import ProactiveText

/// A full-text query: search terms, every one of which must match (the last one typed may be
/// a prefix). Each backend turns it into its own index's query language.
public struct FullTextQuery: Sendable, Hashable {
    /// The terms.
    public var terms: [SearchTerm]

    /// Creates a query from terms.
    public init(terms: [SearchTerm]) { self.terms = terms }

    /// Creates a query from what the user typed.
    public init(typed text: String) { self.terms = IndexText.queryTerms(text) }

    /// Whether there is nothing to search for.
    public var isEmpty: Bool { terms.isEmpty }

    /// The longest prefix the indexes answer directly; a longer prefix matches by merging the
    /// lists of every word it starts, in time linear in their size.
    public static let longestIndexedPrefix = 5

    /// Whether some prefix term is longer than the index answers directly.
    public var hasLongPrefixes: Bool {
        terms.contains { $0.isPrefix && $0.text.count > Self.longestIndexedPrefix }
    }
}
