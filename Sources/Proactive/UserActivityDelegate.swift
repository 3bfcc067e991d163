import ProactiveModel

/// An object that provides an activity's fresh payload on demand, like
/// `NSUserActivityDelegate.userActivityWillSave(_:)`.
///
/// When an app marks an activity with ``AppClient/setNeedsSave(_:delegate:)``,
/// the engine asks the delegate for the up-to-date activity just before it next uses it
/// (to continue it, hand it off, or show it), instead of the app re-donating on every change.
public protocol UserActivityDelegate: Sendable {
    /// Returns the activity as it should be saved now.
    func userActivityWillSave(_ activity: UserActivity) -> UserActivity
}
