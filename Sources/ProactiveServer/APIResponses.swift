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
}

/// What a deletion removed.
struct DeletionResponse: Encodable {
    var app: String
    var deleted: Int
}
