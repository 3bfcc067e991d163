import ProactiveModel

/// In-process state of the activity lifecycle: what cannot be stored on disk.
struct LifecycleState: Sendable {
    /// Activities whose delegate must be asked for a fresh payload before use.
    var needsSave: [Int64: any UserActivityDelegate] = [:]
    /// Activities invalidated by their app: they cannot become current or be continued.
    var invalidated: Set<Int64> = []
    /// Restoration handlers, by app and activity type.
    var handlers: [HandlerKey: RestorationHandler] = [:]

    struct HandlerKey: Hashable, Sendable {
        var app: String
        var activityType: String
    }
}

/// A closure an app registers to restore an activity of a type, like
/// `application(_:continue:restorationHandler:)`; it returns whether it restored it.
public typealias RestorationHandler = @Sendable (UserActivity) -> Bool
