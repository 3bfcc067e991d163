/// What to delete of an app's data.
public struct DeletionRequest: Sendable, Hashable {
    /// What to delete.
    public enum Target: Sendable, Hashable {
        /// Items by unique identifier.
        case identifiers([String])
        /// Items by domain identifier (subdomains included).
        case domains([String])
        /// Saved activities by persistent identifier.
        case persistentIdentifiers([String])
        /// Interactions by group (conversation) identifier.
        case interactionGroups([String])
        /// Every indexed item.
        case allItems
        /// Every saved activity.
        case allActivities
        /// Everything the app donated: items, activities, pages, interactions, events, now playing.
        case all
    }

    /// The app whose data is deleted.
    public var app: String
    /// What to delete.
    public var target: Target

    /// Creates a request.
    public init(app: String, target: Target) {
        self.app = app
        self.target = target
    }
}

/// What a deletion removed.
public struct DeletionResult: Sendable, Hashable, Codable {
    /// The app.
    public var app: String
    /// How many items, activities, pages and interactions were removed in all.
    public var deleted: Int
}
