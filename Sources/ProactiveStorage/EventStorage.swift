import Foundation

/// System events (context signals) and what each app is playing.
public protocol EventStorage {
    /// Stores an event; returns its identifier.
    @discardableResult
    func insertEvent(at date: Date, kind: String, app: String?, payload: String) throws -> Int64

    /// Events between two dates, oldest (or newest) first.
    func events(from start: Date, to end: Date, newestFirst: Bool, limit: Int) throws -> [StoredEvent]

    /// Deletes events older than a date (the log's ageing; not counted as a deletion).
    @discardableResult
    func deleteEvents(before date: Date) throws -> Int

    /// Deletes an app's events; returns how many.
    @discardableResult
    func deleteEvents(app: String) throws -> Int

    /// Events inserted after the one with identifier `id`, in insertion order.
    func events(afterID id: Int64, limit: Int) throws -> [StoredEvent]

    /// An app's latest events, oldest first.
    func events(app: String, limit: Int) throws -> [StoredEvent]

    /// The identifier of the last event inserted (0 when none).
    func lastEventID() throws -> Int64

    /// How many an app's events there are.
    func eventCount(app: String) throws -> Int

    /// A counter of deletions of events and interactions (not the log's ageing), so that
    /// learned context kept in memory, in this process or another, learns again.
    func contextLogDeletions() throws -> Int64

    /// Stores what an app is playing (one row per app).
    func saveNowPlaying(app: String, at date: Date, state: String, payload: String) throws

    /// What each app is playing, latest first.
    func nowPlaying() throws -> [StoredNowPlaying]

    /// Forgets what an app is playing.
    func deleteNowPlaying(app: String) throws
}

extension EventStorage {
    /// Events between two dates, oldest first (at most 100,000).
    public func events(from start: Date, to end: Date) throws -> [StoredEvent] {
        try events(from: start, to: end, newestFirst: false, limit: 100_000)
    }

    /// Events inserted after the one with identifier `id` (at most 100,000).
    public func events(afterID id: Int64) throws -> [StoredEvent] {
        try events(afterID: id, limit: 100_000)
    }
}
