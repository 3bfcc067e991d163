import Foundation

/// A system event (a context signal: app launch, location, charging…) as stored.
public struct StoredEvent: Sendable, Hashable {
    /// The row identifier; larger for later insertions of the same user.
    public var id: Int64
    /// When it happened.
    public var at: Date
    /// Its kind.
    public var kind: String
    /// The app it concerns, if any.
    public var app: String?
    /// The event as JSON.
    public var payload: String

    /// Creates a stored event.
    public init(id: Int64, at: Date, kind: String, app: String?, payload: String) {
        self.id = id
        self.at = at
        self.kind = kind
        self.app = app
        self.payload = payload
    }
}

/// What an app is playing, as stored (one row per app).
public struct StoredNowPlaying: Sendable, Hashable {
    /// The app.
    public var app: String
    /// When it was donated.
    public var at: Date
    /// The playback state.
    public var state: String
    /// The now-playing info as JSON.
    public var payload: String

    /// Creates a stored now-playing row.
    public init(app: String, at: Date, state: String, payload: String) {
        self.app = app
        self.at = at
        self.state = state
        self.payload = payload
    }
}
