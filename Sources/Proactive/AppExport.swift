import Foundation
import ProactiveModel

/// Everything the engine holds for one app, as the app donated it: what an app (or the user)
/// gets when asking for its data.
public struct AppExport: Sendable, Hashable, Codable {
    /// One stored activity, item or page with what the engine made of it.
    public struct Entry: Sendable, Hashable, Codable {
        /// Its reference (`activity/12`).
        public var id: String
        /// `activity`, `item` or `page`.
        public var kind: String
        /// When it was donated.
        public var donatedAt: Date
        /// When it expires, if ever.
        public var expiresAt: Date?
        /// Its eligibility (`search`, `handoff`, `publicIndexing`, `prediction`).
        public var eligibleFor: [String]
        /// The document as donated.
        public var document: JSONValue
    }

    /// A stored interaction or event.
    public struct Record: Sendable, Hashable, Codable {
        /// Its reference (`interaction/3`, `event/9`).
        public var id: String
        /// When it happened.
        public var at: Date
        /// The document as donated.
        public var document: JSONValue
    }

    /// The app's bundle identifier.
    public var app: String
    /// When the export was made.
    public var exportedAt: Date
    /// The app's declaration, if it declared itself.
    public var declaration: App?
    /// Its unexpired activities, items and pages, newest first.
    public var entries: [Entry]
    /// Its interactions, newest first.
    public var interactions: [Record]
    /// The events concerning it (launches, now-playing reports), oldest first (the latest
    /// 100,000 at most).
    public var events: [Record]
    /// Its last searchable-index client state.
    public var clientState: String?
}
