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
