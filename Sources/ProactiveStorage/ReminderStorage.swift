import Foundation

/// Reminders asked of the assistant, linked to the entry they are about: deleting or expiring
/// the entry deletes them.
public protocol ReminderStorage {
    /// Stores a reminder; returns its identifier.
    @discardableResult
    func insertReminder(_ reminder: StoredReminder) throws -> Int64

    /// Reminders not yet done and created by `now`, oldest first.
    func openReminders(now: Date, limit: Int) throws -> [StoredReminder]

    /// Marks a reminder done; returns whether it was open.
    @discardableResult
    func completeReminder(id: Int64, at date: Date) throws -> Bool
}

extension ReminderStorage {
    /// Reminders not yet done and created by `now`, oldest first (at most 100).
    public func openReminders(now: Date) throws -> [StoredReminder] {
        try openReminders(now: now, limit: 100)
    }
}
