import Foundation

/// A reminder as stored, linked to the entry (activity) it is about.
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
