import Foundation
import PostgresNIO
import ProactiveStorage

extension StoredEvent {
    /// The columns ``init(reader:)`` reads, in order.
    static let postgresColumns = "id, at, kind, app, payload"

    init(reader r: inout RowReader) throws {
        self.init(
            id: try r.next(), at: try r.date(), kind: try r.next(), app: try r.next(), payload: try r.next())
    }
}

extension PostgresTransaction {
    func insertEvent(at date: Date, kind: String, app: String?, payload: String) throws -> Int64 {
        let doing = "storing an event"
        let id = try firstRow(
            write(
                """
                INSERT INTO event (user_id, at, kind, app, payload)
                VALUES (\(userID), \(date.timeIntervalSince1970), \(kind), \(app), \(payload))
                RETURNING id
                """, doing), doing
        ) { try $0.next(Int64.self) }
        guard let id else {
            throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)")
        }
        return id
    }

    func events(from start: Date, to end: Date, newestFirst: Bool, limit: Int) throws -> [StoredEvent] {
        let doing = "reading events"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredEvent.postgresColumns) FROM event
                WHERE user_id = \(userID) AND at >= \(start.timeIntervalSince1970) AND at <= \(end.timeIntervalSince1970)
                ORDER BY \(unescaped: newestFirst ? "at DESC, id DESC" : "at, id") LIMIT \(limit)
                """, doing), doing, StoredEvent.init(reader:))
    }

    func deleteEvents(before date: Date) throws -> Int {
        // The log's ageing: not a deletion of the context log. Every donation runs it last: a
        // prepared statement, planned once a connection.
        let doing = "ageing events"
        let pending = try submitPrepared(
            """
            WITH gone AS (DELETE FROM event WHERE user_id = \(userID) AND at < \(date.timeIntervalSince1970) RETURNING 1)
            SELECT count(*) FROM gone
            """, doing)
        let count = try firstRow(session.rows(of: pending), doing) { try $0.next(Int.self) } ?? 0
        if count > 0 { noteChange() }
        return count
    }

    func deleteEvents(app: String) throws -> Int {
        let count =
            try write("DELETE FROM event WHERE user_id = \(userID) AND app = \(app)", "deleting events")
            .metadata.rows ?? 0
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    func events(afterID id: Int64, limit: Int) throws -> [StoredEvent] {
        let doing = "reading events"
        return try rows(fetch(.eventsAfter(id: id, limit: limit), doing), doing, StoredEvent.init(reader:))
    }

    func events(app: String, limit: Int) throws -> [StoredEvent] {
        let doing = "reading events"
        return try rows(
            read(
                """
                SELECT \(unescaped: StoredEvent.postgresColumns) FROM event
                WHERE user_id = \(userID) AND app = \(app) ORDER BY at DESC, id DESC LIMIT \(limit)
                """, doing), doing, StoredEvent.init(reader:)
        ).reversed()
    }

    func lastEventID() throws -> Int64 {
        try scalar(
            "SELECT coalesce(max(id), 0) FROM event WHERE user_id = \(userID)", "reading events",
            as: Int64.self)
            ?? 0
    }

    func eventCount(app: String) throws -> Int {
        try scalar(
            "SELECT count(*) FROM event WHERE user_id = \(userID) AND app = \(app)", "counting events",
            as: Int.self) ?? 0
    }

    func contextLogDeletions() throws -> Int64 {
        let doing = "reading the deletion counter"
        return try firstRow(fetch(.contextLogDeletions, doing), doing) { try $0.next(Int64.self) } ?? 0
    }

    /// Counts one deletion of events or interactions (not the log's ageing).
    func noteContextLogDeletion() throws(StorageError) {
        try write(
            """
            INSERT INTO context_log_deletion (user_id, count) VALUES (\(userID), 1)
            ON CONFLICT (user_id) DO UPDATE SET count = context_log_deletion.count + 1
            """, "counting a deletion")
    }

    func saveNowPlaying(app: String, at date: Date, state: String, payload: String) throws {
        try write(
            """
            INSERT INTO now_playing (user_id, app, at, state, payload)
            VALUES (\(userID), \(app), \(date.timeIntervalSince1970), \(state), \(payload))
            ON CONFLICT (user_id, app) DO UPDATE SET at = excluded.at, state = excluded.state,
              payload = excluded.payload
            """, "storing what is playing")
    }

    func nowPlaying() throws -> [StoredNowPlaying] {
        let doing = "reading what is playing"
        return try rows(fetch(.nowPlaying, doing), doing) {
            StoredNowPlaying(
                app: try $0.next(), at: try $0.date(), state: try $0.next(), payload: try $0.next())
        }
    }

    func deleteNowPlaying(app: String) throws {
        try write(
            "DELETE FROM now_playing WHERE user_id = \(userID) AND app = \(app)", "forgetting what is playing"
        )
    }
}
