import Foundation
import ProactiveModel
import ProactiveStorage

/// What the engine holds for the user, app by app, read in one consistent snapshot: what an
/// inspector shows.
public struct DataOverview: Sendable {
    /// One app's data.
    public struct AppData: Sendable {
        /// The bundle identifier.
        public var bundleIdentifier: String
        /// Its latest entries, interactions and events (at most the limit asked for).
        public var export: AppExport
        /// How many interactions it donated.
        public var interactionCount: Int
        /// How many events concern it.
        public var eventCount: Int
        /// How many reminders about its activities are open.
        public var openReminderCount: Int
    }
    /// When it was read.
    public var at: Date
    /// Every app with data or a declaration (or named by the caller), by bundle identifier.
    public var apps: [AppData]
    /// The key of the person of the latest interaction, if any (`phone:+1…`, `email:…`).
    public var latestPersonKey: String?
}

extension ProactiveEngine {
    /// The user's data app by app, in one read transaction: every declared app, every app with
    /// data, and the apps in `including`, each with its latest `limit` entries, interactions
    /// and events and its counts.
    public func overview(including extraApps: Set<String> = [], now: Date? = nil, limit: Int = 20) throws
        -> DataOverview
    {
        let now = now ?? self.now
        let declared = Set(declaredApps.map(\.bundleIdentifier))
        return try storage.read(user: user) { tx in
            let names = declared.union(try tx.appsWithData()).union(extraApps).sorted()
            let reminders = try tx.openReminders(now: now)
            let apps = try names.map { bundle in
                DataOverview.AppData(
                    bundleIdentifier: bundle, export: try export(app: bundle, now: now, limit: limit, tx),
                    interactionCount: try tx.interactionCount(app: bundle),
                    eventCount: try tx.eventCount(app: bundle),
                    openReminderCount: reminders.filter { $0.app == bundle }.count)
            }
            return DataOverview(
                at: now, apps: apps, latestPersonKey: try tx.recentPeople(limit: 1).first?.key)
        }
    }
}
