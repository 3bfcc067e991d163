import Foundation
import ProactiveRanking
import ProactiveStorage
import ProactiveText

/// A search candidate with its score and what matched.
typealias RankedCandidate = (
    candidate: SearchCandidate, score: SearchScoring.Score, match: TextRelevance.Match
)

/// How search candidates are ordered: by score (`TextRelevance` over the title, keywords,
/// address and description, weighted 10, 5, 3 and 1, then `SearchScoring`), best first, the
/// newest first among equal scores.
///
/// ``top(_:count:)`` gives the first few of that order without matching every candidate's
/// whole text: it matches each title (short) first, bounds what the other fields could add
/// (each term's best match at full weight), and matches the whole text of candidates in the
/// order of their bound only while a bound can still beat the last of the best so far.
struct CandidateRanking {
    let terms: [SearchTerm]
    let now: Date
    private let scoring = SearchScoring()
    /// The terms prepared for matching every candidate's text.
    private let relevance: TextRelevance

    init(query: FullTextQuery, now: Date) {
        self.terms = query.terms
        self.now = now
        self.relevance = TextRelevance(terms: query.terms)
    }

    /// The most the keywords, address and description add to relevance (weights 5 + 3 + 1,
    /// each term matching at most 1 in each).
    static let restBound = 5.0 + 3 + 1

    /// Whether `a` comes before `b`.
    static func precedes(_ a: RankedCandidate, _ b: RankedCandidate) -> Bool {
        a.score.value > b.score.value || (a.score.value == b.score.value && a.candidate.id > b.candidate.id)
    }

    /// One candidate scored over its whole text.
    func scored(_ candidate: SearchCandidate) -> RankedCandidate {
        let text = candidate.indexedText
        let match = relevance.match(
            [
                .init(weight: 10, text: text.title), .init(weight: 5, text: text.keywords),
                .init(weight: 3, text: text.address), .init(weight: 1, text: text.description),
            ])
        let score = score(
            candidate, relevance: match.score, titleMatchedCount: match.matchedTerms[0].count,
            titleCoverage: match.coverage.first ?? 0)
        return (candidate, score, match)
    }

    /// Every candidate, in order.
    func all(_ candidates: [SearchCandidate]) -> [RankedCandidate] {
        candidates.map(scored).sorted(by: Self.precedes)
    }

    /// The first `count` candidates of ``all(_:)``, the same ones in the same order.
    func top(_ candidates: [SearchCandidate], count: Int) -> [RankedCandidate] {
        guard count > 0 else { return [] }
        guard candidates.count > 2 * count else { return Array(all(candidates).prefix(count)) }
        var bounds: [(bound: Double, index: Int)] = []
        bounds.reserveCapacity(candidates.count)
        var buffer: [UInt8] = []
        var scratch: [Double] = []
        for (index, candidate) in candidates.enumerated() {
            let title = relevance.matchField(
                candidate.indexedText.title, weight: 10, buffer: &buffer, best: &scratch)
            // Relevance is the title's part plus at most `restBound`; the score grows with it.
            let bound = score(
                candidate, relevance: title.score + Self.restBound, titleMatchedCount: title.matchedCount,
                titleCoverage: title.coverage
            ).value
            bounds.append((bound + 1e-9, index))
        }
        bounds.sort { $0.bound > $1.bound }
        var best: [RankedCandidate] = []
        for (bound, index) in bounds {
            if best.count == count, best[count - 1].score.value > bound { break }
            let next = scored(candidates[index])
            let position = best.firstIndex { Self.precedes(next, $0) } ?? best.count
            guard position < count else { continue }
            best.insert(next, at: position)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// The score of a candidate whose relevance is `relevance` and whose title matched
    /// `titleMatchedCount` of the terms, covering `titleCoverage` of its words.
    private func score(
        _ candidate: SearchCandidate, relevance: Double, titleMatchedCount: Int, titleCoverage: Double
    ) -> SearchScoring.Score {
        scoring.score(
            relevance: relevance,
            titleMatched: !terms.isEmpty && titleMatchedCount == terms.count,
            titleCoverage: titleCoverage,
            donatedAt: candidate.donatedAt,
            engagementCount: candidate.engagementCount, now: now)
    }
}
