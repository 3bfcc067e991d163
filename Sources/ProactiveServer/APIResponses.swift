import Foundation
import Proactive
import ProactiveModel

/// The answer to a donation: counts and one receipt per document, in order.
struct DonationResponse: Encodable {
    var accepted: Int
    var merged: Int
    var rejected: Int
    var receipts: [DonationReceipt]
}

/// A surface's suggestions.
struct SuggestionsResponse: Encodable {
    var surface: String
    var at: Date
    var suggestions: [Suggestion]
}

/// Search results.
struct SearchResponse: Encodable {
    var query: String
    var results: [SearchResult]
    /// Whether a page was asked for (a `cursor` parameter): then `nextCursor` is always
    /// present, `null` on the last page.
    var isPaged = false
    var nextCursor: String?

    private enum CodingKeys: String, CodingKey { case query, results, nextCursor }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(results, forKey: .results)
        if isPaged { try container.encode(nextCursor, forKey: .nextCursor) }
    }
}

/// What a deletion removed.
struct DeletionResponse: Encodable {
    var app: String
    var deleted: Int
}
