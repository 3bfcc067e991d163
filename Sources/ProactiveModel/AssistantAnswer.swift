/// What the assistant resolved a request to, against what is on screen.
public struct AssistantAnswer: Sendable, Hashable, Codable {
    /// The intent: `call`, `directions` or `remind`.
    public var intent: String
    /// The number to dial, in E.164, for `call`.
    public var phoneNumber: String?
    /// What to do, for `directions` (like a suggestion's action).
    public var action: Suggestion.Action?
    /// The place the request is about (for `remind`, when what was on screen is a place).
    public var target: Place?
    /// The reminder created, for `remind`.
    public var reminder: Reminder?
    /// The app whose current activity showed the place.
    public var app: String
    /// Why this place, in words.
    public var why: [String]

    /// Creates an answer.
    public init(
        intent: String, phoneNumber: String? = nil, action: Suggestion.Action? = nil, target: Place?,
        reminder: Reminder? = nil, app: String,
        why: [String]
    ) {
        self.reminder = reminder
        self.intent = intent
        self.phoneNumber = phoneNumber
        self.action = action
        self.target = target
        self.app = app
        self.why = why
    }
}
