/// What a surface should show: one suggestion, with what to do and why.
public struct Suggestion: Sendable, Hashable, Codable {
    /// What is suggested.
    public enum Kind: String, Sendable, Hashable, Codable {
        case place, app, activity, media, person, communicationApp, reminder, text, handoff
    }

    /// What tapping it does.
    public struct Action: Sendable, Hashable, Codable {
        /// The kind of action.
        public enum ActionType: String, Sendable, Hashable, Codable {
            case open, `continue`, directions, ride, call, message, play, insertText, remind
        }
        /// The kind of action.
        public var type: ActionType
        /// The app that performs it.
        public var app: String?
        /// A URL for it (a directions request, a web page…).
        public var url: String?

        /// Creates an action.
        public init(type: ActionType, app: String? = nil, url: String? = nil) {
            self.type = type
            self.app = app
            self.url = url
        }
    }

    /// Where the suggestion comes from.
    public struct Source: Sendable, Hashable, Codable {
        /// The app whose donations it comes from.
        public var app: String?
        /// The activity type, when it comes from an activity.
        public var activityType: String?
        /// The web page, when it comes from a page.
        public var url: String?

        /// Creates a source.
        public init(app: String? = nil, activityType: String? = nil, url: String? = nil) {
            self.app = app
            self.activityType = activityType
            self.url = url
        }
    }

    /// A stable identifier, usable in `suggestionEngaged` / `suggestionDismissed` events.
    public var id: String
    /// The surface it is for.
    public var surface: Surface
    /// What is suggested.
    public var kind: Kind
    /// The first line.
    public var title: String
    /// The second line.
    public var subtitle: String?
    /// What tapping it does.
    public var action: Action
    /// The text to insert, for keyboard suggestions.
    public var insertText: String?
    /// Where it comes from.
    public var source: Source
    /// How strongly it is suggested, from 0 to 1.
    public var score: Double
    /// Why it is suggested, in words.
    public var why: [String]
    /// The place, for place suggestions.
    public var place: Place?

    /// Creates a suggestion.
    public init(
        id: String, surface: Surface, kind: Kind, title: String, subtitle: String? = nil, action: Action,
        insertText: String? = nil, source: Source, score: Double, why: [String], place: Place? = nil
    ) {
        self.id = id
        self.surface = surface
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.action = action
        self.insertText = insertText
        self.source = source
        self.score = score
        self.why = why
        self.place = place
    }

    enum CodingKeys: String, CodingKey {
        case id, surface, kind, title, subtitle, action, insertText, source, score, why, place
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(surface, forKey: .surface)
        try c.encode(kind, forKey: .kind)
        try c.encode(title, forKey: .title)
        try c.encode(subtitle, forKey: .subtitle)
        try c.encode(action, forKey: .action)
        try c.encode(insertText, forKey: .insertText)
        try c.encode(source, forKey: .source)
        try c.encode(score, forKey: .score)
        try c.encode(why, forKey: .why)
        try c.encodeIfPresent(place, forKey: .place)
    }
}
