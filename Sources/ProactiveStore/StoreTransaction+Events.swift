import Foundation
import GRDB

/// A context event as stored.
public struct StoredEvent: Sendable, Hashable {
    /// The row identifier.
    public var id: Int64
    /// When it happened.
    public var at: Date
    /// The event kind ("appLaunched"…).
    public var kind: String
    /// The app it concerns, if any.
    public var app: String?
    /// The JSON payload.
    public var payload: String
}

/// Now-playing information as stored.
public struct StoredNowPlaying: Sendable, Hashable {
    /// The media app.
    public var app: String
    /// When it was reported.
    public var at: Date
    /// The playback state.
    public var state: String
    /// The JSON payload.
    public var payload: String
}

extension StoreTransaction {
    /// Appends a context event to the event log.
    @discardableResult
    public func insertEvent(at date: Date, kind: String, app: String?, payload: String) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO event (at, kind, app, payload) VALUES (?, ?, ?, ?)",
            arguments: [date.timeIntervalSince1970, kind, app, payload])
        return db.lastInsertedRowID
    }

    /// Events in a time range, oldest first (or newest first).
    public func events(
        from start: Date = .distantPast, to end: Date = .distantFuture, newestFirst: Bool = false,
        limit: Int = 100_000
    )
        throws
        -> [StoredEvent]
    {
        let order = newestFirst ? "at DESC, id DESC" : "at, id"
        return try Row.fetchAll(
            db,
            sql:
                "SELECT id, at, kind, app, payload FROM event WHERE at >= ? AND at <= ? ORDER BY \(order) LIMIT ?",
            arguments: [start.timeIntervalSince1970, end.timeIntervalSince1970, limit]
        ).map {
            StoredEvent(
                id: $0[0], at: Date(timeIntervalSince1970: $0[1]), kind: $0[2], app: $0[3], payload: $0[4])
        }
    }

    /// Deletes events older than a date (the event log's retention); returns how many.
    @discardableResult
    public func deleteEvents(before date: Date) throws -> Int {
        try db.execute(sql: "DELETE FROM event WHERE at < ?", arguments: [date.timeIntervalSince1970])
        return db.changesCount
    }

    /// Deletes the events concerning an app; returns how many.
    @discardableResult
    public func deleteEvents(app: String) throws -> Int {
        try db.execute(sql: "DELETE FROM event WHERE app = ?", arguments: [app])
        let count = db.changesCount
        if count > 0 { try noteContextLogDeletion() }
        return count
    }

    /// Events added after a row identifier, in insertion order.
    public func events(afterID id: Int64, limit: Int = 100_000) throws -> [StoredEvent] {
        try Row.fetchAll(
            db, sql: "SELECT id, at, kind, app, payload FROM event WHERE id > ? ORDER BY id LIMIT ?",
            arguments: [id, limit]
        ).map {
            StoredEvent(
                id: $0[0], at: Date(timeIntervalSince1970: $0[1]), kind: $0[2], app: $0[3], payload: $0[4])
        }
    }

    /// The identifier of the last event added (0 when there is none).
    public func lastEventID() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(id) FROM event") ?? 0
    }

    /// How many times events or interactions were deleted other than by age (by an app's
    /// deletion request). Learned context kept in memory is relearned when it changes.
    public func contextLogDeletions() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT count FROM contextLogDeletion WHERE id = 1") ?? 0
    }

    func noteContextLogDeletion() throws {
        try db.execute(sql: "UPDATE contextLogDeletion SET count = count + 1 WHERE id = 1")
    }

    /// Replaces an app's now-playing information.
    public func saveNowPlaying(app: String, at date: Date, state: String, payload: String) throws {
        try db.execute(
            sql: """
                INSERT INTO nowPlaying (app, at, state, payload) VALUES (?, ?, ?, ?)
                ON CONFLICT (app) DO UPDATE SET at = excluded.at, state = excluded.state, payload = excluded.payload
                """,
            arguments: [app, date.timeIntervalSince1970, state, payload])
    }

    /// Now-playing information of every app, most recent first.
    public func nowPlaying() throws -> [StoredNowPlaying] {
        try Row.fetchAll(db, sql: "SELECT app, at, state, payload FROM nowPlaying ORDER BY at DESC")
            .map {
                StoredNowPlaying(
                    app: $0[0], at: Date(timeIntervalSince1970: $0[1]), state: $0[2], payload: $0[3])
            }
    }

    /// Deletes an app's now-playing information.
    public func deleteNowPlaying(app: String) throws {
        try db.execute(sql: "DELETE FROM nowPlaying WHERE app = ?", arguments: [app])
    }
}

extension StoreTransaction {
    /// The latest `limit` events concerning an app, oldest first.
    public func events(app: String, limit: Int = 100_000) throws -> [StoredEvent] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT id, at, kind, app, payload FROM event WHERE app = ? ORDER BY at DESC, id DESC LIMIT ?",
            arguments: [app, limit]
        ).reversed().map {
            StoredEvent(
                id: $0[0], at: Date(timeIntervalSince1970: $0[1]), kind: $0[2], app: $0[3], payload: $0[4])
        }
    }
}
