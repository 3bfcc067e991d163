import Foundation
import ProactiveModel
import ProactiveStore
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
        let candidates: [SearchCandidate]
        if !query.isEmpty {
            candidates = try store.read { try $0.searchCandidates(query, scope: scope, now: now) }
        } else if request.filter != nil {
            candidates = try store.read { tx in
                try tx.entries(scope: scope, now: now, limit: 100_000).filter(\.isEligibleForSearch).map {
                    SearchCandidate(entry: $0, relevance: 0, matchedTitle: false)
                }
            }
        } else {
            throw EngineError(.invalidRequest, "give words to search for or a query", parameter: "query")
        }
        let decoder = DonationCoding.makeDecoder()
        let scoring = SearchScoring()
        var scored: [(SearchCandidate, SearchScoring.Score, SearchableAttributes?)] = []
        scored.reserveCapacity(candidates.count)
        for candidate in candidates {
            var attributes: SearchableAttributes?
            if let filter = request.filter {
                let decoded = SearchableAttributes(entry: candidate.entry, decoder: decoder)
                guard filter.matches(now: now, attributes: decoded.values) else { continue }
                attributes = decoded
            }
            let score = scoring.score(
                relevance: candidate.relevance, titleMatched: candidate.matchedTitle,
                donatedAt: candidate.entry.donatedAt, engagementCount: candidate.entry.engagementCount,
                now: now)
            scored.append((candidate, score, attributes))
        }
        scored.sort { $0.1.value > $1.1.value || ($0.1.value == $1.1.value && $0.0.entry.id > $1.0.entry.id) }
        return scored.prefix(request.limit).map { candidate, score, attributes in
            let attributes = attributes ?? SearchableAttributes(entry: candidate.entry, decoder: decoder)
            return result(for: candidate, score: score, attributes: attributes, terms: query.terms, now: now)
        }
    }

    private func result(
        for candidate: SearchCandidate, score: SearchScoring.Score, attributes: SearchableAttributes,
        terms: [SearchTerm], now: Date
    ) -> SearchResult {
        let entry = candidate.entry
        var why: [String] = []
        let fields: [(String, [String])] = [
            ("title", [attributes.title]), ("keywords", attributes.keywords),
            ("address", attributes.addressParts),
            (
                "description",
                [attributes.description, attributes.attributeSet?.textContent].compactMap { $0 }
            ),
        ]
        for (name, values) in fields {
            let matched = terms.filter { term in values.contains { Self.text($0, contains: term) } }
            if !matched.isEmpty {
                let words = matched.map { "“\($0.text)”" }.joined(separator: ", ")
                why.append("\(name) \(name == "keywords" ? "match" : "matches") \(words)")
            }
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
            uniqueIdentifier: entry.uniqueIdentifier,
            domainIdentifier: entry.domainIdentifier, persistentIdentifier: entry.persistentIdentifier,
            activityType: entry.activityType, url: entry.url, title: attributes.title,
            subtitle: attributes.subtitle,
            score: (score.value * 1000).rounded() / 1000, why: why)
    }

    /// Whether a field's text contains a term the way the index matches it (word prefix, or
    /// CJK substring).
    static func text(_ text: String, contains term: SearchTerm) -> Bool {
        if term.text.unicodeScalars.contains(where: Script.isUnsegmented) { return text.contains(term.text) }
        return TextFolding.words(text).contains { term.isPrefix ? $0.hasPrefix(term.text) : $0 == term.text }
    }
}
