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
    /// when ``SearchRequest/app`` is set.
    public func search(_ request: SearchRequest, donor: Donor = .system) throws -> [SearchResult] {
        let now = request.now ?? self.now
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
        if let filter = request.filter {
            for name in filter.attributeNames where !SearchableAttributes.names.contains(name) {
                throw EngineError(
                    .invalidRequest, "unknown attribute \(name) in the query", parameter: "query")
            }
        }
        let query = FullTextQuery(typed: request.text)
        let decoder = DonationCoding.makeDecoder()
        var candidates: [SearchCandidate]
        var filtered: [Int64: StoredEntry] = [:]
        if !query.isEmpty {
            candidates = try storage.read(user: user) {
                try $0.searchCandidates(query, scope: scope, now: now)
            }
            if let filter = request.filter {
                let entries = try storage.read(user: user) { tx in
                    try candidates.compactMap { try tx.entry(id: $0.id, scope: scope, now: now) }
                }
                for entry in entries
                where filter.matches(
                    now: now, attributes: SearchableAttributes(entry: entry, decoder: decoder).values)
                {
                    filtered[entry.id] = entry
                }
                candidates = candidates.filter { filtered[$0.id] != nil }
            }
        } else if let filter = request.filter {
            let entries = try storage.read(user: user) {
                try $0.entries(scope: scope, now: now, limit: 100_000)
            }
            candidates = []
            for entry in entries
            where entry.isEligibleForSearch
                && filter.matches(
                    now: now, attributes: SearchableAttributes(entry: entry, decoder: decoder).values)
            {
                filtered[entry.id] = entry
                candidates.append(
                    SearchCandidate(
                        id: entry.id, donatedAt: entry.donatedAt, engagementCount: entry.engagementCount,
                        indexedText: IndexedText()))
            }
        } else {
            throw EngineError(.invalidRequest, "give words to search for or a query", parameter: "query")
        }
        let scoring = SearchScoring()
        var scored: [(candidate: SearchCandidate, score: SearchScoring.Score, match: TextRelevance.Match)] =
            []
        scored.reserveCapacity(candidates.count)
        for candidate in candidates {
            let text = candidate.indexedText
            let match = TextRelevance.match(
                query.terms,
                in: [
                    .init(weight: 10, text: text.title), .init(weight: 5, text: text.keywords),
                    .init(weight: 3, text: text.address), .init(weight: 1, text: text.description),
                ])
            let score = scoring.score(
                relevance: match.score,
                titleMatched: !query.terms.isEmpty && match.matchedTerms[0].count == query.terms.count,
                donatedAt: candidate.donatedAt,
                engagementCount: candidate.engagementCount, now: now)
            scored.append((candidate, score, match))
        }
        scored.sort {
            $0.score.value > $1.score.value
                || ($0.score.value == $1.score.value && $0.candidate.id > $1.candidate.id)
        }
        let top = Array(scored.prefix(request.limit))
        let entries = try storage.read(user: user) { tx in
            try top.map { item in
                try filtered[item.candidate.id] ?? tx.entry(id: item.candidate.id, scope: scope, now: now)
            }
        }
        return zip(top, entries).compactMap { item, entry in
            guard let entry else { return nil }
            let attributes = SearchableAttributes(entry: entry, decoder: decoder)
            return result(
                for: entry, score: item.score, match: item.match, attributes: attributes, terms: query.terms,
                now: now)
        }
    }

    private func result(
        for entry: StoredEntry, score: SearchScoring.Score, match: TextRelevance.Match,
        attributes: SearchableAttributes,
        terms: [SearchTerm], now: Date
    ) -> SearchResult {
        var why: [String] = []
        for (field, name) in ["title", "keywords", "address", "description"].enumerated() {
            let matched = match.matchedTerms.indices.contains(field) ? match.matchedTerms[field] : []
            guard !matched.isEmpty else { continue }
            let words = matched.map { "“\(terms[$0].text)”" }.joined(separator: ", ")
            why.append("\(name) \(name == "keywords" ? "match" : "matches") \(words)")
        }
        if terms.isEmpty { why.append("matches the query") }
        if entry.engagementCount > 0 {
            why.append("opened \(RelativeTimeDescription.plural(entry.engagementCount, "time"))")
        }
        let verb = entry.kind == .page ? "visited" : (entry.kind == .item ? "indexed" : "used")
        why.append(
            "\(verb) in \(displayName(ofApp: entry.app)) \(RelativeTimeDescription.ago(now.timeIntervalSince(entry.donatedAt)))"
        )
        let kind: SearchResult.Kind =
            switch entry.kind {
            case .item: .item
            case .activity: .activity
            case .page: .page
            }
        return SearchResult(
            id: "\(entry.kind.rawValue)/\(entry.id)", kind: kind, app: entry.app,
            uniqueIdentifier: entry.uniqueIdentifier, domainIdentifier: entry.domainIdentifier,
            persistentIdentifier: entry.persistentIdentifier, activityType: entry.activityType,
            url: entry.url,
            title: attributes.title, subtitle: attributes.subtitle,
            score: (score.value * 1000).rounded() / 1000,
            why: why)
    }
}
