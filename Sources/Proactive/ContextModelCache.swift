import Foundation
import ProactiveModel
import ProactiveStorage

/// The learned context kept between requests: models fed everything up to a checkpoint, the
/// rows donated after it, and where in the event log and the interactions reading stopped, so
/// that a request reads only what was donated since (each update is constant time) instead of
/// learning everything again.
///
/// The checkpoint trails the latest request by ``lag`` (or by ``recentLimit`` rows when more
/// arrive in that time): a request feeds a copy of the models the rows after the checkpoint up
/// to its own moment, so donations that arrive a little late, or requests about a slightly
/// earlier moment, are answered exactly as if everything had been learned again.
///
/// The models are learned again from the store when an app deleted events or interactions (in
/// any process: the store counts deletions), when the declared apps changed, when a donation is
/// dated before the checkpoint, and once a day so that what aged out of the event log's
/// retention is forgotten. A request about a moment before the checkpoint learns its own models
/// and leaves these alone.
struct ContextModelCache: Sendable {
    /// The models, fed every row dated up to ``checkpoint`` (a media launch may still await
    /// its report).
    var models: ContextModels
    /// Every event and interaction dated at or before this moment has been fed to ``models``.
    var checkpoint: Date
    /// Rows read and dated after the checkpoint, decoded, in learning order.
    var recent: [ContextItem] = []
    /// The last event and interaction identifiers read.
    var lastEventID: Int64
    var lastInteractionID: Int64
    /// The store's deletion count when the models were learned.
    var deletions: Int64
    /// The declared apps the models were learned with.
    var apps: [String: App]
    /// When the models were learned from the store.
    var learnedAt: Date

    /// How far the checkpoint trails the latest request.
    static let lag: TimeInterval = 300
    /// At most this many rows are kept after the checkpoint.
    static let recentLimit = 50
    /// How long models are kept before being learned again from the retained log.
    static let relearnInterval: TimeInterval = 86_400

    /// Learns models from the store's event log and interactions within `retention` before `now`.
    init(
        _ tx: any StorageTransaction, now: Date, retention: TimeInterval, apps: [String: App], region: String
    ) throws {
        let start = now.addingTimeInterval(-retention)
        let lastEvent = try tx.lastEventID()
        let lastInteraction = try tx.lastInteractionID()
        recent = ContextItem.decode(
            events: try tx.events(from: start, to: .distantFuture).filter { $0.id <= lastEvent },
            interactions: try tx.interactions(from: start, to: .distantFuture).filter {
                $0.id <= lastInteraction
            }, region: region)
        lastEventID = lastEvent
        lastInteractionID = lastInteraction
        deletions = try tx.contextLogDeletions()
        models = ContextModels()
        checkpoint = start
        self.apps = apps
        learnedAt = now
        advance(to: now.addingTimeInterval(-Self.lag))
    }

    /// Whether these models can answer for `now` once fed what was donated since: nothing was
    /// deleted, the apps are the same, the moment is after the checkpoint and the models are
    /// fresh.
    func canServe(now: Date, deletions: Int64, apps: [String: App]) -> Bool {
        deletions == self.deletions && now > checkpoint && apps == self.apps
            && now.timeIntervalSince(learnedAt) < Self.relearnInterval
    }

    /// Reads the rows added since and moves the checkpoint up behind `now`. Returns `false`
    /// (and changes nothing) when a new row is dated at or before the checkpoint, so the
    /// models must be learned again.
    mutating func catchUp(_ tx: any StorageTransaction, now: Date, region: String) throws -> Bool {
        let newEvents = try tx.events(afterID: lastEventID)
        let newInteractions = try tx.interactions(afterID: lastInteractionID)
        if newEvents.contains(where: { $0.at <= checkpoint })
            || newInteractions.contains(where: { $0.at <= checkpoint })
        {
            return false
        }
        if !newEvents.isEmpty || !newInteractions.isEmpty {
            let items = ContextItem.decode(events: newEvents, interactions: newInteractions, region: region)
            recent = (recent + items).sorted(by: ContextItem.precedes)
            lastEventID = newEvents.last?.id ?? lastEventID
            lastInteractionID = newInteractions.last?.id ?? lastInteractionID
        }
        var target = max(checkpoint, now.addingTimeInterval(-Self.lag))
        if recent.count > Self.recentLimit {
            target = max(target, recent[recent.count - Self.recentLimit - 1].at)
        }
        advance(to: min(target, now))
        return true
    }

    /// The models as a request at `now` (after the checkpoint) sees them.
    func models(at now: Date) -> ContextModels {
        var copy = models
        copy.feed(recent.prefix { $0.at <= now }, apps: apps)
        return copy.settled()
    }

    /// Feeds the models the recent rows dated up to `moment` and moves the checkpoint there.
    private mutating func advance(to moment: Date) {
        guard moment > checkpoint else { return }
        let due = recent.prefix { $0.at <= moment }
        if !due.isEmpty {
            models.feed(due, apps: apps)
            recent.removeFirst(due.count)
        }
        checkpoint = moment
    }
}
