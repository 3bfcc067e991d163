import Foundation

/// Baseline: frecency, a launch count in which each launch's weight halves every `halfLife`
/// launches, so apps used often and lately rank first.
public struct FrecencyBaseline: NextAppModel, Codable {
    /// The half-life, in launches (20 in the README's figures).
    public let halfLife: Double
    /// Each app's weight at its latest launch and the position of that launch.
    private var weights: [String: Weight] = [:]
    /// How many launches were observed.
    public private(set) var launchCount = 0

    private struct Weight: Codable, Sendable {
        var value: Double
        var index: Int
    }

    /// Creates an empty model whose launches' weight halves every `halfLife` launches.
    public init(halfLife: Double = 20) {
        self.halfLife = halfLife
    }

    /// Adds the launch with weight 1, after decaying the app's earlier weight.
    public mutating func observe(_ launch: AppLaunch) {
        launchCount += 1
        weights[launch.app] = Weight(value: frecency(of: launch.app) + 1, index: launchCount)
    }

    /// The app's frecency now (0 for an app never launched).
    public func frecency(of app: String) -> Double {
        guard let weight = weights[app] else { return 0 }
        return weight.value * exp2(-Double(launchCount - weight.index) / halfLife)
    }

    /// Every launched app, scored by its frecency.
    public func scores(in context: NextAppContext) -> [AppScore] {
        weights.keys.map { AppScore(app: $0, score: frecency(of: $0)) }
    }
}
