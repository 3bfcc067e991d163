import Foundation
import Proactive
import ProactiveModel

/// What the inspector page shows: each app's donations with their receipts and eligibility,
/// the context, and every surface as the user would see it, each suggestion with its "why".
struct InspectorState: Sendable, Encodable {
    /// One app and what it donated.
    struct AppState: Sendable, Encodable {
        var bundleIdentifier: String
        var name: String
        /// Whether the app declared itself (activity types, directions modes).
        var declared: Bool
        var activityTypes: [String]
        var directionsModes: [String]
        /// Its latest activities, items and pages, newest first.
        var entries: [AppExport.Entry]
        /// Its latest receipts (accepted, merged, rejected) since the daemon started.
        var receipts: [DonationReceipt]
        /// How many interactions (messages, calls) it donated that are kept.
        var interactionCount: Int
        /// How many events concern it (launches, now-playing reports).
        var eventCount: Int
        /// Its open reminders.
        var reminderCount: Int
    }

    /// A surface's suggestions.
    struct SurfaceState: Sendable, Encodable {
        var surface: String
        /// What the surface was asked (e.g. the person of the contact card).
        var request: [String: String]
        var suggestions: [Suggestion]
        /// Why nothing could be asked, if so.
        var note: String?
    }

    var at: Date
    var apps: [AppState]
    var context: ContextSummary
    var surfaces: [SurfaceState]
}
