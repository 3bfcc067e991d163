import Foundation
import ProactiveModel
import ProactiveStore

/// The learned context kept between requests: models fed everything up to a moment, and where
/// in the event log and the interactions they stopped, so that the next request feeds them only
/// what was donated since (each update is constant time) instead of learning everything again.
///
/// They are learned again from the store when an app deleted events or interactions (in any
/// process: the store counts deletions), when the declared apps changed, when a donation is
/// older than what the models have already seen, and once a day so that what aged out of the
/// event log's retention is forgotten. A request about an earlier moment than the models'
/// learns its own models and leaves these alone.
struct ContextModelCache: Sendable {
    /// The models, fed every row up to ``through`` (a media launch may still await its report).
    var models: ContextModels
    /// When the models were learned from the store.
    var learnedAt: Date
    /// Every event and interaction at or before this moment has been fed.
    var through: Date
    /// The last event and interaction identifiers read.
    var lastEventID: Int64
    var lastInteractionID: Int64
    /// Rows read but dated after ``through`` (donated with a future time), fed once their time
    /// has come.
    var pendingEvents: [StoredEvent] = []
    var pendingInteractions: [StoredInteraction] = []
    /// The store's deletion count when the models were learned.
    var deletions: Int64
    /// The declared apps the models were learned with.
    var apps: [String: App]

    /// How long models are kept before being learned again from the retained log.
    static let relearnInterval: TimeInterval = 86_400

    /// Learns models from the store's event log and interactions within `retention` before `now`.
    init(
        _ tx: StoreTransaction, now: Date, retention: TimeInterval, apps: [String: App], region: String
    ) throws {
        let start = now.addingTimeInterval(-retention)
        let lastEvent = try tx.lastEventID()
        let lastInteraction = try tx.lastInteractionID()
        let events = try tx.events(from: start, to: .distantFuture).filter { $0.id <= lastEvent }
        let interactions = try tx.interactions(from: start, to: .distantFuture).filter {
            $0.id <= lastInteraction
        }
        lastEventID = lastEvent
        lastInteractionID = lastInteraction
        deletions = try tx.contextLogDeletions()
        models = ContextModels()
        models.feed(
            events: events.filter { $0.at <= now }, interactions: interactions.filter { $0.at <= now },
            apps: apps, region: region)
        pendingEvents = events.filter { $0.at > now }
        pendingInteractions = interactions.filter { $0.at > now }
        learnedAt = now
        through = now
        self.apps = apps
    }

    /// Whether these models can answer for `now` once fed what was donated since: nothing was
    /// deleted, the apps are the same, the moment is not earlier and the models are fresh.
    func canServe(now: Date, deletions: Int64, apps: [String: App]) -> Bool {
        deletions == self.deletions && now >= through && apps == self.apps
            && now.timeIntervalSince(learnedAt) < Self.relearnInterval
    }

    /// Feeds the rows added since and the pending rows whose time has come, up to `now`.
    /// Returns `false` (and changes nothing) when a new row is older than what was fed, so the
    /// models must be learned again.
    mutating func catchUp(_ tx: StoreTransaction, now: Date, region: String) throws -> Bool {
        let newEvents = try tx.events(afterID: lastEventID)
        let newInteractions = try tx.interactions(afterID: lastInteractionID)
        if newEvents.contains(where: { $0.at < through })
            || newInteractions.contains(where: { $0.at < through })
        {
            return false
        }
        let events = (pendingEvents + newEvents).sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        let interactions = (pendingInteractions + newInteractions).sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        models.feed(
            events: events.filter { $0.at <= now }, interactions: interactions.filter { $0.at <= now },
            apps: apps, region: region)
        pendingEvents = events.filter { $0.at > now }
        pendingInteractions = interactions.filter { $0.at > now }
        lastEventID = newEvents.last?.id ?? lastEventID
        lastInteractionID = newInteractions.last?.id ?? lastInteractionID
        through = now
        return true
    }
}
