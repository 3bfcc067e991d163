import Foundation

/// A read a caller announces before making it (see ``StorageTransaction/prefetch(_:)``): each
/// case names one reading method of the storage protocols and its arguments.
public enum StorageRead: Sendable, Hashable {
    /// ``EventStorage/contextLogDeletions()``.
    case contextLogDeletions
    /// ``EventStorage/events(afterID:limit:)``.
    case eventsAfter(id: Int64, limit: Int)
    /// ``InteractionStorage/interactions(afterID:limit:)``.
    case interactionsAfter(id: Int64, limit: Int)
    /// ``EventStorage/nowPlaying()``.
    case nowPlaying
    /// ``EntryStorage/currentActivities(scope:now:)``.
    case currentActivities(scope: AppScope, now: Date)
    /// ``ReminderStorage/openReminders(now:limit:)``.
    case openReminders(now: Date, limit: Int)
    /// ``PlaceStorage/placeSightings(since:now:limit:includingPlace:)``.
    case placeSightings(since: Date, now: Date, limit: Int, includingPlace: Bool)
    /// ``EntryStorage/entries(ids:scope:now:)``.
    case entries(ids: [Int64], scope: AppScope, now: Date)
    /// ``PublicIndexStorage/publicSearchCandidates(_:app:threshold:limit:)``.
    case publicSearchCandidates(query: FullTextQuery, app: String?, threshold: Int, limit: Int)
}
