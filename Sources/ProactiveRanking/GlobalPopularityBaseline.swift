/// Baseline: ranks apps by how many launches they have across everyone it observed,
/// ignoring who is asking and when.
///
/// In ``NextAppEvaluation`` it is filled with every user's training launches and then frozen,
/// which is also the fallback order for apps a user never used.
public struct GlobalPopularityBaseline: NextAppModel, Codable {
    /// Launches per app.
    public private(set) var launchCounts: [String: Int] = [:]

    /// Creates an empty model.
    public init() {}

    /// Counts a launch.
    public mutating func observe(_ launch: AppLaunch) {
        launchCounts[launch.app, default: 0] += 1
    }

    /// Every observed app, scored by its launch count.
    public func scores(in context: NextAppContext) -> [AppScore] {
        launchCounts.map { AppScore(app: $0.key, score: Double($0.value)) }
    }
}
