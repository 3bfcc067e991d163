import Foundation

/// Measures next-app prediction on a usage log, for Proactive's ``NextAppPredictor`` and the
/// baselines, under the protocol of the next-app issue:
///
/// - keep `Opened` rows; an app is its `app_id`;
/// - per user, sort by time (file order breaks ties) and collapse consecutive repeats;
/// - skip users with fewer than ``Options/minimumLaunches`` launches (default 10);
/// - split each user chronologically: the first ⌊``Options/trainingFraction`` × n⌋ launches
///   (default 70%) train, the rest are predicted;
/// - predict each test launch from everything before it, then learn from it (online);
/// - exclude the app in the foreground (the previous launch) from the candidates;
/// - rank apps the user never used after the user's own, by global popularity over all users'
///   training parts;
/// - micro-average Hit@1, Hit@4, Hit@5 and MRR over the test launches.
///
/// Reading files and decompressing are the caller's job: hand it the log's lines or text.
///
/// ```swift
/// let report = try NextAppEvaluation.evaluate(text: logText)
/// print(report.markdownTable)
/// ```
public struct NextAppEvaluation: Sendable {
    /// Protocol parameters; the defaults are the issue's.
    public struct Options: Sendable, Hashable, Codable {
        /// Share of each user's launches used for training. Default 0.7.
        public var trainingFraction: Double = 0.7
        /// Users with fewer launches (after collapsing repeats) are skipped. Default 10.
        public var minimumLaunches: Int = 10
        /// Evaluate only every `userStride`-th user (in order of first appearance), starting at
        /// ``userOffset``; for robustness checks on subsets. Default 1 (every user).
        public var userStride: Int = 1
        /// The first user evaluated when ``userStride`` > 1. Default 0.
        public var userOffset: Int = 0
        /// The configuration of Proactive's predictor. Default: its defaults.
        public var predictor = NextAppPredictor.Configuration()

        /// The protocol.
        public init() {}
    }

    /// The protocol parameters.
    public var options: Options

    /// Creates an evaluation with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Evaluates every model on a whole log given as text.
    public static func evaluate(text: String, options: Options = Options()) throws -> NextAppEvaluationReport
    {
        try evaluate(lines: text.split(separator: "\n", omittingEmptySubsequences: false), options: options)
    }

    /// Evaluates every model on a log given line by line.
    public static func evaluate(
        lines: some Sequence<some StringProtocol>, options: Options = Options()
    ) throws -> NextAppEvaluationReport {
        var log = UsageLog()
        for line in lines { try log.append(line: line) }
        return try NextAppEvaluation(options: options).evaluate(log)
    }

    /// Evaluates every model on a log read asynchronously line by line (e.g. `FileHandle.bytes.lines`).
    public static func evaluate<Lines: AsyncSequence>(
        lines: Lines, options: Options = Options()
    ) async throws -> NextAppEvaluationReport where Lines.Element: StringProtocol {
        var log = UsageLog()
        for try await line in lines { try log.append(line: line) }
        return try NextAppEvaluation(options: options).evaluate(log)
    }

    /// Evaluates every model on a parsed log.
    public func evaluate(_ log: UsageLog) throws -> NextAppEvaluationReport {
        guard options.trainingFraction >= 0, options.trainingFraction <= 1 else {
            throw NextAppEvaluationError(.invalidOptions, message: "trainingFraction must be within 0…1")
        }
        guard options.userStride >= 1, options.userOffset >= 0 else {
            throw NextAppEvaluationError(
                .invalidOptions, message: "userStride must be ≥ 1 and userOffset ≥ 0")
        }
        var sequences: [[UsageLog.Launch]] = []
        for (index, user) in log.users.enumerated() where index % options.userStride == options.userOffset {
            let sequence = log.sequence(of: user)
            if sequence.count >= max(1, options.minimumLaunches) { sequences.append(sequence) }
        }
        var global = GlobalPopularityBaseline()
        for sequence in sequences {
            for launch in sequence.prefix(trainingCount(of: sequence.count)) {
                global.observe(AppLaunch(app: launch.app, at: Self.date(launch.time)))
            }
        }
        let fallback = Fallback(global)
        var results = Array(repeating: MetricsAccumulator(), count: Contender.allCases.count)
        var launches = 0
        for sequence in sequences {
            let split = trainingCount(of: sequence.count)
            launches += sequence.count - split
            for contender in Contender.allCases {
                results[contender.rawValue].merge(
                    run(contender, on: sequence, split: split, global: global, fallback: fallback))
            }
        }
        let metrics = results.map(\.metrics)
        return NextAppEvaluationReport(
            users: sequences.count, launches: launches,
            models: .init(
                proactive: metrics[Contender.proactive.rawValue],
                mostFrequentlyUsed: metrics[Contender.mostFrequentlyUsed.rawValue],
                mostRecentlyUsed: metrics[Contender.mostRecentlyUsed.rawValue],
                markov: metrics[Contender.markov.rawValue],
                frecency: metrics[Contender.frecency.rawValue],
                globalPopularity: metrics[Contender.globalPopularity.rawValue],
                markovFrecency: metrics[Contender.markovFrecency.rawValue]))
    }

    /// How many of `count` launches train.
    func trainingCount(of count: Int) -> Int {
        min(count, max(0, Int((Double(count) * options.trainingFraction).rounded(.down))))
    }

    static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The models compared.
    enum Contender: Int, CaseIterable {
        case proactive, mostFrequentlyUsed, mostRecentlyUsed, markov, frecency, globalPopularity,
            markovFrecency
    }

    /// Runs one model on one user and returns its accumulated metrics.
    func run(
        _ contender: Contender, on sequence: [UsageLog.Launch], split: Int, global: GlobalPopularityBaseline,
        fallback: Fallback
    ) -> MetricsAccumulator {
        switch contender {
        case .proactive:
            var predictor = NextAppPredictor(configuration: options.predictor)
            var metrics = MetricsAccumulator()
            for (index, entry) in sequence.enumerated() {
                let launch = AppLaunch(app: entry.app, at: Self.date(entry.time))
                guard index >= split else {
                    predictor.observe(launch)
                    continue
                }
                let foreground = index > 0 ? sequence[index - 1].app : nil
                let scored = predictor.scoredFrame(
                    for: NextAppContext(at: launch.at, foregroundApp: foreground))
                let scores = predictor.apps.names.enumerated().map {
                    AppScore(app: $1, score: scored.scores[$0])
                }
                metrics.add(rank: fallback.rank(of: entry.app, in: scores, foreground: foreground))
                let ranking = NextAppRanking(
                    predictions: [], context: scored.frame.context, launchCount: predictor.launchCount,
                    expectedFeatures: scored.expected)
                predictor.observe(launch, following: ranking)
            }
            return metrics
        case .mostFrequentlyUsed:
            return replay(MostFrequentlyUsedBaseline(), on: sequence, split: split, fallback: fallback)
        case .mostRecentlyUsed:
            return replay(MostRecentlyUsedBaseline(), on: sequence, split: split, fallback: fallback)
        case .markov:
            return replay(MarkovBaseline(), on: sequence, split: split, fallback: fallback)
        case .frecency:
            return replay(FrecencyBaseline(halfLife: 20), on: sequence, split: split, fallback: fallback)
        case .markovFrecency:
            return replay(
                MarkovFrecencyBaseline(halfLife: 20), on: sequence, split: split, fallback: fallback)
        case .globalPopularity:
            // Frozen: it only knows the training parts, and does not learn per user.
            var metrics = MetricsAccumulator()
            let scores = global.scores(in: NextAppContext(at: Date(timeIntervalSince1970: 0)))
            for index in split..<sequence.count {
                let foreground = index > 0 ? sequence[index - 1].app : nil
                metrics.add(rank: fallback.rank(of: sequence[index].app, in: scores, foreground: foreground))
            }
            return metrics
        }
    }

    /// Trains `model` on the first `split` launches, then predicts, scores and learns each of the rest.
    func replay(
        _ model: some NextAppModel, on sequence: [UsageLog.Launch], split: Int, fallback: Fallback
    ) -> MetricsAccumulator {
        var model = model
        var metrics = MetricsAccumulator()
        for (index, entry) in sequence.enumerated() {
            let launch = AppLaunch(app: entry.app, at: Self.date(entry.time))
            if index >= split {
                let foreground = index > 0 ? sequence[index - 1].app : nil
                let scores = model.scores(in: NextAppContext(at: launch.at, foregroundApp: foreground))
                metrics.add(rank: fallback.rank(of: entry.app, in: scores, foreground: foreground))
            }
            model.observe(launch)
        }
        return metrics
    }
}
