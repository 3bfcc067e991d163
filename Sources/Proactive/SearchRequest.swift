import Foundation
import ProactiveModel

/// A search: typed text and/or a query-language filter, scoped to an app or to all.
///
/// A value with defaults and chainable modifiers:
/// ```swift
/// let request = SearchRequest("dim sum").app("com.example.reviews").limit(5)
/// ```
public struct SearchRequest: Sendable, Hashable {
    /// What the user typed; every word matches by prefix, CJK text by any part.
    public var text: String
    /// A `CSSearchQuery`-style filter, if any.
    public var filter: SearchQueryExpression?
    /// Only this app's entries (`nil`: every app's, for system surfaces).
    public var app: String?
    /// The most results to return (a page's size when paging), from 1 to ``maximumLimit``.
    /// Default 20.
    public var limit: Int = 20
    /// Where the page starts when paging: `""` for the first page, then the previous page's
    /// ``SearchPage/nextCursor``; `nil` (the default) for the first results of a quick
    /// ranking without paging.
    public var cursor: String?
    /// The time of the search (default: the engine's clock).
    public var now: Date?
    /// The language of the explanations (`why`), e.g. "fr-FR" (default: the system's).
    public var locale: String?

    /// Creates a search for typed text.
    public init(_ text: String, filter: SearchQueryExpression? = nil) {
        self.text = text
        self.filter = filter
    }

    /// The same search scoped to one app.
    public func app(_ bundleIdentifier: String?) -> Self {
        var copy = self
        copy.app = bundleIdentifier
        return copy
    }

    /// The same search with another limit.
    public func limit(_ limit: Int) -> Self {
        var copy = self
        copy.limit = limit
        return copy
    }

    /// The same search, paged from `cursor` (`""` for the first page).
    public func cursor(_ cursor: String?) -> Self {
        var copy = self
        copy.cursor = cursor
        return copy
    }

    /// The same search with its explanations in another language ("fr-FR", "zh-TW"…).
    public func locale(_ identifier: String?) -> Self {
        var copy = self
        copy.locale = identifier
        return copy
    }

    /// The largest ``limit``.
    public static let maximumLimit = 1000

    /// The most terms a query's words may make (a word is one; a run of Chinese, Japanese or
    /// Korean characters makes one per pair of them), as Lucene's 1,024 clauses: each is
    /// looked up and matched, and the work grows faster than their number (10,000 took 1.5 s).
    public static let maximumTerms = 1024

    /// The same search at another time.
    public func at(_ date: Date?) -> Self {
        var copy = self
        copy.now = date
        return copy
    }
}
