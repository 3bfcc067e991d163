import Foundation
import GRDB

extension StoreTransaction {
    /// BM25 weights of the indexed fields: title, keywords, description, address.
    static let fieldWeights = "10.0, 5.0, 1.0, 3.0"

    /// Entries eligible for search, not expired, in the scope, matching every term of a query.
    ///
    /// Matching is bounded so that answers stay fast on large stores: at most `limit` entries
    /// whose title matches and `limit` entries matching in any field are read, most recently
    /// indexed first, each with its BM25 relevance. Callers rank these candidates.
    public func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind> = Set(EntryKind.allCases), now: Date,
        limit: Int = 400
    ) throws -> [SearchCandidate] {
        guard !query.isEmpty else { return [] }
        var byID: [Int64: SearchCandidate] = [:]
        var order: [Int64] = []
        for (expression, isTitle) in [(query.titleExpression, true), (query.expression, false)] {
            for candidate in try fetchCandidates(
                expression: expression, scope: scope, kinds: kinds, now: now, limit: limit,
                matchedTitle: isTitle)
            {
                if var existing = byID[candidate.entry.id] {
                    if !isTitle { existing.relevance = max(existing.relevance, candidate.relevance) }
                    byID[candidate.entry.id] = existing
                } else {
                    byID[candidate.entry.id] = candidate
                    order.append(candidate.entry.id)
                }
            }
        }
        return order.compactMap { byID[$0] }
    }

    private func fetchCandidates(
        expression: String, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int, matchedTitle: Bool
    ) throws -> [SearchCandidate] {
        let (clause, arguments) = scope.sql
        let kindClause =
            kinds.count == EntryKind.allCases.count
            ? "" : "AND e.kind IN (\(kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",")))"
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(StoredEntry.columns), bm25(entry_fts, \(Self.fieldWeights))
                FROM entry_fts JOIN entry e ON e.id = entry_fts.rowid
                WHERE entry_fts MATCH ? AND e.isEligibleForSearch AND (e.expiresAt IS NULL OR e.expiresAt > ?)
                  \(clause) \(kindClause)
                ORDER BY entry_fts.rowid DESC LIMIT ?
                """)
        return try Row.fetchAll(
            statement, arguments: [expression, now.timeIntervalSince1970] + arguments + [limit]
        ).map { row in
            SearchCandidate(
                entry: StoredEntry(row: row), relevance: -(row[22] as Double), matchedTitle: matchedTitle)
        }
    }
}
