/// One page of search results and where the next one starts.
///
/// Ask for pages with ``SearchRequest/cursor``: `""` for the first page, then each page's
/// ``nextCursor`` until it is `nil`. Every match is on exactly one page: the pages are
/// consecutive slices of one ranking of every match, made at the first page's time, so that
/// freshness does not reorder results between pages.
public struct SearchPage: Sendable, Hashable, Codable {
    /// This page's results, best first.
    public var results: [SearchResult]
    /// The cursor of the next page; `nil` on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(results: [SearchResult], nextCursor: String?) {
        self.results = results
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case results, nextCursor }

    /// Encodes `nextCursor` as `null` on the last page (the key is always present).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(results, forKey: .results)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
