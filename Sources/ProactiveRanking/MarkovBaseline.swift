/// Baseline: a first-order Markov chain over launches, ranking apps by how often each followed
/// the previous app; apps that never followed it rank by their launch count.
public struct MarkovBaseline: NextAppModel, Codable {
    /// How many times each app followed each app: `transitions[previous][next]`.
    public private(set) var transitions: [String: [String: Int]] = [:]
    /// Launches per app, used to break ties.
    public private(set) var launchCounts: [String: Int] = [:]
    /// The latest launched app.
    public private(set) var previousApp: String?
    /// How many launches were observed.
    public private(set) var launchCount = 0

    /// Creates an empty model.
    public init() {}

    /// Counts the transition from the previous app to this one.
    public mutating func observe(_ launch: AppLaunch) {
        if let previousApp { transitions[previousApp, default: [:]][launch.app, default: 0] += 1 }
        launchCounts[launch.app, default: 0] += 1
        launchCount += 1
        previousApp = launch.app
    }

    /// Every launched app, scored by the number of transitions from the latest launched app,
    /// with the launch share (below 1) breaking ties.
    public func scores(in context: NextAppContext) -> [AppScore] {
        let row = previousApp.flatMap { transitions[$0] } ?? [:]
        let total = Double(launchCount + 1)
        return launchCounts.map { app, count in
            AppScore(app: app, score: Double(row[app] ?? 0) + Double(count) / total)
        }
    }
}
