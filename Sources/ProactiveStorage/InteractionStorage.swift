import Foundation

/// Interactions (messages, calls) and the people in them.
public protocol InteractionStorage {
    /// Stores an interaction with its people; returns its identifier.
    @discardableResult
    func insertInteraction(_ interaction: InteractionDraft) throws -> Int64

    /// Deletes an app's interactions in the given groups (conversations); returns how many.
    @discardableResult
    func deleteInteractions(app: String, groupIdentifiers: [String]) throws -> Int

    /// Deletes an app's interactions with the given identifiers; returns how many.
    @discardableResult
    func deleteInteractions(app: String, identifiers: [String]) throws -> Int

    /// Deletes every interaction of an app; returns how many.
    @discardableResult
    func deleteAllInteractions(app: String) throws -> Int

    /// Interactions with a person (of one app, or any), newest first.
    func interactions(personKey: String, app: String?, limit: Int) throws -> [StoredInteraction]

    /// Interactions between two dates, oldest first.
    func interactions(from start: Date, to end: Date, limit: Int) throws -> [StoredInteraction]

    /// Interactions inserted after the one with identifier `id`, in insertion order.
    func interactions(afterID id: Int64, limit: Int) throws -> [StoredInteraction]

    /// The identifier of the last interaction inserted (0 when none).
    func lastInteractionID() throws -> Int64

    /// An app's interactions, newest first.
    func interactions(app: String, limit: Int) throws -> [StoredInteraction]

    /// The people of the latest interactions, most recent first.
    func recentPeople(limit: Int) throws -> [InteractionPerson]

    /// How many interactions an app donated.
    func interactionCount(app: String) throws -> Int

    /// Every app with entries, interactions or events.
    func appsWithData() throws -> [String]
}

extension InteractionStorage {
    /// Interactions with a person in any app, newest first (at most 1,000).
    public func interactions(personKey: String) throws -> [StoredInteraction] {
        try interactions(personKey: personKey, app: nil, limit: 1000)
    }

    /// Interactions between two dates, oldest first (at most 100,000).
    public func interactions(from start: Date, to end: Date) throws -> [StoredInteraction] {
        try interactions(from: start, to: end, limit: 100_000)
    }

    /// Interactions inserted after the one with identifier `id` (at most 100,000).
    public func interactions(afterID id: Int64) throws -> [StoredInteraction] {
        try interactions(afterID: id, limit: 100_000)
    }

    /// An app's interactions, newest first (at most 1,000).
    public func interactions(app: String) throws -> [StoredInteraction] {
        try interactions(app: app, limit: 1000)
    }
}
