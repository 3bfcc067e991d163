import Foundation

/// An interaction (a message, a call…) as stored, without its people.
public struct StoredInteraction: Sendable, Hashable {
    /// The row identifier; larger for later insertions of the same user.
    public var id: Int64
    /// The donating app.
    public var app: String
    /// When it happened.
    public var at: Date
    /// Its kind (the intent).
    public var kind: String
    /// Incoming or outgoing.
    public var direction: String
    /// The interaction's identifier.
    public var identifier: String?
    /// Its group (a conversation).
    public var groupIdentifier: String?
    /// The interaction as JSON.
    public var payload: String

    /// Creates a stored interaction.
    public init(
        id: Int64, app: String, at: Date, kind: String, direction: String, identifier: String?,
        groupIdentifier: String?, payload: String
    ) {
        self.id = id
        self.app = app
        self.at = at
        self.kind = kind
        self.direction = direction
        self.identifier = identifier
        self.groupIdentifier = groupIdentifier
        self.payload = payload
    }
}

/// A person taking part in an interaction: the key that merges the same person across apps,
/// and the name shown.
public struct InteractionPerson: Sendable, Hashable {
    /// The folded key (a phone number, an e-mail address, or a folded name).
    public var key: String
    /// The name to show, if donated.
    public var displayName: String?

    /// Creates a person.
    public init(key: String, displayName: String?) {
        self.key = key
        self.displayName = displayName
    }
}

/// An interaction to store.
public struct InteractionDraft: Sendable, Hashable {
    /// The donating app.
    public var app: String
    /// When it happened.
    public var at: Date
    /// Its kind (the intent).
    public var kind: String
    /// Incoming or outgoing.
    public var direction: String
    /// Success, failure…
    public var outcome: String
    /// The interaction's identifier.
    public var identifier: String?
    /// Its group (a conversation).
    public var groupIdentifier: String?
    /// The interaction as JSON.
    public var payload: String
    /// The people taking part.
    public var people: [InteractionPerson]

    /// Creates a draft.
    public init(
        app: String, at: Date, kind: String, direction: String, outcome: String, identifier: String?,
        groupIdentifier: String?, payload: String, people: [InteractionPerson]
    ) {
        self.app = app
        self.at = at
        self.kind = kind
        self.direction = direction
        self.outcome = outcome
        self.identifier = identifier
        self.groupIdentifier = groupIdentifier
        self.payload = payload
        self.people = people
    }
}
