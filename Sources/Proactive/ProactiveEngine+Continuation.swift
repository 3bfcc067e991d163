import Foundation
import ProactiveModel
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// The activity behind a reference ("activity/12"), refreshed from its delegate if it
    /// needs saving.
    public func activity(_ id: String, donor: Donor = .system, now: Date? = nil) throws -> (
        UserActivity, StoredEntry
    ) {
        let now = now ?? self.now
        guard let reference = EntryReference(id), reference.kind == .activity else {
            throw EngineError(
                .invalidRequest, "not an activity reference such as activity/12", parameter: "id")
        }
        try refreshIfNeeded([reference.entryID], now: now)
        let scope: AppScope = if case .app(let app) = donor { .app(app) } else { .system }
        guard
            let entry = try storage.read(
                user: user, { try $0.entry(id: reference.entryID, scope: scope, now: now) })
        else {
            throw EngineError(
                .notFound, "no such activity (deleted, expired or another app's)", parameter: "id")
        }
        let activity = try DonationCoding.makeDecoder().decode(
            UserActivity.self, from: Data(entry.payload.utf8))
        return (activity, entry)
    }

    /// Continues an activity (restores it in its app), like Handoff or a tapped suggestion:
    /// its payload goes to the handler the app registered for its type, after checking the
    /// app's `requiredUserInfoKeys`. Without the app, its web page opens instead.
    ///
    /// - Parameters:
    ///   - id: the activity's reference ("activity/12").
    ///   - appInstalled: whether the activity's app is on the continuing device.
    ///   - donor: who continues it; an app may continue only its own activities.
    ///   - now: the time of the continuation (default: the engine's clock).
    public func continueActivity(
        _ id: String, appInstalled: Bool = true, donor: Donor = .system, now: Date? = nil
    ) throws
        -> ContinuationResult
    {
        let now = now ?? self.now
        let (activity, entry) = try activity(id, donor: donor, now: now)
        if lifecycle.withLock({ $0.invalidated.contains(entry.id) }) {
            throw EngineError(.invalidated, "the activity was invalidated by its app", parameter: "id")
        }
        guard appInstalled else {
            guard let url = activity.webpageURL else {
                throw EngineError(
                    .notFound, "the app is not installed and the activity has no webpageURL", parameter: "id")
            }
            return .openWebpage(url: url)
        }
        for key in activity.requiredUserInfoKeys where activity.userInfo[key] == nil {
            throw EngineError(
                .missingUserInfo, "userInfo lacks the required key \(key)", parameter: "userInfo.\(key)")
        }
        try storage.write(user: user) { tx in try tx.recordEngagement(entryID: entry.id, at: now) }
        let handler = lifecycle.withLock {
            $0.handlers[.init(app: entry.app, activityType: activity.activityType)]
        }
        guard let handler else { return .launchApp(app: entry.app, activity: activity) }
        return handler(activity)
            ? .restored(app: entry.app, activity: activity) : .declined(app: entry.app, activity: activity)
    }

    /// Asks the delegates of activities marked `needsSave` for their fresh payload, and stores it.
    func refreshIfNeeded(_ entryIDs: [Int64], now: Date) throws {
        let pending: [(Int64, any UserActivityDelegate)] = lifecycle.withLock { state in
            entryIDs.compactMap { id in state.needsSave.removeValue(forKey: id).map { (id, $0) } }
        }
        guard !pending.isEmpty else { return }
        let decoder = DonationCoding.makeDecoder()
        for (id, delegate) in pending {
            guard
                let entry = try storage.read(user: user, { try $0.entry(id: id, scope: .system, now: now) }),
                let activity = try? decoder.decode(UserActivity.self, from: Data(entry.payload.utf8))
            else { continue }
            var fresh = delegate.userActivityWillSave(activity)
            // The saved activity keeps its identity: same type and persistent identifier.
            fresh.activityType = activity.activityType
            fresh.persistentIdentifier = activity.persistentIdentifier
            let app = declaredApp(entry.app)
            _ = try Donation(app: entry.app, at: now, content: .activity(fresh, current: entry.isCurrent))
                .validate(declaringApp: app, limits: configuration.limits)
            try storage.write(user: user) { tx in
                var draft = EntryDrafts.activity(fresh, app: entry.app, at: entry.donatedAt)
                draft.identityKey = entry.identityKey
                try tx.upsertEntry(draft)
            }
        }
    }
}
