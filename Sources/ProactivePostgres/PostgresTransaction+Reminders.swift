import Foundation
import PostgresNIO
import ProactiveStorage

extension PostgresTransaction {
    func insertReminder(_ reminder: StoredReminder) throws -> Int64 {
        let doing = "storing a reminder"
        // The entry must be the user's: the foreign key on (user_id, entry_id) refuses others.
        let id = try firstRow(
            write(
                """
                INSERT INTO reminder (user_id, entry_id, app, title, trigger_type, place, due_at, created_at)
                VALUES (\(userID), \(reminder.entryID), \(reminder.app), \(reminder.title), \(reminder.triggerType),
                  \(reminder.place), \(reminder.dueAt?.timeIntervalSince1970),
                  \(reminder.createdAt.timeIntervalSince1970))
                RETURNING id
                """, doing), doing
        ) { try $0.next(Int64.self) }
        guard let id else {
            throw StorageError(code: .database, message: "PostgreSQL returned no row while \(doing)")
        }
        return id
    }

    func openReminders(now: Date, limit: Int) throws -> [StoredReminder] {
        let doing = "reading reminders"
        return try rows(
            fetch(.openReminders(now: now, limit: limit), doing), doing
        ) { r in
            StoredReminder(
                id: try r.next(), entryID: try r.next(), app: try r.next(), title: try r.next(),
                triggerType: try r.next(), place: try r.next(), dueAt: try r.optionalDate(),
                createdAt: try r.date(), doneAt: try r.optionalDate())
        }
    }

    func completeReminder(id: Int64, at date: Date) throws -> Bool {
        try write(
            """
            UPDATE reminder SET done_at = \(date.timeIntervalSince1970)
            WHERE user_id = \(userID) AND id = \(id) AND done_at IS NULL
            """, "completing a reminder"
        ).metadata.rows ?? 0 > 0
    }
}
