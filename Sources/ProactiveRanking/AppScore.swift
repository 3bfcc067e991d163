/// An app with the score a model gives it: higher means more likely to be opened next.
public struct AppScore: Sendable, Hashable, Codable {
    /// The app's identifier.
    public var app: String
    /// The model's score; only its order among the scores of the same call is meaningful.
    public var score: Double

    /// Creates a scored app.
    public init(app: String, score: Double) {
        self.app = app
        self.score = score
    }
}
