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
    /// GIN indexes whose lexemes start with the user's key. Only the text `reading` asks for is
    /// sent.
    func searchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        reading: SearchCandidateText
    ) throws -> [SearchCandidate] {
        try SearchCandidatePolicy.candidates(for: query, limit: limit) { wholeLongWords, field, limit in
            guard let tsquery = query.tsquery(userKey: userKey, wholeLongWords: wholeLongWords) else {
                return []
            }
            return try fetchCandidates(
                tsquery: tsquery, column: field == .title ? "search_title" : "search_all", scope: scope,
                kinds: kinds, now: now, limit: limit, reading: reading)
        }
    }

    private func fetchCandidates(
        tsquery: String, column: String, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        reading: SearchCandidateText
    ) throws(StorageError) -> [SearchCandidate] {
        let doing = "searching"
        let text =
            switch reading {
            case .whole: "fts_title, fts_keywords, fts_address, fts_description"
            case .withoutDescription, .withoutDescriptionWhereTitleMatches:
                "fts_title, fts_keywords, fts_address, fts_description_words"
            case .none: "fts_description_words"
            }
        return try rows(
            read(
                """
                SELECT id, donated_at, engagement_count, \(unescaped: text)
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
            switch reading {
            case .whole, .withoutDescription, .withoutDescriptionWhereTitleMatches:
                var text = IndexedText(title: try r.next(), keywords: try r.next(), address: try r.next())
                var words: Int?
                if reading == .whole {
                    text.description = try r.next()
                } else {
                    words = try r.next(Int?.self)
                }
                return SearchCandidate(
                    id: id, donatedAt: donatedAt, engagementCount: engagementCount, indexedText: text,
                    isDescriptionRead: reading == .whole, descriptionWords: words)
            case .none:
                return SearchCandidate(
                    id: id, donatedAt: donatedAt, engagementCount: engagementCount,
                    indexedText: IndexedText(),
                    isDescriptionRead: false, descriptionWords: try r.next(Int?.self), isTextRead: false)
            }
        }
    }

    /// The matches whose title has every term (the title's GIN index) or that the user
    /// engaged with (a partial index of engaged entries), and the others when those are fewer
    /// than `othersBelow`: one statement, whose second part the server skips (a one-time
    /// filter) when they are not. The others are read with their text too (they are the page,
    /// or most of it, and reading them apart would take another round trip).
    func titleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int,
        othersBelow: Int
    ) throws -> TitleSearchCandidates? {
        // A long last word is read as a whole word first (`SearchCandidatePolicy`): not apart.
        guard !query.hasLongPrefixes else { return nil }
        guard let tsquery = query.tsquery(userKey: userKey) else {
            return TitleSearchCandidates(candidates: [], others: [])
        }
        return try titleSearchCandidates(
            tsquery: tsquery, scope: scope, kinds: kinds, now: now, limit: limit, othersBelow: othersBelow)
    }

    /// Every match whose title has every term or that the user engaged with (a long last word
    /// as a prefix), in the statement of ``titleSearchCandidates(_:scope:kinds:now:limit:othersBelow:)``
    /// without its second part.
    func everyTitleSearchCandidates(
        _ query: FullTextQuery, scope: AppScope, kinds: Set<EntryKind>, now: Date
    ) throws -> TitleSearchCandidates? {
        guard let tsquery = query.tsquery(userKey: userKey) else {
            return TitleSearchCandidates(candidates: [], others: nil)
        }
        return try titleSearchCandidates(
            tsquery: tsquery, scope: scope, kinds: kinds, now: now, limit: Int(Int32.max), othersBelow: 0)
    }

    private func titleSearchCandidates(
        tsquery: String, scope: AppScope, kinds: Set<EntryKind>, now: Date, limit: Int, othersBelow: Int
    ) throws -> TitleSearchCandidates {
        let doing = "searching"
        // Each value is bound once, where it first appears ($1 the user, $2 the tsquery, $3 the
        // time, $4 the app, $5 the kinds, $6 the limit), and named by number after. Its generic
        // plan (one for every run) finds the title's matches through its GIN index, the
        // engaged ones through their partial index (so `engagement_count > 0` is not a
        // parameter), the others through the GIN index of every field.
        // The rows come aggregated, a column an array (`ArrayCell`): one row to read instead of
        // up to two thousand. The statement does not sort the matches it reads whole (their
        // identifiers are sorted here); it takes the newest `limit` of the others.
        let row = try firstRow(
            read(
                """
                WITH found AS MATERIALIZED (
                  SELECT * FROM (
                    SELECT id, donated_at, engagement_count, fts_title, fts_keywords, fts_address,
                      fts_description_words, true AS titled
                    FROM entry
                    WHERE user_id = \(userID) AND search_title @@ \(tsquery)::tsquery
                      AND is_eligible_for_search AND (expires_at IS NULL OR expires_at > \(now.timeIntervalSince1970))
                      AND (\(scope.app)::text IS NULL OR app = $4) AND kind = ANY(\(kinds.rawValues))
                    UNION ALL
                    SELECT id, donated_at, engagement_count, fts_title, fts_keywords, fts_address,
                      fts_description_words, false
                    FROM entry
                    WHERE user_id = $1 AND engagement_count > 0 AND search_all @@ $2::tsquery
                      AND NOT search_title @@ $2::tsquery
                      AND is_eligible_for_search AND (expires_at IS NULL OR expires_at > $3)
                      AND ($4::text IS NULL OR app = $4) AND kind = ANY($5)
                  ) AS matched
                  LIMIT \(limit)
                ), every AS (
                  SELECT true AS is_found, * FROM found
                  UNION ALL
                  SELECT * FROM (
                    SELECT false, id, donated_at, engagement_count, fts_title, fts_keywords, fts_address,
                      fts_description_words, false
                    FROM entry
                    WHERE (SELECT count(*) FROM found) < \(othersBelow)
                      AND user_id = $1 AND search_all @@ $2::tsquery
                      AND is_eligible_for_search AND (expires_at IS NULL OR expires_at > $3)
                      AND ($4::text IS NULL OR app = $4) AND kind = ANY($5)
                      AND NOT (id = ANY(ARRAY(SELECT id FROM found)))
                    ORDER BY id DESC LIMIT $6
                  ) AS others
                )
                SELECT array_agg(is_found), array_agg(id), array_agg(donated_at), array_agg(engagement_count),
                  array_agg(fts_title), array_agg(fts_keywords), array_agg(fts_address),
                  array_agg(fts_description_words), array_agg(titled)
                FROM every
                """, doing), doing
        ) { r in
            (
                isFound: try ArrayCell(r.bytes(), of: .bool).bools(),
                ids: try ArrayCell(r.bytes(), of: .int8).ints(),
                donatedAt: try ArrayCell(r.bytes(), of: .float8).doubles(),
                engagementCounts: try ArrayCell(r.bytes(), of: .int8).ints(),
                titles: try ArrayCell(r.bytes(), of: .text).optionalStrings(),
                keywords: try ArrayCell(r.bytes(), of: .text).optionalStrings(),
                addresses: try ArrayCell(r.bytes(), of: .text).optionalStrings(),
                descriptionWords: try ArrayCell(r.bytes(), of: .int4).optionalInt32s(),
                titled: try ArrayCell(r.bytes(), of: .bool).bools()
            )
        }
        var candidates: [SearchCandidate] = []
        var others: [SearchCandidate] = []
        if let (
            isFound, ids, donatedAt, engagementCounts, titles, keywords, addresses, descriptionWords, titled
        ) = row {
            let count = isFound.count
            guard
                [
                    ids.count, donatedAt.count, engagementCounts.count, titles.count, keywords.count,
                    addresses.count, descriptionWords.count, titled.count,
                ].allSatisfy({ $0 == count })
            else {
                throw StorageError(
                    code: .database, message: "PostgreSQL returned arrays of unequal lengths while \(doing)")
            }
            // Newest first in each part, as callers read them (an aggregate keeps no order:
            // the identifiers are sorted, not the candidates, whose moves retain their text).
            for i in (0..<count).sorted(by: { ids[$0] > ids[$1] }) {
                let candidate = SearchCandidate(
                    id: Int64(ids[i]), donatedAt: Date(timeIntervalSince1970: donatedAt[i]),
                    engagementCount: engagementCounts[i],
                    indexedText: IndexedText(title: titles[i], keywords: keywords[i], address: addresses[i]),
                    isDescriptionRead: false, descriptionWords: descriptionWords[i],
                    titleHasEveryTerm: titled[i])
                if isFound[i] { candidates.append(candidate) } else { others.append(candidate) }
            }
        }
        return TitleSearchCandidates(
            candidates: candidates, others: candidates.count < othersBelow ? others : nil)
    }

    func entriesForRanking(ids: [Int64], scope: AppScope, now: Date) throws -> [EntryForRanking] {
        guard !ids.isEmpty else { return [] }
        let doing = "reading entries"
        return try rows(
            read(entriesQuery(ids: ids, scope: scope, now: now, withText: true), doing), doing
        ) { r in
            let entry = try StoredEntry(reader: &r)
            return EntryForRanking(
                entry: entry,
                indexedText: IndexedText(
                    title: try r.next(), keywords: try r.next(), description: try r.next(),
                    address: try r.next()))
        }
    }

    /// The entries of `ids` in the scope, not expired (``StoredEntry/postgresColumns``, then the
    /// indexed text `withText`: title, keywords, description, address): the statement of
    /// ``entries(ids:scope:now:)`` and ``entriesForRanking(ids:scope:now:)``.
    func entriesQuery(ids: [Int64], scope: AppScope, now: Date, withText: Bool) -> PostgresStatement {
        """
        SELECT \(unescaped: StoredEntry.postgresColumns)
          \(unescaped: withText ? ", fts_title, fts_keywords, fts_description, fts_address" : "")
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
