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
/// ``top(_:count:read:)`` gives the first few of that order without reading every candidate's
/// text: it bounds each candidate by what was read of it and the most the rest can add, and
/// reads and matches the rest in the order of the bounds only while a bound can still beat the
/// last of the best so far.
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

    /// Whether `a` comes before `b`.
    static func precedes(_ a: RankedCandidate, _ b: RankedCandidate) -> Bool {
        Position(a).precedes(Position(b))
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
        let ranked = candidates.map(scored)
        // The order is sorted by keys alone: moving the candidates themselves (their text)
        // retained and released every one at each step, most of a sort of 100,000.
        let keys = ranked.map(Position.init)
        let order = keys.indices.sorted { keys[$0].precedes(keys[$1]) }
        return order.map { ranked[$0] }
    }

    /// A candidate's place in the order: its score and identifier (the order is by score, then
    /// identifier, both descending); also where a ranking left off (a search cursor's).
    struct Position: Hashable {
        var score: Double
        var id: Int64

        init(score: Double, id: Int64) {
            self.score = score
            self.id = id
        }

        init(_ ranked: RankedCandidate) {
            self.init(score: ranked.score.value, id: ranked.candidate.id)
        }

        /// Whether this position comes before `other`.
        func precedes(_ other: Position) -> Bool {
            score > other.score || (score == other.score && id > other.id)
        }

        /// Whether `candidate` comes after this position.
        func isBefore(_ candidate: RankedCandidate) -> Bool {
            precedes(Position(candidate))
        }
    }

    /// The first `count` candidates of ``all(_:)``, the same ones in the same order, every
    /// candidate's whole text read.
    func top(_ candidates: [SearchCandidate], count: Int) -> [RankedCandidate] {
        top(candidates, count: count, read: { _ in [:] })
    }

    /// The first `count` candidates of ``all(_:)`` once every text is read, the same ones in the
    /// same order, reading text only where it can change it.
    ///
    /// Each candidate is bounded by what was read of its text, matched exactly, and the most
    /// the rest can add: a description not read adds at most its brevity
    /// (``descriptionBound(words:)``); a candidate read without its text (``SearchCandidate/isTextRead``
    /// false) has at most every field's weight, and the title's bonus only when the index says
    /// the title has every term (``SearchCandidate/titleHasEveryTerm``).
    /// Candidates are then scored in the order of their bound while a bound can still beat the
    /// last of the best so far. Before a candidate not wholly read is scored, `read` is called
    /// once for a batch of them: while the best are not all known, the next `count + count / 2`
    /// by bound (every candidate when there are at most `2 × count`); then every one whose
    /// bound can still reach the best. It returns the whole indexed text of the identifiers it
    /// is given; one it leaves out (an entry gone meanwhile) counts as empty.
    ///
    /// With `after`, the first `count` of those that come after it (a page that follows
    /// another): every candidate whose bound reaches that position is read and scored, in
    /// batches that grow with what was read before.
    func top(
        _ candidates: [SearchCandidate], count: Int, after: Position? = nil,
        read: ([Int64]) throws -> [Int64: IndexedText]
    ) rethrows -> [RankedCandidate] {
        guard count > 0, !candidates.isEmpty else { return [] }
        var buffer: [UInt8] = []
        var scratch: [Double] = []
        var bounds: [(bound: Double, index: Int)] = []
        bounds.reserveCapacity(candidates.count)
        for (index, candidate) in candidates.enumerated() {
            bounds.append((bound(candidate, buffer: &buffer, scratch: &scratch) + 1e-9, index))
        }
        bounds.sort { $0.bound > $1.bound }
        var described = candidates
        var best: [RankedCandidate] = []
        var position = 0
        var readCount = 0
        while position < bounds.count {
            if best.count == count, best[count - 1].score.value > bounds[position].bound { break }
            let index = bounds[position].index
            if !described[index].isWhollyRead {
                var end = position + 1
                if best.count < count {
                    // Past a position, the candidates before it are read too: as many again.
                    let batch = count + count / 2
                    end =
                        candidates.count <= 2 * count
                        ? bounds.count : position + (after == nil ? batch : max(batch, readCount))
                } else {
                    let last = best[count - 1].score.value
                    while end < bounds.count && bounds[end].bound >= last { end += 1 }
                }
                let batch = bounds[position..<min(end, bounds.count)].map(\.index).filter {
                    !described[$0].isWhollyRead
                }
                readCount += batch.count
                let texts = try read(batch.map { described[$0].id })
                for i in batch {
                    described[i].indexedText = texts[described[i].id] ?? IndexedText()
                    described[i].isTextRead = true
                    described[i].isDescriptionRead = true
                }
            }
            let next = scored(described[index])
            position += 1
            if let after, !after.isBefore(next) { continue }
            let at = best.firstIndex { Self.precedes(next, $0) } ?? best.count
            guard at < count else { continue }
            best.insert(next, at: at)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// The most `candidate`'s score can be once its whole text is read: what was read of it,
    /// matched exactly, and the most the rest can add.
    private func bound(_ candidate: SearchCandidate, buffer: inout [UInt8], scratch: inout [Double])
        -> Double
    {
        let description =
            candidate.isDescriptionRead
            ? relevance.matchField(
                candidate.indexedText.description, weight: 1, buffer: &buffer, best: &scratch
            ).score
            : Self.descriptionBound(words: candidate.descriptionWords)
        guard candidate.isTextRead else {
            // Every field at its weight; the title's part and bonus only as the index allows.
            let titleHasEveryTerm = candidate.titleHasEveryTerm ?? true
            let terms = Double(terms.count)
            let title = titleHasEveryTerm ? 10 : 10 * (terms - 1) / terms
            return score(
                candidate, relevance: title + 5 + 3 + description,
                titleMatchedCount: titleHasEveryTerm ? self.terms.count : 0,
                titleCoverage: titleHasEveryTerm ? 1 : 0
            ).value
        }
        let text = candidate.indexedText
        let title = relevance.matchField(text.title, weight: 10, buffer: &buffer, best: &scratch)
        var relevance = title.score
        relevance +=
            self.relevance.matchField(text.keywords, weight: 5, buffer: &buffer, best: &scratch).score
        relevance += self.relevance.matchField(text.address, weight: 3, buffer: &buffer, best: &scratch).score
        // The score grows with relevance; the title's part of it is exact.
        return score(
            candidate, relevance: relevance + description, titleMatchedCount: title.matchedCount,
            titleCoverage: title.coverage
        ).value
    }

    /// Whether `best` (the first `count` of ``top(_:count:after:read:)`` over the matches whose
    /// title has every term as the index finds them, or that the user engaged with) are
    /// `count` and surely come before every other match: the last of them scores above the
    /// most such a match can (``otherMatchBound()``).
    func fills(_ best: [RankedCandidate], count: Int) -> Bool {
        guard count > 0, best.count >= count, !terms.isEmpty else { return false }
        return otherMatchBound() + 1e-9 < best[count - 1].score.value
    }

    /// The most a match whose title lacks a term and that the user never engaged with can
    /// score: the bound of one read without text, donated now, its description of any length.
    func otherMatchBound() -> Double {
        var buffer: [UInt8] = []
        var scratch: [Double] = []
        let other = SearchCandidate(
            id: 0, donatedAt: now, engagementCount: 0, indexedText: IndexedText(), isDescriptionRead: false,
            isTextRead: false, titleHasEveryTerm: false)
        return bound(other, buffer: &buffer, scratch: &scratch)
    }

    /// The most a description of `words` words (unknown: any) adds to relevance: weight 1 times
    /// its brevity, each term matching at most 1.
    static func descriptionBound(words: Int?) -> Double {
        guard let words else { return 1 }
        return words == 0 ? 0 : TextRelevance.brevity(words: words)
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
