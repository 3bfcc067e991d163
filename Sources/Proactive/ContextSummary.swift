import Foundation
import ProactiveModel
import ProactiveRanking
import ProactiveStorage
import Synchronization

/// What the engine knows of the user's context at a moment, as the inspector shows it: the
/// app in the foreground, where the device is, the trigger in force, learned home and work,
/// what is playing, current activities and the latest events.
public struct ContextSummary: Sendable, Hashable, Codable {
    /// One event of the log.
    public struct Event: Sendable, Hashable, Codable {
        /// When it happened.
        public var at: Date
        /// Its kind (`appLaunched`, `headphonesConnected`, `nowPlaying`…).
        public var event: String
        /// The app it concerns, if any.
        public var app: String?
    }

    /// One current activity.
    public struct CurrentActivity: Sendable, Hashable, Codable {
        /// Its reference (`activity/12`).
        public var id: String
        /// Its app.
        public var app: String
        /// Its title.
        public var title: String?
        /// Its type.
        public var activityType: String?
    }

    /// The moment described.
    public var at: Date
    /// The app in the foreground (the last launched).
    public var foregroundApp: String?
    /// Where the device is (`home`, `work` or the label of the last arrival), if known.
    public var place: String?
    /// The trigger in force (headphones, car, Bluetooth, an arrival), if any.
    public var trigger: ContextTrigger?
    /// Home and work as learned from location events.
    public var learnedPlaces: [LearnedPlace]
    /// What each media app reported playing, latest first.
    public var nowPlaying: [NowPlayingInfo]
    /// The apps' current activities.
    public var currentActivities: [CurrentActivity]
    /// The latest events, newest first.
    public var recentEvents: [Event]
}

extension ProactiveEngine {
    /// The context at `now` (default: the clock), with the `eventLimit` latest events.
    public func contextSummary(now: Date? = nil, eventLimit: Int = 20) throws -> ContextSummary {
        let now = now ?? self.now
        let apps = apps.withLock { $0 }
        let decoder = DonationCoding.makeDecoder()
        return try storage.read(user: user) { tx in
            let models = try contextModels(tx, now: now, apps: apps)
            let events = try tx.events(
                from: now.addingTimeInterval(-configuration.eventRetention), to: now, newestFirst: true,
                limit: eventLimit)
            return ContextSummary(
                at: now, foregroundApp: models.foregroundApp, place: models.place,
                trigger: models.trigger(at: now),
                learnedPlaces: [models.places.home, models.places.work].compactMap { $0 },
                nowPlaying: try tx.nowPlaying().compactMap {
                    try? decoder.decode(NowPlayingInfo.self, from: Data($0.payload.utf8))
                },
                currentActivities: try tx.currentActivities(scope: .system, now: now).map {
                    .init(
                        id: EntryReference(.activity, $0.id).description, app: $0.app, title: $0.title,
                        activityType: $0.activityType)
                },
                recentEvents: events.map { .init(at: $0.at, event: $0.kind, app: $0.app) })
        }
    }
}
