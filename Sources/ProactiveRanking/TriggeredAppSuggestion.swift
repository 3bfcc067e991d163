/// An app (and the item last played in it) that the user tends to open after a trigger.
public struct TriggeredAppSuggestion: Sendable, Hashable, Codable {
    /// The app's identifier.
    public var app: String
    /// The media item last played in the app after this trigger (e.g. a podcast episode).
    public var lastItem: String?
    /// How many of the latest ``outOf`` occurrences of the trigger were followed by this app.
    public var times: Int
    /// How many latest occurrences of the trigger are remembered.
    public var outOf: Int
    /// The recency-weighted share of the trigger's occurrences followed by this app (0…1).
    public var score: Double
    /// Why, e.g. "you usually open Podcasts after connecting headphones — 14 of the last 16 times".
    public var why: String
    /// The trigger the statistics come from: the one asked for, or its general kind (any
    /// Bluetooth device, any place) when that one has no history yet.
    public var trigger: ContextTrigger

    /// Creates a suggestion.
    public init(
        app: String, lastItem: String?, times: Int, outOf: Int, score: Double, why: String,
        trigger: ContextTrigger
    ) {
        self.app = app
        self.lastItem = lastItem
        self.times = times
        self.outOf = outOf
        self.score = score
        self.why = why
        self.trigger = trigger
    }
}
