import Foundation

/// Per-app launch counts in which each launch's weight halves every `halfLife` launches.
///
/// Weights are stored relative to an anchor launch (value × 2^((index − anchor)/halfLife)), so a
/// launch updates one entry and the total in O(1) and reading every app's value needs one
/// multiplication each; when the scale grows large all entries are re-anchored at once, which
/// happens every few hundred half-lives (amortised O(1)).
struct FrecencyCounter: Sendable, Codable {
    /// The half-life in launches.
    let halfLife: Double
    /// Anchored weights, by app number.
    private var anchored: [Double] = []
    /// The launch the weights are anchored at.
    private var anchor = 0
    /// Launches observed.
    private(set) var launchCount = 0
    /// The decayed total of all weights, at `launchCount`.
    private(set) var total = 0.0

    init(halfLife: Double) {
        self.halfLife = halfLife
    }

    /// The factor that turns anchored weights into current ones.
    var scale: Double { exp2(-Double(launchCount - anchor) / halfLife) }

    /// The anchored weight of an app (multiply by ``scale``).
    func anchoredWeight(of app: Int) -> Double { app < anchored.count ? anchored[app] : 0 }

    /// Calls `body` with the anchored weights by app number (shorter than the app count when the
    /// latest apps were never added).
    func withAnchoredWeights<Result>(_ body: (UnsafeBufferPointer<Double>) throws -> Result) rethrows
        -> Result
    {
        try anchored.withUnsafeBufferPointer(body)
    }

    /// The current weight of an app.
    func weight(of app: Int) -> Double { anchoredWeight(of: app) * scale }

    /// Adds a launch of `app` with weight 1.
    mutating func add(_ app: Int) {
        launchCount += 1
        total = total * exp2(-1 / halfLife) + 1
        if app >= anchored.count {
            anchored.append(contentsOf: repeatElement(0, count: app - anchored.count + 1))
        }
        let exponent = Double(launchCount - anchor) / halfLife
        if exponent > 500 {
            let factor = exp2(-exponent)
            for index in anchored.indices { anchored[index] *= factor }
            anchor = launchCount
        }
        anchored[app] += exp2(Double(launchCount - anchor) / halfLife)
    }
}
