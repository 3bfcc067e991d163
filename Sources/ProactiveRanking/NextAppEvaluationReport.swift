/// The result of a ``NextAppEvaluation``, shaped like `proactive evaluate next-app --json`:
/// `{"users":U,"launches":N,"models":{"proactive":{"hit1":…,"hit4":…,"hit5":…,"mrr":…},…}}`.
public struct NextAppEvaluationReport: Sendable, Hashable, Codable {
    /// The metrics of every evaluated model.
    public struct Models: Sendable, Hashable, Codable {
        /// Proactive's ``NextAppPredictor``.
        public var proactive: NextAppMetrics
        /// ``MostFrequentlyUsedBaseline``.
        public var mostFrequentlyUsed: NextAppMetrics
        /// ``MostRecentlyUsedBaseline``.
        public var mostRecentlyUsed: NextAppMetrics
        /// ``MarkovBaseline``.
        public var markov: NextAppMetrics
        /// ``FrecencyBaseline`` (half-life 20 launches).
        public var frecency: NextAppMetrics
        /// ``GlobalPopularityBaseline``.
        public var globalPopularity: NextAppMetrics
        /// ``MarkovFrecencyBaseline``.
        public var markovFrecency: NextAppMetrics

        /// The models with their display names, Proactive's first.
        public var rows: [(name: String, metrics: NextAppMetrics)] {
            [
                ("proactive", proactive), ("global popularity", globalPopularity),
                ("most frequently used", mostFrequentlyUsed), ("most recently used", mostRecentlyUsed),
                ("frecency (half-life 20 launches)", frecency), ("previous-app Markov", markov),
                ("Markov + frecency, equal weights", markovFrecency),
            ]
        }

        /// The baselines' metrics (every model but Proactive's).
        public var baselines: [NextAppMetrics] {
            [mostFrequentlyUsed, mostRecentlyUsed, markov, frecency, globalPopularity, markovFrecency]
        }
    }

    /// Users evaluated (those with at least the minimum number of launches).
    public var users: Int
    /// Test launches predicted.
    public var launches: Int
    /// Each model's metrics.
    public var models: Models

    /// Whether Proactive's predictor beats every baseline on Hit@4 and on MRR.
    public var proactiveBeatsBaselines: Bool {
        models.baselines.allSatisfy { models.proactive.hit4 > $0.hit4 && models.proactive.mrr > $0.mrr }
    }

    /// The metrics as a Markdown table, one row per model.
    public var markdownTable: String {
        var lines = ["| model | Hit@1 | Hit@4 | Hit@5 | MRR |", "| --- | --- | --- | --- | --- |"]
        for (name, m) in models.rows {
            lines.append(
                "| \(name) | \(Self.format(m.hit1)) | \(Self.format(m.hit4)) | \(Self.format(m.hit5)) | \(Self.format(m.mrr)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let digits = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}
