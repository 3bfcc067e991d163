import Foundation
import GRDB

/// A reminder as stored.
public struct StoredReminder: Sendable, Hashable {
    /// The row identifier.
    public var id: Int64
    /// The entry (activity) it links back to.
    public var entryID: Int64
    /// The entry's app.
    public var app: String
    /// What to be reminded of.
    public var title: String
    /// `arrival`, `departure` or `time`.
    public var triggerType: String
    /// The place of an arrival trigger.
    public var place: String?
    /// The moment of a time trigger.
    public var dueAt: Date?
    /// When it was asked for.
    public var createdAt: Date
    /// When it was done with (engaged or dismissed).
    public var doneAt: Date?

    /// Creates a stored reminder (the identifier is assigned when inserted).
    public init(
        id: Int64 = 0, entryID: Int64, app: String, title: String, triggerType: String, place: String?,
        dueAt: Date?, createdAt: Date, doneAt: Date? = nil
    ) {
        self.id = id
        self.entryID = entryID
        self.app = app
        self.title = title
        self.triggerType = triggerType
        self.place = place
        self.dueAt = dueAt
        self.createdAt = createdAt
        self.doneAt = doneAt
    }
}

extension StoreTransaction {
    /// Stores a reminder; returns its identifier.
    @discardableResult
    public func insertReminder(_ reminder: StoredReminder) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO reminder (entryId, app, title, triggerType, place, dueAt, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                reminder.entryID, reminder.app, reminder.title, reminder.triggerType, reminder.place,
                reminder.dueAt?.timeIntervalSince1970, reminder.createdAt.timeIntervalSince1970,
            ])
        return db.lastInsertedRowID
    }

    /// The reminders not yet done with, asked for at or before `now`, oldest first.
    public func openReminders(now: Date, limit: Int = 100) throws -> [StoredReminder] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, entryId, app, title, triggerType, place, dueAt, createdAt, doneAt FROM reminder
                WHERE doneAt IS NULL AND createdAt <= ? ORDER BY createdAt LIMIT ?
                """,
            arguments: [now.timeIntervalSince1970, limit]
        ).map {
            StoredReminder(
                id: $0[0], entryID: $0[1], app: $0[2], title: $0[3], triggerType: $0[4], place: $0[5],
                dueAt: ($0[6] as Double?).map(Date.init(timeIntervalSince1970:)),
                createdAt: Date(timeIntervalSince1970: $0[7]),
                doneAt: ($0[8] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Marks a reminder done (engaged or dismissed); returns whether it existed.
    @discardableResult
    public func completeReminder(id: Int64, at date: Date) throws -> Bool {
        try db.execute(
            sql: "UPDATE reminder SET doneAt = ? WHERE id = ? AND doneAt IS NULL",
            arguments: [date.timeIntervalSince1970, id])
        return db.changesCount > 0
    }
}
