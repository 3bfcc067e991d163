import ProactiveModel

/// What happened when an activity was continued.
public enum ContinuationResult: Sendable, Hashable {
    /// The app's handler for the activity type received the activity and restored it.
    case restored(app: String, activity: UserActivity)
    /// The app's handler received the activity but could not restore it.
    case declined(app: String, activity: UserActivity)
    /// No handler is registered here: the activity's payload is handed to the app when it launches.
    case launchApp(app: String, activity: UserActivity)
    /// The app is not on this device: its web page is opened instead.
    case openWebpage(url: String)
}

extension ContinuationResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case action, app, url, activity
    }

    /// `{"action":"restored|declined|launchApp","app":…,"activity":{…}}` or
    /// `{"action":"openWebpage","url":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .restored(let app, let activity), .declined(let app, let activity),
            .launchApp(let app, let activity):
            try container.encode(action, forKey: .action)
            try container.encode(app, forKey: .app)
            try container.encode(activity, forKey: .activity)
        case .openWebpage(let url):
            try container.encode(action, forKey: .action)
            try container.encode(url, forKey: .url)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let action = try container.decode(String.self, forKey: .action)
        if action == "openWebpage" {
            self = .openWebpage(url: try container.decode(String.self, forKey: .url))
            return
        }
        let app = try container.decode(String.self, forKey: .app)
        let activity = try container.decode(UserActivity.self, forKey: .activity)
        switch action {
        case "restored": self = .restored(app: app, activity: activity)
        case "declined": self = .declined(app: app, activity: activity)
        case "launchApp": self = .launchApp(app: app, activity: activity)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .action, in: container, debugDescription: "unknown continuation action \(action)")
        }
    }

    /// `restored`, `declined`, `launchApp` or `openWebpage`.
    public var action: String {
        switch self {
        case .restored: "restored"
        case .declined: "declined"
        case .launchApp: "launchApp"
        case .openWebpage: "openWebpage"
        }
    }
}
