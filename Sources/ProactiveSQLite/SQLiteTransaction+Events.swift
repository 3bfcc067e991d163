import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Appends a context event to the event log.
    @discardableResult
    public func insertEvent(at date: Date, kind: String, app: String?, payload: String) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO event (userId, at, kind, app, payload) VALUES (?, ?, ?, ?, ?)",
            arguments: [userID, date.timeIntervalSince1970, kind, app, payload])
        return db.lastInsertedRowID
    }

    /// Events in a time range, oldest first (or newest first).
    public func events(from start: Date, to end: Date, newestFirst: Bool, limit: Int)
        throws
        -> [StoredEvent]
    {
        let order = newestFirst ? "at DESC, id DESC" : "at, id"
        return try rows(
            "SELECT id, at, kind, app, payload FROM event WHERE userId = ? AND at >= ? AND at <= ? ORDER BY \(order) LIMIT ?",
            [userID, start.timeIntervalSince1970, end.timeIntervalSince1970, limit], StoredEvent.init(row:))
    }

    /// Deletes events older than a date (the event log's retention); returns how many.
    @discardableResult
    public func deleteEvents(before date: Date) throws -> Int {
        try db.execute(
            sql: "DELETE FROM event WHERE userId = ? AND at < ?",
            arguments: [userID, date.timeIntervalSince1970])
        return db.changesCount
    }

    /// Deletes the events concerning an app; returns how many.
    @discardableResult
    public func deleteEvents(app: String) throws -> Int {
        try db.execute(sql: "DELETE FROM event WHERE userId = ? AND app = ?", arguments: [userID, app])
        let count = db.changesCount
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    /// Events added after a row identifier, in insertion order.
    ///
    /// Surfaces catch up on what was added since their last request, usually nothing: the
    /// index on the user alone (`event_user`, which ends with the row identifier) makes it a
    /// range of the user's newest rows; the user's other indexes would visit every event the
    /// user has and sort them first.
    public func events(afterID id: Int64, limit: Int) throws -> [StoredEvent] {
        try rows(
            """
            SELECT id, at, kind, app, payload FROM event INDEXED BY event_user
            WHERE userId = ? AND id > ? ORDER BY id LIMIT ?
            """,
            [userID, id, limit], StoredEvent.init(row:))
    }

    /// The identifier of the last event added (0 when there is none).
    public func lastEventID() throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT max(id) FROM event WHERE userId = ?"), arguments: [userID])
            ?? 0
    }

    /// How many times events or interactions were deleted other than by age (by an app's
    /// deletion request). Learned context kept in memory is relearned when it changes.
    public func contextLogDeletions() throws -> Int64 {
        // Asked by every context surface: a statement prepared once per connection.
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT count FROM contextLogDeletion WHERE id = 1")) ?? 0
    }

    func noteContextLogDeletion() throws {
        try db.execute(sql: "UPDATE contextLogDeletion SET count = count + 1 WHERE id = 1")
    }

    /// Replaces an app's now-playing information.
    public func saveNowPlaying(app: String, at date: Date, state: String, payload: String) throws {
        try db.execute(
            sql: """
                INSERT INTO nowPlaying (userId, app, at, state, payload) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (userId, app) DO UPDATE SET at = excluded.at, state = excluded.state,
                  payload = excluded.payload
                """,
            arguments: [userID, app, date.timeIntervalSince1970, state, payload])
    }

    /// Now-playing information of every app, most recent first.
    public func nowPlaying() throws -> [StoredNowPlaying] {
        try rows(
            "SELECT app, at, state, payload FROM nowPlaying WHERE userId = ? ORDER BY at DESC",
            [userID]
        ) {
            StoredNowPlaying(
                app: $0[0], at: Date(timeIntervalSince1970: $0[1]), state: $0[2], payload: $0[3])
        }
    }

    /// Deletes an app's now-playing information.
    public func deleteNowPlaying(app: String) throws {
        try db.execute(sql: "DELETE FROM nowPlaying WHERE userId = ? AND app = ?", arguments: [userID, app])
    }
}

extension SQLiteTransaction {
    /// The latest `limit` events concerning an app, oldest first.
    public func events(app: String, limit: Int) throws -> [StoredEvent] {
        try rows(
            """
            SELECT id, at, kind, app, payload FROM event WHERE userId = ? AND app = ?
            ORDER BY at DESC, id DESC LIMIT ?
            """,
            [userID, app, limit], StoredEvent.init(row:)
        ).reversed()
    }
}

extension StoredEvent {
    init(row: some ColumnValues) {
        self.init(
            id: row[0], at: Date(timeIntervalSince1970: row[1]), kind: row[2], app: row[3], payload: row[4])
    }
}
