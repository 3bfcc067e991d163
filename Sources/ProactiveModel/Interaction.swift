import Foundation

/// A communication between the user and people, like SiriKit's `INInteraction`.
public struct Interaction: Sendable, Hashable, Codable {
    /// Whether the user started the communication or received it.
    public enum Direction: String, Sendable, Hashable, Codable { case outgoing, incoming, unspecified }
    /// How the communication ended.
    public enum Outcome: String, Sendable, Hashable, Codable {
        case success, failure, inProgress, unspecified
    }

    /// The direction; `unspecified` by default.
    public var direction: Direction
    /// What was done.
    public var intent: Intent
    /// How it ended; `success` by default.
    public var outcome: Outcome
    /// The app's identifier for the interaction.
    public var identifier: String?
    /// A group (a conversation) for deleting by group.
    public var groupIdentifier: String?

    /// Creates an interaction.
    public init(
        intent: Intent, direction: Direction = .unspecified, outcome: Outcome = .success,
        identifier: String? = nil, groupIdentifier: String? = nil
    ) {
        self.intent = intent
        self.direction = direction
        self.outcome = outcome
        self.identifier = identifier
        self.groupIdentifier = groupIdentifier
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case direction, intent, outcome, identifier, groupIdentifier
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        direction = try c.decodeIfPresent(Direction.self, forKey: .direction) ?? .unspecified
        intent = try c.decode(Intent.self, forKey: .intent)
        outcome = try c.decodeIfPresent(Outcome.self, forKey: .outcome) ?? .success
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        groupIdentifier = try c.decodeIfPresent(String.self, forKey: .groupIdentifier)
    }

    /// Everyone the interaction involved besides the user.
    public var people: [Person] { intent.recipients + (intent.sender.map { [$0] } ?? []) }
}

/// What an interaction did, like `INSendMessageIntent` or `INStartAudioCallIntent`.
public struct Intent: Sendable, Hashable, Codable {
    /// The kind of intent.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case sendMessage, startAudioCall, startVideoCall, searchForMessages, setMessageAttribute
    }
    /// The kind.
    public var kind: Kind
    /// The service used ("MonkeyChat").
    public var serviceName: String?
    /// The message text, for messages. Kept on the device; never shown in errors or logs.
    public var content: String?
    /// The people the message or call went to.
    public var recipients: [Person]
    /// The person who sent it, for incoming communications.
    public var sender: Person?

    /// Creates an intent.
    public init(
        kind: Kind, recipients: [Person] = [], sender: Person? = nil, serviceName: String? = nil,
        content: String? = nil
    ) {
        self.kind = kind
        self.recipients = recipients
        self.sender = sender
        self.serviceName = serviceName
        self.content = content
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, serviceName, content, recipients, sender }

    public init(from decoder: any Decoder) throws {
        try DocumentFields.rejectUnknown(in: decoder, keys: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        serviceName = try c.decodeIfPresent(String.self, forKey: .serviceName)
        content = try c.decodeIfPresent(String.self, forKey: .content)
        recipients = try c.decodeIfPresent([Person].self, forKey: .recipients) ?? []
        sender = try c.decodeIfPresent(Person.self, forKey: .sender)
    }
}

/// A person in an interaction, like `INPerson`.
public struct Person: Sendable, Hashable, Codable {
    /// The kind of handle.
    public enum HandleType: String, Sendable, Hashable, Codable { case phoneNumber, emailAddress, unknown }
    /// The name to show.
    public var displayName: String?
    /// How the person is reached (a phone number, an email address…).
    public var handle: String
    /// What ``handle`` is; `unknown` by default.
    public var handleType: HandleType

    /// Creates a person.
    public init(handle: String, handleType: HandleType = .unknown, displayName: String? = nil) {
        self.handle = handle
        self.handleType = handleType
        self.displayName = displayName
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case displayName, handle, handleType }

    public init(from decoder: any Decoder) throws {
        try DocumentFields.rejectUnknown(in: decoder, keys: CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName)
        handle = try c.decode(String.self, forKey: .handle)
        handleType = try c.decodeIfPresent(HandleType.self, forKey: .handleType) ?? .unknown
    }
}
