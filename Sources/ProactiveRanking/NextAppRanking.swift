/// The answer of ``NextAppPredictor/predictions(in:limit:)``: the predicted apps, best first,
/// and what the predictor needs to learn from the outcome.
public struct NextAppRanking: Sendable, Hashable, Codable {
    /// The predicted apps, best first, each with its probability and why.
    public var predictions: [AppPrediction]
    /// The context the prediction was made in.
    public var context: NextAppContext
    /// The predictor's launch count when it predicted: learning from the outcome only happens
    /// if no launch was observed in between.
    var launchCount: Int
    /// The expected value of each signal's feature under the predicted distribution.
    var expectedFeatures: [Double]
}
