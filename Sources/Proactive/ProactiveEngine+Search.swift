import Foundation
import ProactiveModel
import ProactiveRanking
import ProactiveStorage
import ProactiveText

extension ProactiveEngine {
    /// Searches items, activities and pages eligible for search and not expired, ranked by
    /// relevance, field weight, freshness and engagement; each result says why.
    ///
    /// An app donor sees only its own entries; the system sees every app's, or one app's
    /// when ``SearchRequest/app`` is set. Without a ``SearchRequest/cursor`` the ranking
    /// decides over every match when there are at most 1,000, and otherwise over the newest
    /// matches of each field (at least 150, and 1.5 × the limit); with one, this is the first
    /// page of ``searchPage(_:donor:)``, which ranks every match.
    public func search(_ request: SearchRequest, donor: Donor = .system) throws -> [SearchResult] {
        try searchPage(request, donor: donor).results
    }

    /// One page of a search (see ``search(_:donor:)``).
    ///
    /// With a ``SearchRequest/cursor`` (`""` for the first page), every match is ranked and
    /// the page is the next ``SearchRequest/limit`` of that ranking, made at the first page's
    /// time; ``SearchPage/nextCursor`` continues it, `nil` after the last match. A cursor is
    /// accepted only by the search (text, filter, app) that returned it.
    public func searchPage(_ request: SearchRequest, donor: Donor = .system) throws -> SearchPage {
        try EngineError.refuseNUL(in: [request.app], parameter: "app")
        let scope: AppScope
        switch (donor, request.app) {
        case (.app(let own), let asked):
            guard asked == nil || asked == own else {
                throw EngineError(.forbidden, "an app may only search its own data", parameter: "app")
            }
            scope = .app(own)
        case (.system, let asked?): scope = .app(asked)
        case (.system, nil): scope = .system
        }
        guard request.limit > 0 else {
            throw EngineError(.invalidRequest, "limit must be positive", parameter: "limit")
        }
        guard request.limit <= SearchRequest.maximumLimit else {
            throw EngineError(
                .invalidRequest,
                "limit must be at most \(SearchRequest.maximumLimit) (page through more with a cursor)",
                parameter: "limit")
        }
        var cursor: SearchCursor?
        if let text = request.cursor, !text.isEmpty {
            guard let read = SearchCursor(encoded: text), read.search == SearchCursor.fingerprint(of: request)
            else {
                throw EngineError(
                    .invalidRequest,
                    "the cursor is not a nextCursor of this search (same text, filter and app)",
                    parameter: "cursor")
            }
            cursor = read
        }
        let paging = request.cursor != nil
        let now = cursor.map { Date(timeIntervalSinceReferenceDate: $0.at) } ?? request.now ?? self.now
        if let filter = request.filter {
            for name in filter.attributeNames where !SearchableAttributes.names.contains(name) {
                throw EngineError(
                    .invalidRequest, "unknown attribute \(name) in the query", parameter: "query")
            }
        }
        let query = FullTextQuery(typed: request.text)
        guard query.terms.count <= SearchRequest.maximumTerms else {
            throw EngineError(
                .invalidRequest,
                "the query has \(query.terms.count) terms; at most \(SearchRequest.maximumTerms) (a word is one, a pair of Chinese, Japanese or Korean characters one)",
                parameter: "query")
        }
        guard !query.isEmpty || request.filter != nil else {
            throw EngineError(.invalidRequest, "give words to search for or a query", parameter: "query")
        }
        let decoder = DonationCoding.makeDecoder()
        let searchesPublic = !query.isEmpty && request.filter == nil && configuration.publicIndexKey != nil
        let app: String? =
            switch scope {
            case .app(let app): app
            case .system: nil
            }
        // A first page with room left reads public entries in the same transaction as the
        // entries of its top results (one round trip on PostgreSQL): expired contributions are
        // withdrawn before.
        if searchesPublic && !paging { try sweepExpiredPublicContributions() }
        // The public entries a first page with `room` left reads after the user's own.
        let threshold = configuration.publicThreshold
        func publicRead(_ room: Int) -> StorageRead {
            .publicSearchCandidates(
                query: query, app: app, threshold: threshold,
                limit: Self.publicWindow(room: room, paging: false))
        }
        // One read transaction: candidates, their ranking, and the entries of the top ones (none
        // when the cursor is past the user's own matches, among the public ones).
        let (top, entries, privateMore, foundPublic) = try storage.read(user: user) { tx in
            if cursor?.isPublic == true {
                return ([RankedCandidate](), [StoredEntry?](), false, [PublicSearchCandidate]?.none)
            }
            var candidates: [SearchCandidate]
            var readEntries: [Int64: StoredEntry] = [:]
            let ranking = CandidateRanking(query: query, now: now)
            // The best `limit` (after the cursor's position, paging; one more to know whether
            // a page follows), reading the text (and the entries, which the page shows) of
            // the candidates that can reach them.
            let count = request.limit + (paging ? 1 : 0)
            func readText(_ ids: [Int64]) throws -> [Int64: IndexedText] {
                var texts: [Int64: IndexedText] = [:]
                for read in try tx.entriesForRanking(ids: ids, scope: scope, now: now) {
                    readEntries[read.entry.id] = read.entry
                    texts[read.entry.id] = read.indexedText
                }
                return texts
            }
            var ranked: [RankedCandidate]?
            if !query.isEmpty {
                // Paging ranks every match; otherwise every match up to 1,000, else the newest
                // matches of each field.
                let window =
                    paging ? Self.everyMatch : SearchCandidatePolicy.firstPageWindow(count: request.limit)
                if request.filter != nil {
                    candidates = try tx.searchCandidates(query, scope: scope, now: now, limit: window)
                } else if paging {
                    (candidates, ranked) = try Self.everyMatchCandidates(
                        tx, query: query, scope: scope, now: now, ranking: ranking, count: count,
                        after: cursor?.position, read: readText)
                } else {
                    // The first page without a filter reads text only for the candidates that
                    // can reach it (with their entries: see below). When they are fewer than
                    // the page, the public entries that fill it are announced as soon as that
                    // is known: on PostgreSQL they come with the candidates' text.
                    (candidates, ranked) = try Self.firstPageCandidates(
                        tx, query: query, scope: scope, now: now, window: window, ranking: ranking,
                        count: request.limit, read: readText
                    ) { found in
                        let room = request.limit - min(request.limit, found)
                        if searchesPublic && room > 0 { try tx.prefetch([publicRead(room)]) }
                    }
                }
                if let filter = request.filter {
                    let entries = try tx.entries(ids: candidates.map(\.id), scope: scope, now: now)
                    for entry in entries
                    where filter.matches(
                        now: now, attributes: SearchableAttributes(entry: entry, decoder: decoder).values)
                    {
                        readEntries[entry.id] = entry
                    }
                    candidates = candidates.filter { readEntries[$0.id] != nil }
                }
            } else {
                candidates = []
                for entry in try tx.entries(scope: scope, now: now, limit: 100_000)
                where entry.isEligibleForSearch
                    && request.filter!.matches(
                        now: now, attributes: SearchableAttributes(entry: entry, decoder: decoder).values)
                {
                    readEntries[entry.id] = entry
                    candidates.append(
                        SearchCandidate(
                            id: entry.id, donatedAt: entry.donatedAt, engagementCount: entry.engagementCount,
                            indexedText: IndexedText()))
                }
            }
            let found =
                try ranked ?? ranking.top(candidates, count: count, after: cursor?.position, read: readText)
            let top = Array(found.prefix(request.limit))
            let more = paging ? found.count > top.count : candidates.count > top.count
            let missing = top.map(\.candidate.id).filter { readEntries[$0] == nil }
            let room = request.limit - top.count
            let readsPublic = searchesPublic && !paging && room > 0
            if readsPublic {
                try tx.prefetch(
                    missing.isEmpty
                        ? [publicRead(room)]
                        : [.entries(ids: missing, scope: scope, now: now), publicRead(room)])
            }
            for entry in try tx.entries(ids: missing, scope: scope, now: now) {
                readEntries[entry.id] = entry
            }
            // The read announced as `publicRead(room)` (its answer is taken only when the
            // arguments are the same).
            let foundPublic =
                readsPublic
                ? try tx.publicSearchCandidates(
                    query, app: app, threshold: threshold, limit: Self.publicWindow(room: room, paging: false)
                )
                : nil
            return (top, top.map { readEntries[$0.candidate.id] }, more, foundPublic)
        }
        // Public entries (words only, no filter) follow the user's own matches: read when the
        // page has room for them, or, paging, to know whether a page follows.
        let room = request.limit - top.count
        var publicTop: [RankedCandidate] = []
        var publicEntries: [Int64: StoredPublicEntry] = [:]
        var publicMore = false
        if let foundPublic {
            (publicTop, publicEntries, publicMore) = rankPublic(
                foundPublic, query: query, cursor: cursor, room: room, now: now)
        } else if searchesPublic && (room > 0 || (paging && !privateMore)) {
            (publicTop, publicEntries, publicMore) = try publicPage(
                query, app: app, cursor: cursor, room: room, paging: paging, now: now)
        }
        let more = privateMore || publicMore
        var nextCursor: String?
        if paging, more {
            let last = publicTop.last ?? top.last
            if let last {
                nextCursor =
                    SearchCursor(
                        at: now.timeIntervalSinceReferenceDate, score: last.score.value,
                        entry: last.candidate.id,
                        search: SearchCursor.fingerprint(of: request), isPublic: publicTop.last != nil
                    ).encoded
            }
        }
        let wording = Wording(locale: request.locale)
        var results = zip(top, entries).compactMap { item, entry -> SearchResult? in
            guard let entry else { return nil }
            return result(
                for: entry, score: item.score, match: item.match,
                text: SearchResultText(entry: entry, decoder: decoder), terms: query.terms, now: now,
                wording: wording)
        }
        for item in publicTop {
            guard let entry = publicEntries[item.candidate.id] else { continue }
            results.append(
                publicResult(
                    for: entry, score: item.score, match: item.match, terms: query.terms, wording: wording))
        }
        return SearchPage(results: results, nextCursor: nextCursor)
    }

    /// The candidate limit that reads every match.
    static let everyMatch = Int(Int32.max)

    /// The candidates of a page that ranks every match, and the page's ranking (the best
    /// `count` after `after`) when it was made from some of them.
    ///
    /// The matches whose title has every term or that the user engaged with are read first
    /// (``EntryStorage/everyTitleSearchCandidates(_:scope:kinds:now:)``); when the best `count`
    /// of them surely come before every other match (``CandidateRanking/fills(_:count:)``),
    /// they are the page and the others are never read. Else every other match is read
    /// without text, and the ranking reads those that can reach the page. A store that cannot
    /// tell them apart reads every match, without text where the title lacks a term.
    static func everyMatchCandidates(
        _ tx: any StorageTransaction, query: FullTextQuery, scope: AppScope, now: Date,
        ranking: CandidateRanking, count: Int, after: CandidateRanking.Position?,
        read: ([Int64]) throws -> [Int64: IndexedText]
    ) throws -> (candidates: [SearchCandidate], ranked: [RankedCandidate]?) {
        let kinds = Set(EntryKind.allCases)
        guard let titled = try tx.everyTitleSearchCandidates(query, scope: scope, kinds: kinds, now: now)
        else {
            let every = try tx.searchCandidates(
                query, scope: scope, kinds: kinds, now: now, limit: everyMatch,
                reading: .withoutDescriptionWhereTitleMatches)
            return (every, nil)
        }
        let best = try ranking.top(titled.candidates, count: count, after: after, read: read)
        if ranking.fills(best, count: count) { return (titled.candidates, best) }
        let titledIDs = Set(titled.candidates.map(\.id))
        var others = try tx.searchCandidates(
            query, scope: scope, kinds: kinds, now: now, limit: everyMatch, reading: .none
        ).filter { !titledIDs.contains($0.id) }
        for index in others.indices { others[index].titleHasEveryTerm = false }
        return (titled.candidates + others, nil)
    }

    /// The candidates of a first page of `count` without a filter, and the page's ranking
    /// (its best `count`) when it was made from some of them.
    ///
    /// When the store can read apart the matches whose title has every term or that the user
    /// engaged with, and there are at most 1,000, those come first: when the best `count` of
    /// them surely outrank every other match (``CandidateRanking/fills(_:count:)``), they are
    /// the page, and the others are never read. Otherwise the others follow, read without
    /// text, so the ranking reads the text only of those that can reach the page. The page is
    /// the same as ranking every candidate of the policy's reading with its whole text.
    ///
    /// `found` is called with the number of candidates once they are all known, before the
    /// page's ranking reads their text (not when the page was made from some of them).
    static func firstPageCandidates(
        _ tx: any StorageTransaction, query: FullTextQuery, scope: AppScope, now: Date, window: Int,
        ranking: CandidateRanking, count: Int, read: ([Int64]) throws -> [Int64: IndexedText],
        found: (_ candidates: Int) throws -> Void = { _ in }
    ) throws -> (candidates: [SearchCandidate], ranked: [RankedCandidate]?) {
        let kinds = Set(EntryKind.allCases)
        // A store that reads a long last word apart does so as the policy reads it: as a whole
        // word, when that finds enough (`SearchCandidatePolicy`).
        guard
            let titled = try tx.titleSearchCandidates(
                query, scope: scope, kinds: kinds, now: now, limit: SearchCandidatePolicy.everyMatchUpTo + 1,
                othersBelow: count),
            titled.candidates.count <= SearchCandidatePolicy.everyMatchUpTo
        else {
            let candidates = try tx.searchCandidates(
                query, scope: scope, kinds: kinds, now: now, limit: window, reading: .withoutDescription)
            try found(candidates.count)
            return (candidates, nil)
        }
        var others: [SearchCandidate]
        if let read = titled.others {
            others = read
        } else if case let best = try ranking.top(titled.candidates, count: count, read: read),
            ranking.fills(best, count: count)
        {
            return (titled.candidates, best)
        } else {
            let read = Set(titled.candidates.map(\.id))
            // A long last word: the policy's reading of at most `window` stops at whole words
            // when they are enough, as they were (at most 1,000, every one).
            others = try tx.searchCandidates(
                query, scope: scope, kinds: kinds, now: now,
                limit: query.hasLongPrefixes ? window : SearchCandidatePolicy.everyMatchUpTo + 1,
                reading: .none
            ).filter { !read.contains($0.id) }
        }
        // Past 1,000, the newest of the others, as the policy reads any field's matches.
        if others.count > SearchCandidatePolicy.everyMatchUpTo { others = Array(others.prefix(window)) }
        for index in others.indices {
            // Every match whose title has every term was read first.
            others[index].titleHasEveryTerm = false
        }
        try found(titled.candidates.count + others.count)
        return (titled.candidates + others, nil)
    }

    /// The public entries of a page: at most `room`, ranked by their text and by how many
    /// people contributed (no dates), after `cursor` when it is among them; and whether more
    /// follow. Contributions of entries that expired are withdrawn first, so none counts past
    /// its expiry.
    private func publicPage(
        _ query: FullTextQuery, app: String?, cursor: SearchCursor?, room: Int, paging: Bool, now: Date
    ) throws -> (top: [RankedCandidate], entries: [Int64: StoredPublicEntry], more: Bool) {
        try sweepExpiredPublicContributions()
        let found = try storage.read(user: user) { tx in
            try tx.publicSearchCandidates(
                query, app: app, threshold: configuration.publicThreshold,
                limit: Self.publicWindow(room: room, paging: paging))
        }
        return rankPublic(found, query: query, cursor: cursor, room: room, now: now)
    }

    /// How many public entries a page reads: without a cursor, a window of the matches fills the
    /// room (public entries come after the user's own; reading 150 as for private matches cost
    /// more than it ranked); paging, every match.
    static func publicWindow(room: Int, paging: Bool) -> Int {
        paging ? everyMatch : max(20, room * 2)
    }

    /// The best `room` of the public entries found, after `cursor` when it is among them, and
    /// whether more follow.
    private func rankPublic(
        _ found: [PublicSearchCandidate], query: FullTextQuery, cursor: SearchCursor?, room: Int, now: Date
    ) -> (top: [RankedCandidate], entries: [Int64: StoredPublicEntry], more: Bool) {
        var ranked = CandidateRanking(query: query, now: now).all(
            found.map {
                SearchCandidate(
                    id: $0.entry.id, donatedAt: now, engagementCount: $0.entry.contributors,
                    indexedText: $0.indexedText)
            })[...]
        if let cursor, cursor.isPublic == true {
            ranked = ranked.drop { !cursor.position.isBefore($0) }
        }
        let top = Array(ranked.prefix(max(room, 0)))
        var entries: [Int64: StoredPublicEntry] = [:]
        for candidate in found { entries[candidate.entry.id] = candidate.entry }
        return (top, entries, ranked.count > top.count)
    }

    /// "title matches “zebra”", field by field, for the fields the terms matched in.
    private func fieldsMatched(_ match: TextRelevance.Match, terms: [SearchTerm], wording: Wording)
        -> [String]
    {
        var why: [String] = []
        let fields: [Wording.Field] = [.title, .keywords, .address, .description]
        for (index, field) in fields.enumerated() {
            let matched = match.matchedTerms.indices.contains(index) ? match.matchedTerms[index] : []
            guard !matched.isEmpty else { continue }
            why.append(wording.fieldMatches(field, matched.map { terms[$0].text }))
        }
        return why
    }

    /// A public entry as a result: only its public fields, and no date.
    private func publicResult(
        for entry: StoredPublicEntry, score: SearchScoring.Score, match: TextRelevance.Match,
        terms: [SearchTerm],
        wording: Wording
    ) -> SearchResult {
        var why = fieldsMatched(match, terms: terms, wording: wording)
        why.append(wording.publicEntry(in: displayName(ofApp: entry.fields.key.app)))
        let shown = entry.fields
        return SearchResult(
            id: RecordReference.publicEntry(entry.id).description, kind: .activity, app: shown.key.app,
            activityType: shown.activityType, url: shown.url,
            title: shown.title ?? shown.url ?? shown.activityType ?? shown.key.app,
            subtitle: shown.description, score: (score.value * 1000).rounded() / 1000,
            why: wording.written(why),
            isPublic: true)
    }

    private func result(
        for entry: StoredEntry, score: SearchScoring.Score, match: TextRelevance.Match,
        text: SearchResultText,
        terms: [SearchTerm], now: Date, wording: Wording
    ) -> SearchResult {
        var why = fieldsMatched(match, terms: terms, wording: wording)
        if terms.isEmpty { why.append(wording.matchesTheQuery) }
        if entry.engagementCount > 0 { why.append(wording.opened(entry.engagementCount)) }
        let donated: Wording.Donated =
            entry.kind == .page ? .visited : (entry.kind == .item ? .indexed : .used)
        why.append(
            wording.donated(
                donated, in: displayName(ofApp: entry.app), ago: now.timeIntervalSince(entry.donatedAt)))
        let kind: SearchResult.Kind =
            switch entry.kind {
            case .item: .item
            case .activity: .activity
            case .page: .page
            }
        return SearchResult(
            id: EntryReference(stored: entry.kind, entry.id).description, kind: kind, app: entry.app,
            uniqueIdentifier: entry.uniqueIdentifier, domainIdentifier: entry.domainIdentifier,
            persistentIdentifier: entry.persistentIdentifier, activityType: entry.activityType,
            url: entry.url,
            title: text.title, subtitle: text.subtitle,
            score: (score.value * 1000).rounded() / 1000,
            why: wording.written(why))
    }
}
