import Foundation

/// An app the user communicates with a person through, as listed on that person's card.
public struct ContactAppSuggestion: Sendable, Hashable, Codable {
    /// The app's identifier.
    public var app: String
    /// Whether it is the remembered default for this person (listed first).
    public var isDefault: Bool
    /// How many interactions with the person went through this app.
    public var interactions: Int
    /// When the app was last used with the person.
    public var lastUsed: Date
    /// The recency-weighted interaction count that orders non-default apps.
    public var score: Double
    /// Why, e.g. "used with them 5 times, last used 2 days ago" or "you picked it 2 times from their card".
    public var why: String

    /// Creates a suggestion.
    public init(app: String, isDefault: Bool, interactions: Int, lastUsed: Date, score: Double, why: String) {
        self.app = app
        self.isDefault = isDefault
        self.interactions = interactions
        self.lastUsed = lastUsed
        self.score = score
        self.why = why
    }
}
