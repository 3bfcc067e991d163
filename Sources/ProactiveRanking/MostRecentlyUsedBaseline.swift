/// Baseline: ranks the user's apps by how recently they launched each one.
public struct MostRecentlyUsedBaseline: NextAppModel, Codable {
    /// The position of each app's latest launch in the user's sequence of launches.
    public private(set) var lastLaunchIndex: [String: Int] = [:]
    /// How many launches were observed.
    public private(set) var launchCount = 0

    /// Creates an empty model.
    public init() {}

    /// Remembers the launch as the app's latest.
    public mutating func observe(_ launch: AppLaunch) {
        launchCount += 1
        lastLaunchIndex[launch.app] = launchCount
    }

    /// Every launched app, the latest launched scored highest.
    public func scores(in context: NextAppContext) -> [AppScore] {
        lastLaunchIndex.map { AppScore(app: $0.key, score: Double($0.value)) }
    }
}
