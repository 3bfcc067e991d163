import Foundation

extension NextAppPredictor {
    /// The predictor's parameters. The defaults are principled rather than fitted to one log;
    /// `docs/next-app.md` explains each choice.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Half-lives, in launches, of the ``PredictionSignal/recentUse``,
        /// ``PredictionSignal/frequentUseLately`` and ``PredictionSignal/frequentUse`` frecencies.
        /// Default 3, 20 and 200: a session, a day or two, a month of typical use.
        public var halfLives: [Double] = [3, 20, 200]
        /// Pseudo-count with which each conditional distribution (previous app, trigger, place)
        /// backs off to its more general one. Default 1: one observation's worth of prior.
        public var contextSmoothing: Double = 1
        /// Pseudo-count for the time-of-day distributions, which back off to overall use.
        /// Default 2: an hour with a single launch is weak evidence.
        public var timeSmoothing: Double = 2
        /// After this many seconds without a launch, the previous apps no longer predict the next
        /// one (transitions describe the flow within a session). Default 3,600 (an hour).
        public var sessionGap: TimeInterval = 3_600
        /// The signals' weights before any learning. Default: 1/9 each — an equal blend of the
        /// nine — except ``PredictionSignal/trigger``, 1: when a trigger has just happened, the
        /// launch that follows is usually the answer to it, so it weighs as much as the rest together.
        public var initialWeights: [PredictionSignal: Double] = Dictionary(
            uniqueKeysWithValues: PredictionSignal.allCases.map {
                ($0, $0 == .trigger ? 1 : 1 / Double(PredictionSignal.allCases.count))
            })
        /// Step of the online weight update after each prediction's outcome. Default 0.002:
        /// the equal-weight prior dominates for the first few hundred predictions.
        public var learningRate: Double = 0.002
        /// Half-life, in launches, of suggestion feedback. Default 50.
        public var feedbackHalfLife: Double = 50
        /// Weight of the feedback term (log of (1 + engaged) / (1 + dismissed)). Default 1.
        public var feedbackWeight: Double = 1
        /// How many of the latest launches after each trigger are kept to explain predictions
        /// ("14 of the last 16 times"). Default 20.
        public var triggerHistoryLength: Int = 20
        /// The time zone in which hours and days of the week are reckoned. Default UTC; the
        /// engine passes the user's.
        public var timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!

        /// The default configuration.
        public init() {}
    }
}
