extension NextAppPredictor {
    /// One step of stochastic gradient ascent on the log-likelihood of `outcome` under the
    /// softmax of the scores in `ranking`: each signal's weight moves by the learning rate times
    /// (its feature for the app actually opened − its expected feature). Weights stay ≥ 0.
    /// O(signals): the expectation was computed when predicting.
    mutating func learn(from ranking: NextAppRanking, outcome app: String) {
        guard ranking.launchCount == launchCount, configuration.learningRate > 0,
            ranking.expectedFeatures.count == weightVector.count,
            let number = apps.number(of: app), app != ranking.context.foregroundApp
        else { return }
        let frame = frame(for: ranking.context)
        let observed = features(of: number, in: frame)
        for signal in weightVector.indices
        where ranking.expectedFeatures[signal] != 0 || observed[signal] != 0 {
            let step = configuration.learningRate * (observed[signal] - ranking.expectedFeatures[signal])
            weightVector[signal] = max(0, weightVector[signal] + step)
        }
    }
}
