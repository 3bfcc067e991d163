import Foundation

/// How the daemon listens and what it accepts.
public struct ServerConfiguration: Sendable {
    /// The address to listen on. Default `127.0.0.1` (this device only).
    public var host = "127.0.0.1"
    /// The port to listen on. Default 8787; 0 picks a free port (see ``ProactiveServer/port``).
    public var port = 8787
    /// The largest request body accepted, in bytes (413 beyond). Default 32 MiB: a batch of
    /// donations; each document also has its own limits (`DonationLimits`).
    public var maxBodySize = 32 << 20
    /// How long a client has to send a request's whole head (request line and headers) from its
    /// first byte. Default 10 s; a slower client (slowloris) gets 408 and is disconnected.
    public var requestHeadTimeout: TimeInterval = 10
    /// How long a connection may stay without sending anything (after it opens, or kept alive
    /// after an answer) before it is closed. Default 75 s.
    public var keepAliveTimeout: TimeInterval = 75
    /// The largest request head (request line and headers) accepted, in bytes. Default 32 KiB;
    /// a larger one gets 431 and is disconnected.
    public var maxRequestHeadSize = 32 << 10
    /// How long a request's body has to arrive once its head did, before each byte received
    /// buys more time (see ``minimumBodyRate``). Default 30 s; a body that falls behind gets 408
    /// and the connection is closed.
    public var requestBodyTimeout: TimeInterval = 30
    /// The slowest a body may arrive past ``requestBodyTimeout``, in bytes a second: every this
    /// many bytes received give the body one more second. Default 1,024.
    public var minimumBodyRate = 1024
    /// Connections one remote address may hold open at once. Default 1,024; the next one gets
    /// 429 `tooManyConnections` and is closed. Every app on this device connects from loopback,
    /// so it is generous.
    public var maxConnectionsPerAddress = 1024
    /// Requests one token may have in flight at once. Default 64; more get 429
    /// `tooManyRequests` with `Retry-After`, and other tokens' requests keep being served.
    public var maxConcurrentRequestsPerToken = 64
    /// Live (WebSocket) connections one user may hold at once. Default 256; the next upgrade
    /// gets 429 `tooManyRequests`.
    public var maxLiveSessionsPerUser = 256
    /// Messages a live connection may send a second, sustained (the burst is twice as many).
    /// Default 50; a message over it is dropped and answered with a `tooManyRequests` error.
    public var liveMessageRate: Double = 50
    /// Donated documents accepted per second from one app (or from the system), sustained.
    /// Default 20,000. Beyond the burst, requests get 429 with `Retry-After`.
    public var donationRate: Double = 20_000
    /// Documents one app may donate at once before the rate applies. Default 40,000.
    public var donationBurst: Double = 40_000
    /// How long a computed suggestion list is reused for the same request while nothing
    /// changed. Default 1 s (the "why" texts count in minutes).
    public var suggestionReuse: TimeInterval = 1
    /// How often the daemon looks for changes made by another process on the same store (the
    /// command line), to push them to live subscribers. Default 0.5 s.
    public var externalChangeInterval: TimeInterval = 0.5
    /// How often the daemon deletes every user's expired data (search index included), so that
    /// it is gone from the store within this time of expiring, not only hidden until the user's
    /// next donation. Default 60 s.
    public var expirySweepInterval: TimeInterval = 60
    /// How often the daemon asks whether the search index needs upkeep (merging its segments,
    /// see `ProactiveEngine.maintainSearchIndex(pages:)`), and runs it in short steps when it
    /// does. Default 5 s.
    public var searchIndexUpkeepInterval: TimeInterval = 5

    /// The Handoff relay this device's daemon connects to (`serve --relay`); nil: no Handoff.
    public var relay: URL?
    /// This device's name in its Handoff group (default: the host name).
    public var deviceName = ProcessInfo.processInfo.hostName
    /// The file keeping the device's Handoff keys, group and offers (nil: in memory).
    public var handoffStatePath: String?

    /// The default configuration.
    public init() {}
}
