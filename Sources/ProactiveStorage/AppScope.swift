/// Which entries a read may see within a user's data: one app's, or every app's (for the
/// system's surfaces).
public enum AppScope: Sendable, Hashable {
    /// Only this app's entries.
    case app(String)
    /// Every app's entries.
    case system

    /// The app, for an app scope.
    public var app: String? {
        if case .app(let app) = self { app } else { nil }
    }
}
