import Foundation
import ProactiveModel
import ProactiveStorage
import Synchronization

extension ProactiveEngine {
    /// The activity this device offers its other devices now: the most recently donated
    /// current activity eligible for handoff (one per device, as Apple's Handoff), or nil.
    public func currentHandoffActivity(now: Date? = nil) throws -> HandoffActivity? {
        let now = now ?? self.now
        let current = try storage.read(user: user) { try $0.currentActivities(scope: .system, now: now) }
        let invalidated = lifecycle.withLock { $0.invalidated }
        guard
            let entry = current.filter({ $0.isEligibleForHandoff && !invalidated.contains($0.id) })
                .max(by: { ($0.donatedAt, $0.id) < ($1.donatedAt, $1.id) }),
            let activityType = entry.activityType
        else { return nil }
        return HandoffActivity(
            reference: EntryReference(.activity, entry.id).description, app: entry.app,
            activityType: activityType,
            title: entry.title, webpageURL: entry.url)
    }

    /// The payload of an activity eligible for handoff, for another device continuing it: the
    /// activity, refreshed by its delegate first when its app marked it `needsSave`. Activities
    /// not eligible for handoff never leave the device: they are "not found".
    public func handoffPayload(_ reference: String, now: Date? = nil) throws -> UserActivity {
        let (activity, entry) = try activity(reference, now: now)
        guard entry.isEligibleForHandoff, !lifecycle.withLock({ $0.invalidated.contains(entry.id) }) else {
            throw EngineError(.notFound, "no such activity eligible for handoff", parameter: "id")
        }
        return activity
    }

    /// The offers from the user's other devices (newest first).
    public var handoffOffers: [HandoffOffer] {
        handoff.offers.withLock { $0[user] ?? [] }
    }

    /// Replaces the offers from the user's other devices (the Handoff agent calls this).
    public func setHandoffOffers(_ offers: [HandoffOffer]) {
        handoff.offers.withLock { $0[user] = offers.sorted { $0.receivedAt > $1.receivedAt } }
    }

    /// The offer with a suggestion id (`handoff/<device>/<n>`).
    public func handoffOffer(_ id: String) throws -> HandoffOffer {
        guard let offer = handoffOffers.first(where: { $0.id == id }) else {
            throw EngineError(
                .notFound, "no such handoff offer (withdrawn, or its device left the group)", parameter: "id")
        }
        return offer
    }

    /// Whether an activity handed off from another device can be continued in its app here:
    /// the app is declared on this device with the activity's type.
    public func canContinueHere(app: String, activityType: String) -> Bool {
        declaredApp(app)?.activityTypes.contains(activityType) == true
    }

    /// Continues an activity handed off from another device in its app on this device (the
    /// handler the app registered for its type, else the payload waits for the app's launch).
    public func continueHandedOff(_ activity: UserActivity, app: String) throws -> ContinuationResult {
        for key in activity.requiredUserInfoKeys where activity.userInfo[key] == nil {
            throw EngineError(
                .missingUserInfo, "userInfo lacks the required key \(key)", parameter: "userInfo.\(key)")
        }
        let handler = lifecycle.withLock { $0.handlers[.init(app: app, activityType: activity.activityType)] }
        guard let handler else { return .launchApp(app: app, activity: activity) }
        return handler(activity)
            ? .restored(app: app, activity: activity) : .declined(app: app, activity: activity)
    }

    /// The app switcher's Handoff suggestions: each offer, naming its device.
    func handoffSuggestions(names: [String: String], locale: String?, into list: inout SuggestionList) {
        let wording = Wording(locale: locale)
        for offer in handoffOffers {
            let appName = names[offer.app] ?? offer.app
            list.add(
                Suggestion(
                    id: offer.id, surface: list.surface, kind: .handoff, title: offer.title ?? appName,
                    subtitle: wording.written(wording.fromDevice(offer.sourceName)),
                    action: .init(type: .continue, app: offer.app, url: offer.webpageURL),
                    source: .init(app: offer.app, activityType: offer.activityType, url: offer.webpageURL),
                    score: 1, why: [wording.currentOn(offer.sourceName, in: appName)]))
        }
    }
}
