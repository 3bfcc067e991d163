import Foundation
import PostgresNIO
import ProactiveStorage

extension PostgresTransaction {
    /// Entries eligible for search, not expired, in the scope, matching every term of a query.
    ///
    /// The same reading as the SQLite store's (``SearchCandidatePolicy``): every match up to
    /// 1,000 (one read of at most 1,001 tells), else at most `limit` entries matching in any
    /// field and `limit / 2` whose title matches, most recently inserted (largest identifier)
    /// first; a long last word first matches as a whole word, and as a prefix only when that
    /// finds fewer than `limit / 4`. Ranking is left to the caller. Both tsvector columns have
    /// GIN indexes whose lexemes start with the user's key. Without `descriptions`, the
    /// description column is not sent.
    func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        descriptions: Bool
    ) throws -> [SearchCandidate] {
        try SearchCandidatePolicy.candidates(for: query, limit: limit) { wholeLongWords, field, limit in
            guard let tsquery = query.tsquery(userKey: userKey, wholeLongWords: wholeLongWords) else {
                return []
            }
            return try fetchCandidates(
                tsquery: tsquery, column: field == .title ? "search_title" : "search_all", scope: scope,
                kinds: kinds, now: now, limit: limit, descriptions: descriptions)
        }
    }

    private func fetchCandidates(
        tsquery: String, column: String, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        descriptions: Bool
    ) throws(StorageError) -> [SearchCandidate] {
        let doing = "searching"
        return try rows(
            read(
                """
                SELECT id, donated_at, engagement_count, fts_title, fts_keywords, fts_address
                  \(unescaped: descriptions ? ", fts_description" : ", fts_description_words")
                FROM entry
                WHERE user_id = \(userID) AND \(unescaped: column) @@ \(tsquery)::tsquery
                  AND is_eligible_for_search
                  AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                  AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                  AND kind = ANY(\(kinds.rawValues))
                ORDER BY id DESC LIMIT \(limit)
                """, doing), doing
        ) { r in
            let (id, donatedAt, engagementCount) = (
                try r.next(Int64.self), try r.date(), try r.next(Int.self)
            )
            var text = IndexedText(title: try r.next(), keywords: try r.next(), address: try r.next())
            var words: Int?
            if descriptions { text.description = try r.next() } else { words = try r.next(Int?.self) }
            return SearchCandidate(
                id: id, donatedAt: donatedAt, engagementCount: engagementCount, indexedText: text,
                isDescriptionRead: descriptions, descriptionWords: words)
        }
    }

    func entriesForRanking(ids: [Int64], scope: AppScope, now: Date) throws -> [EntryForRanking] {
        guard !ids.isEmpty else { return [] }
        let doing = "reading entries"
        return try rows(
            read(entriesQuery(ids: ids, scope: scope, now: now, withDescription: true), doing), doing
        ) {
            r in EntryForRanking(entry: try StoredEntry(reader: &r), indexedDescription: try r.next())
        }
    }

    /// The entries of `ids` in the scope, not expired (``StoredEntry/postgresColumns``, then the
    /// indexed description `withDescription`): the statement of ``entries(ids:scope:now:)`` and
    /// ``entriesForRanking(ids:scope:now:)``.
    func entriesQuery(ids: [Int64], scope: AppScope, now: Date, withDescription: Bool) -> PostgresQuery {
        """
        SELECT \(unescaped: StoredEntry.postgresColumns) \(unescaped: withDescription ? ", fts_description" : "")
        FROM entry
        WHERE user_id = \(userID) AND id = ANY(\(ids))
          AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
          AND (\(scope.app)::text IS NULL OR app = \(scope.app))
        """
    }

    func indexedRowCount(matching query: FullTextQuery) throws -> Int {
        guard let tsquery = query.tsquery(userKey: userKey) else { return 0 }
        return try scalar(
            "SELECT count(*) FROM entry WHERE user_id = \(userID) AND search_all @@ \(tsquery)::tsquery",
            "counting index matches", as: Int.self) ?? 0
    }

    /// Checks that every entry of the user is indexed with exactly the words of its text:
    /// recomputes the lexemes in Swift and compares them with both tsvector columns.
    func indexIntegrityCheck() throws -> Bool {
        let doing = "checking the full-text index"
        let mismatches = try rows(
            read(
                """
                SELECT fts_title, fts_keywords, fts_description, fts_address,
                  tsvector_to_array(search_all), tsvector_to_array(search_title)
                FROM entry WHERE user_id = \(userID)
                """, doing), doing
        ) { r in
            let text = IndexedText(
                title: try r.next(), keywords: try r.next(), description: try r.next(), address: try r.next())
            let all = Set(try r.next([String].self))
            let title = Set(try r.next([String].self))
            let lexemes = SearchLexemes.words(text, key: userKey)
            return all != Set(lexemes.all) || title != Set(lexemes.title)
        }
        return !mismatches.contains(true)
    }
}
