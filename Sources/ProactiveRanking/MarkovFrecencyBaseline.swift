/// Baseline: the previous-app Markov probability plus the frecency share, with equal weights.
///
/// An app's score is P(app | previous app), from transition counts, plus its frecency divided
/// by the total frecency of every app the user launched.
public struct MarkovFrecencyBaseline: NextAppModel, Codable {
    private var markov = MarkovBaseline()
    private var frecency: FrecencyBaseline

    /// Creates an empty model with a frecency half-life of `halfLife` launches.
    public init(halfLife: Double = 20) {
        frecency = FrecencyBaseline(halfLife: halfLife)
    }

    /// Learns the transition and the frecency of the launch.
    public mutating func observe(_ launch: AppLaunch) {
        markov.observe(launch)
        frecency.observe(launch)
    }

    /// Every launched app, scored by transition probability plus frecency share.
    public func scores(in context: NextAppContext) -> [AppScore] {
        let row = markov.previousApp.flatMap { markov.transitions[$0] } ?? [:]
        let rowTotal = Double(row.values.reduce(0, +))
        let frecencies = frecency.scores(in: context)
        let frecencyTotal = frecencies.reduce(0) { $0 + $1.score }
        return frecencies.map { entry in
            let transition = rowTotal > 0 ? Double(row[entry.app] ?? 0) / rowTotal : 0
            let share = frecencyTotal > 0 ? entry.score / frecencyTotal : 0
            return AppScore(app: entry.app, score: transition + share)
        }
    }
}
