import Foundation

/// An app the user launched (brought to the foreground), with the context it happened in.
public struct AppLaunch: Sendable, Hashable, Codable {
    /// The app's identifier (a bundle identifier or a package name).
    public var app: String
    /// When it was launched.
    public var at: Date
    /// The trigger active at the time (headphones just connected, just arrived home…), if any.
    public var trigger: ContextTrigger?
    /// The semantic place the user was at (`home`, `work`, or another name), if known.
    public var place: String?

    /// Creates a launch of `app` at `at`, optionally with the active trigger and the place.
    public init(app: String, at: Date, trigger: ContextTrigger? = nil, place: String? = nil) {
        self.app = app
        self.at = at
        self.trigger = trigger
        self.place = place
    }
}
