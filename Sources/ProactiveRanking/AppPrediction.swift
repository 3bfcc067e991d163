/// An app predicted to be opened next, with its probability and why it was predicted.
public struct AppPrediction: Sendable, Hashable, Codable {
    /// The app's identifier.
    public var app: String
    /// The predicted probability that it is the next app, among the candidates (0…1).
    public var score: Double
    /// Human-readable reasons, most important first, e.g.
    /// "you usually open Podcasts after connecting headphones — 14 of the last 16 times".
    public var why: [String]

    /// Creates a prediction.
    public init(app: String, score: Double, why: [String]) {
        self.app = app
        self.score = score
        self.why = why
    }
}
