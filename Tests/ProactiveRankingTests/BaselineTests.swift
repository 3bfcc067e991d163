import Foundation
import ProactiveRanking
import Testing

/// Launches of `apps`, one minute apart.
func launches(_ apps: [String], from start: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> [AppLaunch]
{
    apps.enumerated().map { AppLaunch(app: $1, at: start.addingTimeInterval(Double($0) * 60)) }
}

func trained<Model: NextAppModel>(_ model: Model, on apps: [String]) -> Model {
    var model = model
    for launch in launches(apps) { model.observe(launch) }
    return model
}

func topApps(_ model: some NextAppModel, foreground: String? = nil, limit: Int = 10) -> [String] {
    model.ranked(
        in: NextAppContext(at: Date(timeIntervalSince1970: 1_800_000_000), foregroundApp: foreground),
        limit: limit
    )
    .map(\.app)
}

@Suite("Baselines")
struct BaselineTests {
    let history = ["A", "B", "A", "C", "A", "B", "D"]

    @Test func mostFrequentlyUsedRanksByCount() {
        #expect(topApps(trained(MostFrequentlyUsedBaseline(), on: history)) == ["A", "B", "C", "D"])
    }

    @Test func mostRecentlyUsedRanksByRecency() {
        #expect(topApps(trained(MostRecentlyUsedBaseline(), on: history)) == ["D", "B", "A", "C"])
    }

    @Test func rankingExcludesTheForegroundApp() {
        #expect(
            topApps(trained(MostRecentlyUsedBaseline(), on: history), foreground: "D") == ["B", "A", "C"])
    }

    @Test func markovRanksByTransitionsFromThePreviousApp() {
        // After A: B twice, C once; D never followed A and ranks by count below them.
        let model = trained(MarkovBaseline(), on: ["A", "B", "A", "C", "A", "B", "D", "A"])
        #expect(topApps(model) == ["B", "C", "A", "D"])
    }

    @Test func frecencyHalvesEveryHalfLife() {
        let model = trained(FrecencyBaseline(halfLife: 20), on: ["A"] + Array(repeating: "B", count: 20))
        #expect(abs(model.frecency(of: "A") - 0.5) < 1e-12)
        #expect(model.frecency(of: "Z") == 0)
    }

    @Test func frecencyPrefersRecentOverOld() {
        let model = trained(FrecencyBaseline(halfLife: 1), on: ["A", "A", "A", "B", "C", "B"])
        #expect(topApps(model) == ["B", "C", "A"])
    }

    @Test func markovFrecencyAddsTransitionProbabilityAndFrecencyShare() {
        // After X: always Y. Y is rare overall, but the transition outweighs the frecency share.
        var apps = Array(repeating: "Z", count: 1)
        for _ in 0..<5 { apps += ["X", "Y", "Z", "W"] }
        apps.append("X")
        let model = trained(MarkovFrecencyBaseline(halfLife: 20), on: apps)
        #expect(topApps(model, foreground: "X").first == "Y")
    }

    @Test func globalPopularityCountsEveryone() {
        let model = trained(GlobalPopularityBaseline(), on: ["A", "B", "B", "C", "B", "A"])
        #expect(topApps(model) == ["B", "A", "C"])
        #expect(model.launchCounts["B"] == 3)
    }
}
