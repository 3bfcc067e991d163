/// An activity another device of the group offers: what its last advertisement said.
public struct HandoffOfferRecord: Sendable, Hashable, Codable {
    /// The offering device's id.
    public var source: String
    /// The activity's reference on that device (`activity/12`).
    public var activity: String
    /// The activity's app.
    public var app: String
    /// The activity type.
    public var activityType: String
    /// Its title.
    public var title: String?
    /// Its web page.
    public var webpageURL: String?
    /// When it was received (ISO 8601).
    public var receivedAt: String

    /// Creates an offer.
    public init(
        source: String, activity: String, app: String, activityType: String, title: String?,
        webpageURL: String?, receivedAt: String
    ) {
        self.source = source
        self.activity = activity
        self.app = app
        self.activityType = activityType
        self.title = title
        self.webpageURL = webpageURL
        self.receivedAt = receivedAt
    }
}
