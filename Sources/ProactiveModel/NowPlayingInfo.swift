/// What a media app is playing, like `MPNowPlayingInfoCenter`'s `nowPlayingInfo`.
public struct NowPlayingInfo: Sendable, Hashable, Codable {
    /// The playback state.
    public enum State: String, Sendable, Hashable, Codable { case playing, paused, stopped, interrupted }

    /// The playback state.
    public var state: State
    /// The item's title.
    public var title: String?
    /// The artist or show.
    public var artist: String?
    /// The album or podcast.
    public var albumTitle: String?
    /// The item's length in seconds.
    public var playbackDuration: Double?
    /// How far playback got, in seconds.
    public var elapsedPlaybackTime: Double?
    /// Artwork to show.
    public var artworkURL: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case state, title, artist, albumTitle, playbackDuration, elapsedPlaybackTime, artworkURL
    }

    /// Creates now-playing information.
    public init(state: State, title: String? = nil, artist: String? = nil, albumTitle: String? = nil) {
        self.state = state
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
    }
}
