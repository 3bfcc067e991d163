/// What one read transaction learned of the full-text index, so that reading a query's
/// candidates in several ways (``SQLiteTransaction/titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)``
/// and then, when it cannot, ``SQLiteTransaction/searchCandidates(_:scope:kinds:now:limit:reading:)``)
/// walks the index once.
///
/// Only read transactions keep it: their snapshot does not change, so what the index matched
/// once it matches for the rest of the transaction.
final class SearchIndexMemo {
    /// Per expression and bound: the identifiers it matched, or nil when more than the bound.
    private var walks: [WalkKey: [Int64]?] = [:]
    /// Each full-text index's layout, once read.
    var structures: [String: FTS5Structure] = [:]
    /// The snapshot's last row and rewrites, once read.
    var marks: SearchIndexMarks?
    /// The pages each word's matches fill in an index, once estimated
    /// (``SQLiteTransaction/indexPages(of:in:)``): a search estimates some words several times.
    var pages: [PagesKey: Int] = [:]

    struct PagesKey: Hashable {
        var table: String
        var text: String
        var isPrefix: Bool
    }

    private struct WalkKey: Hashable {
        var expression: String
        var atMost: Int
    }

    /// What a walk of `expression` bounded by `atMost` found, if it was walked.
    func walk(_ expression: String, atMost: Int) -> [Int64]?? {
        walks[WalkKey(expression: expression, atMost: atMost)]
    }

    /// Remembers what a walk found.
    func remember(_ expression: String, atMost: Int, found: [Int64]?) {
        walks[WalkKey(expression: expression, atMost: atMost)] = .some(found)
    }
}
