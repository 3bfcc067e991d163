import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Stores a reminder; returns its identifier.
    @discardableResult
    public func insertReminder(_ reminder: StoredReminder) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO reminder (userId, entryId, app, title, triggerType, place, dueAt, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                userID, reminder.entryID, reminder.app, reminder.title, reminder.triggerType, reminder.place,
                reminder.dueAt?.timeIntervalSince1970, reminder.createdAt.timeIntervalSince1970,
            ])
        return db.lastInsertedRowID
    }

    /// The reminders not yet done with, asked for at or before `now`, oldest first.
    public func openReminders(now: Date, limit: Int) throws -> [StoredReminder] {
        try rows(
            """
            SELECT id, entryId, app, title, triggerType, place, dueAt, createdAt, doneAt FROM reminder
            WHERE userId = ? AND doneAt IS NULL AND createdAt <= ? ORDER BY createdAt LIMIT ?
            """,
            [userID, now.timeIntervalSince1970, limit]
        ) {
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
            sql: "UPDATE reminder SET doneAt = ? WHERE id = ? AND userId = ? AND doneAt IS NULL",
            arguments: [date.timeIntervalSince1970, id, userID])
        return db.changesCount > 0
    }
}
