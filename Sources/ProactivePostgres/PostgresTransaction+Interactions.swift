import Foundation
import PostgresNIO
import ProactiveStorage

extension StoredInteraction {
    /// The columns ``init(reader:)`` reads, in order.
    static let postgresColumns = "id, app, at, kind, direction, identifier, group_identifier, payload"

    init(reader r: inout RowReader) throws {
        self.init(
            id: try r.next(), app: try r.next(), at: try r.date(), kind: try r.next(),
            direction: try r.next(),
            identifier: try r.next(), groupIdentifier: try r.next(), payload: try r.next())
    }
}

extension PostgresTransaction {
    func insertInteraction(_ interaction: InteractionDraft) throws -> Int64 {
        let doing = "storing an interaction"
        let id = try firstRow(
            write(
                """
                INSERT INTO interaction (user_id, app, at, direction, kind, outcome, identifier, group_identifier,
                  payload)
                VALUES (\(userID), \(interaction.app), \(interaction.at.timeIntervalSince1970),
                  \(interaction.direction), \(interaction.kind), \(interaction.outcome), \(interaction.identifier),
                  \(interaction.groupIdentifier), \(interaction.payload))
                RETURNING id
                """, doing), doing
        ) { try $0.next(Int64.self) }
        guard let id else {
            throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)")
        }
        for person in interaction.people {
            try write(
                """
                INSERT INTO interaction_person (user_id, interaction_id, person_key, display_name)
                VALUES (\(userID), \(id), \(person.key), \(person.displayName))
                """, doing)
        }
        return id
    }

    func deleteInteractions(app: String, groupIdentifiers: [String]) throws -> Int {
        guard !groupIdentifiers.isEmpty else { return 0 }
        return try deleteInteractions(
            """
            DELETE FROM interaction WHERE user_id = \(userID) AND app = \(app)
              AND group_identifier = ANY(\(groupIdentifiers))
            """)
    }

    func deleteInteractions(app: String, identifiers: [String]) throws -> Int {
        guard !identifiers.isEmpty else { return 0 }
        return try deleteInteractions(
            """
            DELETE FROM interaction WHERE user_id = \(userID) AND app = \(app) AND identifier = ANY(\(identifiers))
            """)
    }

    func deleteAllInteractions(app: String) throws -> Int {
        try deleteInteractions("DELETE FROM interaction WHERE user_id = \(userID) AND app = \(app)")
    }

    /// Runs a deletion of interactions (their people go by foreign key) and counts it as a
    /// deletion of the context log when it deleted any.
    private func deleteInteractions(_ query: PostgresQuery) throws(StorageError) -> Int {
        let count = try write(query, "deleting interactions").metadata.rows ?? 0
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    func interactions(personKey: String, app: String?, limit: Int) throws -> [StoredInteraction] {
        let doing = "reading interactions"
        // Ties of `at` (left to SQLite's choice by the SQLite store) go newest identifier first.
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredInteraction.postgresColumns) FROM interaction i
                WHERE i.user_id = \(userID) AND (\(app)::text IS NULL OR i.app = \(app))
                  AND EXISTS (SELECT 1 FROM interaction_person p WHERE p.user_id = \(userID)
                              AND p.interaction_id = i.id AND p.person_key = \(personKey))
                ORDER BY i.at DESC, i.id DESC LIMIT \(limit)
                """, doing), doing, StoredInteraction.init(reader:))
    }

    func interactions(from start: Date, to end: Date, limit: Int) throws -> [StoredInteraction] {
        let doing = "reading interactions"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredInteraction.postgresColumns) FROM interaction
                WHERE user_id = \(userID) AND at >= \(start.timeIntervalSince1970) AND at <= \(end.timeIntervalSince1970)
                ORDER BY at, id LIMIT \(limit)
                """, doing), doing, StoredInteraction.init(reader:))
    }

    func interactions(afterID id: Int64, limit: Int) throws -> [StoredInteraction] {
        let doing = "reading interactions"
        return try rows(
            fetch(.interactionsAfter(id: id, limit: limit), doing), doing, StoredInteraction.init(reader:))
    }

    func lastInteractionID() throws -> Int64 {
        try scalar(
            "SELECT coalesce(max(id), 0) FROM interaction WHERE user_id = \(userID)", "reading interactions",
            as: Int64.self) ?? 0
    }

    func interactions(app: String, limit: Int) throws -> [StoredInteraction] {
        let doing = "reading interactions"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredInteraction.postgresColumns) FROM interaction
                WHERE user_id = \(userID) AND app = \(app) ORDER BY at DESC, id DESC LIMIT \(limit)
                """, doing), doing, StoredInteraction.init(reader:))
    }

    func recentPeople(limit: Int) throws -> [InteractionPerson] {
        let doing = "reading people"
        // `max` of text in byte order, like SQLite's (whatever the database's collation).
        return try rows(
            read(
                """
                SELECT p.person_key, max(p.display_name COLLATE "C"), max(i.at) AS last
                FROM interaction_person p
                JOIN interaction i ON i.user_id = p.user_id AND i.id = p.interaction_id
                WHERE p.user_id = \(userID)
                GROUP BY p.person_key ORDER BY last DESC LIMIT \(limit)
                """, doing), doing
        ) { InteractionPerson(key: try $0.next(), displayName: try $0.next()) }
    }

    func interactionCount(app: String) throws -> Int {
        try scalar(
            "SELECT count(*) FROM interaction WHERE user_id = \(userID) AND app = \(app)",
            "counting interactions",
            as: Int.self) ?? 0
    }

    func appsWithData() throws -> [String] {
        let doing = "reading apps with data"
        return try rows(
            read(
                """
                SELECT app FROM (
                  SELECT app FROM entry WHERE user_id = \(userID)
                  UNION SELECT app FROM interaction WHERE user_id = \(userID)
                  UNION SELECT app FROM event WHERE user_id = \(userID) AND app IS NOT NULL
                ) AS apps ORDER BY app COLLATE "C"
                """, doing), doing
        ) { try $0.next(String.self) }
    }
}
