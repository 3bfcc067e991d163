import Foundation

/// How search results are ranked: text relevance (field-weighted term matches, plus a bonus
/// when the title matches every term), freshness and engagement, combined into a score from
/// 0 to 1.
///
/// A pure function of its inputs. Documented constants:
/// - relevance is squashed as `r / (r + 4)` so strong matches approach 1;
/// - a title match adds 0.5 to the squashed relevance before combination, and the share of
///   the title's words the query matches adds up to 0.6 more (an exact title first, even
///   a month older than a longer title that merely contains the words);
/// - freshness multiplies by `0.7 + 0.3 × 2^(−age / 14 days)`;
/// - engagement multiplies by `1 + 0.25 × log2(1 + times opened)`.
public struct SearchScoring: Sendable {
    /// Freshness half-life. Default 14 days.
    public var freshnessHalfLife: TimeInterval = 14 * 24 * 3600

    /// The default scoring.
    public init() {}

    /// The score and its components.
    public struct Score: Sendable, Hashable {
        /// The combined score, from 0 to 1.
        public var value: Double
        /// The text part.
        public var text: Double
        /// The freshness factor.
        public var freshness: Double
        /// The engagement factor.
        public var engagement: Double
    }

    /// Scores one candidate.
    ///
    /// - Parameter titleCoverage: the share of the title's words that the query matches
    ///   (0–1), counted only when the title matches every term.
    public func score(
        relevance: Double, titleMatched: Bool, titleCoverage: Double = 0, donatedAt: Date,
        engagementCount: Int,
        now: Date
    )
        -> Score
    {
        let r = max(relevance, 0)
        let coverage = titleMatched ? min(max(titleCoverage, 0), 1) : 0
        let text = r / (r + 4) + (titleMatched ? 0.5 : 0) + 0.6 * coverage
        let age = max(now.timeIntervalSince(donatedAt), 0)
        let freshness = 0.7 + 0.3 * pow(2, -age / freshnessHalfLife)
        let engagement = 1 + 0.25 * log2(1 + Double(max(engagementCount, 0)))
        let raw = text * freshness * engagement
        return Score(value: raw / (raw + 0.5), text: text, freshness: freshness, engagement: engagement)
    }
}
