import Foundation

/// A reminder the user asked the assistant for ("remind me about this when I get home"),
/// linking back to what was on screen.
public struct Reminder: Sendable, Hashable, Codable {
    /// When a reminder is due.
    public struct Trigger: Sendable, Hashable, Codable {
        /// The kinds of trigger.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// On arriving at a place (`home`, `work`).
            case arrival
            /// On leaving where the device is.
            case departure
            /// At a moment.
            case time
        }

        /// The kind.
        public var type: Kind
        /// The place, for `arrival`.
        public var place: String?
        /// The moment, for `time`.
        public var at: Date?

        /// Creates a trigger.
        public init(type: Kind, place: String? = nil, at: Date? = nil) {
            self.type = type
            self.place = place
            self.at = at
        }
    }

    /// Its reference (`reminder/3`).
    public var id: String
    /// What to be reminded of (the title of what was on screen).
    public var title: String
    /// When it is due.
    public var trigger: Trigger
    /// The activity it links back to (`activity/12`), which its app can restore.
    public var activity: String
    /// The app of that activity.
    public var app: String
    /// When it was asked for.
    public var createdAt: Date
    /// When it became due, once it has.
    public var dueSince: Date?

    /// Creates a reminder.
    public init(
        id: String, title: String, trigger: Trigger, activity: String, app: String, createdAt: Date,
        dueSince: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.trigger = trigger
        self.activity = activity
        self.app = app
        self.createdAt = createdAt
        self.dueSince = dueSince
    }
}
