import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Stores an interaction and the people it involved (by normalised key).
    @discardableResult
    public func insertInteraction(_ interaction: InteractionDraft) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO interaction (userId, app, at, direction, kind, outcome, identifier, groupIdentifier, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                userID, interaction.app, interaction.at.timeIntervalSince1970, interaction.direction,
                interaction.kind, interaction.outcome, interaction.identifier, interaction.groupIdentifier,
                interaction.payload,
            ])
        let id = db.lastInsertedRowID
        for person in interaction.people {
            try db.execute(
                sql: """
                    INSERT INTO interaction_person (userId, interactionId, personKey, displayName) VALUES (?, ?, ?, ?)
                    """,
                arguments: [userID, id, person.key, person.displayName])
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
        let statement = try db.cachedStatement(
            sql: "DELETE FROM interaction WHERE userId = ? AND app = ? AND \(column) = ?")
        for value in values {
            try statement.execute(arguments: [userID, app, value])
            total += db.changesCount
        }
        if total > 0 { try noteContextLogDeletion() }
        return total
    }

    /// Deletes all of an app's interactions; returns how many.
    @discardableResult
    public func deleteAllInteractions(app: String) throws -> Int {
        try db.execute(sql: "DELETE FROM interaction WHERE userId = ? AND app = ?", arguments: [userID, app])
        let count = db.changesCount
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    /// Interactions involving a person (by normalised key), newest first, optionally one app's.
    public func interactions(personKey: String, app: String?, limit: Int) throws
        -> [StoredInteraction]
    {
        try rows(
            """
            SELECT i.id, i.app, i.at, i.kind, i.direction, i.identifier, i.groupIdentifier, i.payload
            FROM interaction i JOIN interaction_person p ON p.interactionId = i.id
            WHERE p.userId = ? AND p.personKey = ? AND (? IS NULL OR i.app = ?)
            GROUP BY i.id ORDER BY i.at DESC LIMIT ?
            """,
            [userID, personKey, app, app, limit], StoredInteraction.init(row:))
    }

    /// Every interaction in a time range, oldest first.
    public func interactions(from start: Date, to end: Date, limit: Int) throws
        -> [StoredInteraction]
    {
        try rows(
            """
            SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
            FROM interaction WHERE userId = ? AND at >= ? AND at <= ? ORDER BY at, id LIMIT ?
            """,
            [userID, start.timeIntervalSince1970, end.timeIntervalSince1970, limit],
            StoredInteraction.init(row:))
    }

    /// Interactions added after a row identifier, in insertion order (a range of the user's
    /// newest rows, as ``events(afterID:limit:)`` reads them).
    public func interactions(afterID id: Int64, limit: Int) throws -> [StoredInteraction] {
        try rows(
            """
            SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
            FROM interaction INDEXED BY interaction_user WHERE userId = ? AND id > ? ORDER BY id LIMIT ?
            """,
            [userID, id, limit], StoredInteraction.init(row:))
    }

    /// The identifier of the last interaction added (0 when there is none).
    public func lastInteractionID() throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT max(id) FROM interaction WHERE userId = ?"), arguments: [userID])
            ?? 0
    }

    /// An app's interactions, newest first.
    public func interactions(app: String, limit: Int) throws -> [StoredInteraction] {
        try rows(
            """
            SELECT id, app, at, kind, direction, identifier, groupIdentifier, payload
            FROM interaction WHERE userId = ? AND app = ? ORDER BY at DESC LIMIT ?
            """,
            [userID, app, limit], StoredInteraction.init(row:))
    }
}

extension StoredInteraction {
    init(row: some ColumnValues) {
        self.init(
            id: row[0], app: row[1], at: Date(timeIntervalSince1970: row[2]), kind: row[3], direction: row[4],
            identifier: row[5], groupIdentifier: row[6], payload: row[7])
    }
}

extension SQLiteTransaction {
    /// The people of the latest interactions (normalised key and display name), most recent
    /// first, each once.
    public func recentPeople(limit: Int) throws -> [InteractionPerson] {
        try rows(
            """
            SELECT p.personKey, max(p.displayName), max(i.at) AS last
            FROM interaction_person p JOIN interaction i ON i.id = p.interactionId
            WHERE p.userId = ? GROUP BY p.personKey ORDER BY last DESC LIMIT ?
            """,
            [userID, limit]
        ) { InteractionPerson(key: $0[0], displayName: $0[1]) }
    }

    /// The apps that donated anything still stored: entries, interactions or app events.
    public func appsWithData() throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM name WHERE id IN (SELECT DISTINCT appKey FROM entry WHERE userKey = ?2)
                UNION SELECT app FROM interaction WHERE userId = ?1
                UNION SELECT app FROM event WHERE userId = ?1 AND app IS NOT NULL ORDER BY 1
                """, arguments: [userID, userKey()])
    }
}

extension SQLiteTransaction {
    /// How many interactions of an app are kept.
    public func interactionCount(app: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM interaction WHERE userId = ? AND app = ?",
            arguments: [userID, app]) ?? 0
    }

    /// How many events concern an app.
    public func eventCount(app: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM event WHERE userId = ? AND app = ?", arguments: [userID, app]) ?? 0
    }
}
