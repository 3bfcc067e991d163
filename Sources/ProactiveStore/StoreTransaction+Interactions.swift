import Foundation
import GRDB

/// An interaction as stored, with the normalised keys of the people it involved.
public struct StoredInteraction: Sendable, Hashable {
    /// The row identifier.
    public var id: Int64
    /// The donating app.
    public var app: String
    /// When it happened.
    public var at: Date
    /// The intent kind ("sendMessage"…).
    public var kind: String
    /// The direction ("outgoing"…).
    public var direction: String
    /// The app's identifier.
    public var identifier: String?
    /// The conversation.
    public var groupIdentifier: String?
    /// The JSON payload.
    public var payload: String
}

extension StoreTransaction {
    /// Stores an interaction and the people it involved (by normalised key).
    @discardableResult
    public func insertInteraction(
        app: String, at date: Date, kind: String, direction: String, outcome: String, identifier: String?,
        groupIdentifier: String?, payload: String, people: [(key: String, displayName: String?)]
    ) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO interaction (app, at, direction, kind, outcome, identifier, groupIdentifier, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                app, date.timeIntervalSince1970, direction, kind, outcome, identifier, groupIdentifier,
                payload,
            ])
        let id = db.lastInsertedRowID
        for person in people {
            try db.execute(
                sql:
                    "INSERT INTO interaction_person (interactionId, personKey, displayName) VALUES (?, ?, ?)",
                arguments: [id, person.key, person.displayName])
        }
        return id
    }

    /// Deletes an app's interactions in the given groups (conversations); returns how many.
    @discardableResult
    public func deleteInteractions(app: String, groupIdentifiers: [String]) throws -> Int {
        try deleteInteractions(app: app, column: "groupIdentifier", values: groupIdentifiers)
    }

    /// Deletes an app's interactions by identifier; returns how many.
    @discardableResult
    public func deleteInteractions(app: String, identifiers: [String]) throws -> Int {
        try deleteInteractions(app: app, column: "identifier", values: identifiers)
    }

    private func deleteInteractions(app: String, column: String, values: [String]) throws -> Int {
        var total = 0
        let statement = try db.cachedStatement(sql: "DELETE FROM interaction WHERE app = ? AND \(column) = ?")
        for value in values {
            try statement.execute(arguments: [app, value])
            total += db.changesCount
        }
        if total > 0 { try noteContextLogDeletion() }
        return total
    }

    /// Deletes all of an app's interactions; returns how many.
    @discardableResult
    public func deleteAllInteractions(app: String) throws -> Int {
        try db.execute(sql: "DELETE FROM interaction WHERE app = ?", arguments: [app])
        let count = db.changesCount
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    /// Interactions involving a person (by normalised key), newest first, optionally one app's.
    public func interactions(personKey: String, app: String? = nil, limit: Int = 1000) throws
        -> [StoredInteraction]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT i.id, i.app, i.at, i.kind, i.direction, i.identifier, i.groupIdentifier, i.payload
                FROM interaction i JOIN interaction_person p ON p.interactionId = i.id
                WHERE p.personKey = ? AND (? IS NULL OR i.app = ?)
                GROUP BY i.id ORDER BY i.at DESC LIMIT ?
                """,
            arguments: [personKey, app, app, limit]
        ).map(StoredInteraction.init(row:))
    }

    /// The kind of the last interaction with a person (by normalised key) in each app.
    public func lastInteractionKinds(personKey: String) throws -> [String: String] {
        // SQLite takes the bare column `kind` from the row holding max(at).
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT i.app, i.kind, max(i.at)
                FROM interaction i JOIN interaction_person p ON p.interactionId = i.id
                WHERE p.personKey = ? GROUP BY i.app
                """,
            arguments: [personKey])
        return Dictionary(rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every interaction in a time range, oldest first.
    public func interactions(from start: Date, to end: Date, limit: Int = 100_000) throws
        -> [StoredInteraction]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
                FROM interaction WHERE at >= ? AND at <= ? ORDER BY at, id LIMIT ?
                """,
            arguments: [start.timeIntervalSince1970, end.timeIntervalSince1970, limit]
        ).map(StoredInteraction.init(row:))
    }

    /// Interactions added after a row identifier, in insertion order.
    public func interactions(afterID id: Int64, limit: Int = 100_000) throws -> [StoredInteraction] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
                FROM interaction WHERE id > ? ORDER BY id LIMIT ?
                """,
            arguments: [id, limit]
        ).map(StoredInteraction.init(row:))
    }

    /// The identifier of the last interaction added (0 when there is none).
    public func lastInteractionID() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(id) FROM interaction") ?? 0
    }

    /// An app's interactions, newest first.
    public func interactions(app: String, limit: Int = 1000) throws -> [StoredInteraction] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
                FROM interaction WHERE app = ? ORDER BY at DESC LIMIT ?
                """,
            arguments: [app, limit]
        ).map(StoredInteraction.init(row:))
    }
}

extension StoredInteraction {
    init(row: Row) {
        id = row[0]
        app = row[1]
        at = Date(timeIntervalSince1970: row[2])
        kind = row[3]
        direction = row[4]
        identifier = row[5]
        groupIdentifier = row[6]
        payload = row[7]
    }
}

extension StoreTransaction {
    /// The people of the latest interactions (normalised key and display name), most recent
    /// first, each once.
    public func recentPeople(limit: Int) throws -> [(key: String, displayName: String?)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT p.personKey, max(p.displayName), max(i.at) AS last
                FROM interaction_person p JOIN interaction i ON i.id = p.interactionId
                GROUP BY p.personKey ORDER BY last DESC LIMIT ?
                """,
            arguments: [limit]
        ).map { ($0[0], $0[1]) }
    }

    /// The apps that donated anything still stored: entries, interactions or app events.
    public func appsWithData() throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT app FROM entry UNION SELECT app FROM interaction
                UNION SELECT app FROM event WHERE app IS NOT NULL ORDER BY 1
                """)
    }
}

extension StoreTransaction {
    /// How many interactions of an app are kept.
    public func interactionCount(app: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM interaction WHERE app = ?", arguments: [app]) ?? 0
    }

    /// How many events concern an app.
    public func eventCount(app: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM event WHERE app = ?", arguments: [app]) ?? 0
    }
}
