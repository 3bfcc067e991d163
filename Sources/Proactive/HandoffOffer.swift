import Foundation
import ProactiveStorage
import Synchronization

/// An activity current on another of the user's devices, offered here for Handoff.
public struct HandoffOffer: Sendable, Hashable, Codable {
    /// The suggestion's id: `handoff/<source device id>/<n>` for the source's `activity/<n>`.
    public var id: String
    /// The offering device's id.
    public var sourceDevice: String
    /// The offering device's name.
    public var sourceName: String
    /// The activity's reference on the source device (`activity/12`).
    public var activity: String
    /// The activity's app.
    public var app: String
    /// Its activity type.
    public var activityType: String
    /// Its title.
    public var title: String?
    /// Its web page, opened where the app is not declared.
    public var webpageURL: String?
    /// When the offer arrived.
    public var receivedAt: Date

    /// Creates an offer; its id is made from the source device and the activity's reference.
    public init(
        sourceDevice: String, sourceName: String, activity: String, app: String, activityType: String,
        title: String?, webpageURL: String?, receivedAt: Date
    ) {
        let number = activity.hasPrefix("activity/") ? String(activity.dropFirst(9)) : activity
        self.id = "handoff/\(sourceDevice)/\(number)"
        self.sourceDevice = sourceDevice
        self.sourceName = sourceName
        self.activity = activity
        self.app = app
        self.activityType = activityType
        self.title = title
        self.webpageURL = webpageURL
        self.receivedAt = receivedAt
    }
}

/// An activity of this device that other devices may be offered: the most recent current
/// activity eligible for handoff.
public struct HandoffActivity: Sendable, Hashable {
    /// Its reference (`activity/12`).
    public var reference: String
    /// Its app.
    public var app: String
    /// Its activity type.
    public var activityType: String
    /// Its title.
    public var title: String?
    /// Its web page.
    public var webpageURL: String?
}

/// The offers each user's devices received, shared by the engines of one storage (the Handoff
/// agent of the daemon keeps them up to date).
final class HandoffBoard: Sendable {
    let offers = Mutex<[UserID: [HandoffOffer]]>([:])
}
