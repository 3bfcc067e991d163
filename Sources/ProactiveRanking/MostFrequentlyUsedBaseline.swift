/// Baseline: ranks the user's apps by how many times they launched each one.
public struct MostFrequentlyUsedBaseline: NextAppModel, Codable {
    /// Launches per app.
    public private(set) var launchCounts: [String: Int] = [:]

    /// Creates an empty model.
    public init() {}

    /// Counts a launch.
    public mutating func observe(_ launch: AppLaunch) {
        launchCounts[launch.app, default: 0] += 1
    }

    /// Every launched app, scored by its launch count.
    public func scores(in context: NextAppContext) -> [AppScore] {
        launchCounts.map { AppScore(app: $0.key, score: Double($0.value)) }
    }
}
