import Foundation
import PostgresNIO
import ProactiveStorage

extension PostgresTransaction {
    /// Entries eligible for search, not expired, in the scope, matching every term of a query.
    ///
    /// The same bounded reading as the SQLite store's (``SearchCandidatePolicy``): at most
    /// `limit` entries matching in any field and, when that many match, at most `limit / 2`
    /// whose title matches, most recently inserted (largest identifier) first; a long last
    /// word first matches as a whole word, and as a prefix only when that finds fewer than
    /// `limit / 4`. Both sets come from one statement. Ranking is left to the caller. Both tsvector columns have GIN indexes whose lexemes start with the user's key.
    func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int
    ) throws -> [SearchCandidate] {
        try SearchCandidatePolicy.candidates(for: query, limit: limit) { wholeLongWords, limit, titleLimit in
            guard let tsquery = query.tsquery(userKey: userKey, wholeLongWords: wholeLongWords) else {
                return ([], [])
            }
            return try fetchCandidates(
                tsquery: tsquery, scope: scope, kinds: kinds, now: now, limit: limit, titleLimit: titleLimit)
        }
    }

    /// The newest `limit` matches in any field and the newest `titleLimit` title matches, in one
    /// statement: the user's matches are found once (title matches are among them: the title's
    /// words are the first of every field's), their identifiers picked, and only the picked
    /// rows' text read.
    private func fetchCandidates(
        tsquery: String, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int, titleLimit: Int
    ) throws(StorageError) -> (any: [SearchCandidate], title: [SearchCandidate]) {
        let doing = "searching"
        let rows = try rows(
            read(
                """
                WITH matches AS MATERIALIZED (
                  SELECT id, search_title @@ \(tsquery)::tsquery AS in_title FROM entry
                  WHERE user_id = \(userID) AND search_all @@ \(tsquery)::tsquery
                    AND is_eligible_for_search
                    AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                    AND (\(scope.app)::text IS NULL OR app = \(scope.app))
                    AND kind = ANY(\(kinds.rawValues))
                ),
                newest AS (SELECT id FROM matches ORDER BY id DESC LIMIT \(limit)),
                titles AS (SELECT id FROM matches WHERE in_title ORDER BY id DESC LIMIT \(titleLimit))
                SELECT e.id, e.donated_at, e.engagement_count, e.fts_title, e.fts_keywords, e.fts_description,
                  e.fts_address, e.id IN (SELECT id FROM newest), e.id IN (SELECT id FROM titles)
                FROM entry e
                WHERE e.user_id = \(userID)
                  AND e.id IN (SELECT id FROM newest UNION SELECT id FROM titles)
                ORDER BY e.id DESC
                """, doing), doing
        ) { r in
            (
                candidate: SearchCandidate(
                    id: try r.next(), donatedAt: try r.date(), engagementCount: try r.next(),
                    indexedText: IndexedText(
                        title: try r.next(), keywords: try r.next(), description: try r.next(),
                        address: try r.next())),
                isNewest: try r.next(Bool.self), isTitle: try r.next(Bool.self)
            )
        }
        return (rows.filter(\.isNewest).map(\.candidate), rows.filter(\.isTitle).map(\.candidate))
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
