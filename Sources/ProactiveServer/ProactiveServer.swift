import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Proactive
import ProactiveHandoff
import ProactiveStorage
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The daemon: the engine's API over HTTP and WebSocket, with per-user and per-app isolation by
/// bearer token, and the inspector page at `/`.
///
/// ```swift
/// let engine = try ProactiveEngine(storage: SQLiteStorage(path: "store.sqlite"))
/// let server = try ProactiveServer(engine: engine)
/// try await server.run()  // until SIGTERM or SIGINT
/// ```
public final class ProactiveServer: Sendable {
    /// The engine served (for its user; other users' engines share its storage).
    public let engine: ProactiveEngine
    /// The bearer tokens.
    public let tokens: TokenAuthority
    /// How the server listens and what it accepts.
    public let configuration: ServerConfiguration
    /// The server's log.
    public let logger: Logger

    let changes = ChangeCounter()
    let cache: SuggestionCache
    let limiter: RateLimiter
    /// Open connections per remote address (``ServerConfiguration/maxConnectionsPerAddress``).
    let connections = ConnectionCounter()
    /// Requests in flight per token (``ServerConfiguration/maxConcurrentRequestsPerToken``).
    let inFlight = InFlightCounter()
    /// Refused WebSocket upgrades' answers, for the connection's guard to write.
    let upgradeRefusals = UpgradeRefusals()
    let receipts = ReceiptLog()
    let hub: LiveHub
    let donations: DonationQueue
    let handoff: HandoffHub?
    let boundPort = Mutex<Int?>(nil)
    let running = Mutex<ServiceGroup?>(nil)
    /// Set when a graceful shutdown begins: new requests get 503 (``DrainMiddleware``).
    let drain = DrainState()
    /// Each user's engine (their learned context is kept between requests).
    private let engines = Mutex<[UserID: ProactiveEngine]>([:])

    /// Creates a server for an engine.
    public init(engine: ProactiveEngine, configuration: ServerConfiguration = .init(), logger: Logger? = nil)
        throws
    {
        self.engine = engine
        self.configuration = configuration
        self.logger = logger ?? Logger(label: "proactive.server")
        tokens = TokenAuthority(engine: engine)
        cache = SuggestionCache(lifetime: configuration.suggestionReuse)
        limiter = RateLimiter(rate: configuration.donationRate, burst: configuration.donationBurst)
        hub = LiveHub(changes: changes)
        donations = DonationQueue()
        if let relay = configuration.relay {
            handoff = HandoffHub(
                state: try DeviceStateStore(path: configuration.handoffStatePath), relay: relay,
                deviceName: configuration.deviceName, logger: Logger(label: "proactive.handoff"))
        } else {
            handoff = nil
        }
        hub.engines.withLock { $0 = { [self] user in self.engine(for: user) } }
    }

    /// The engine acting for a user.
    func engine(for user: UserID) -> ProactiveEngine {
        if user == engine.user { return engine }
        return engines.withLock { engines in
            if let known = engines[user] { return known }
            // Engines keep each user's learned context; past this many users the least useful
            // cache is simply dropped (it is learned again on the next request).
            if engines.count >= 10_000 { engines.removeAll() }
            let made = engine.forUser(user)
            engines[user] = made
            return made
        }
    }

    /// The port the server listens on, once it runs (useful with port 0).
    public var port: Int? { boundPort.withLock { $0 } }

    /// The Hummingbird application serving the API (run it as a service).
    public func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let router = makeRouter()
        return Application(
            router: router,
            server: guardedServer(router),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "proactive"),
            onServerRunning: { [self] channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.withLock { $0 = port }
                await onRunning(port)
            },
            logger: logger)
    }

    /// HTTP/1 with the WebSocket upgrade, each connection behind a ``RequestHeadGuard`` (slow
    /// or oversized request heads, bodies trickling in) and counted against its address's limit.
    private func guardedServer(_ router: Router<Context>) -> HTTPServerBuilder {
        let responder = router.buildResponder()
        func time(_ seconds: TimeInterval) -> TimeAmount { .nanoseconds(Int64(seconds * 1_000_000_000)) }
        let limits = GuardedChildChannel<HTTP1WebSocketUpgradeChannel>.Limits(
            headTimeout: time(configuration.requestHeadTimeout),
            keepAliveTimeout: time(configuration.keepAliveTimeout),
            maxHeadSize: configuration.maxRequestHeadSize,
            bodyTimeout: time(configuration.requestBodyTimeout),
            minimumBodyRate: configuration.minimumBodyRate,
            maxConnectionsPerAddress: configuration.maxConnectionsPerAddress)
        let connections = connections
        let refusals = upgradeRefusals
        return HTTPServerBuilder { httpResponder in
            GuardedChildChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: httpResponder, webSocketResponder: responder,
                    // A live client that does not answer the close within 5 s is dropped, so a
                    // shutdown never waits on it longer. The hub pings every session itself (see
                    // ``LiveHub``): no ping timer per connection.
                    configuration: .init(ws: .init(autoPing: .disabled, closeTimeout: .seconds(5)))),
                limits: limits, connections: connections, refusals: refusals)
        }
    }

    /// Runs the server until SIGTERM or SIGINT (or until the task is cancelled), then shuts
    /// down gracefully: answers 503 to requests that start from then on, stops accepting,
    /// finishes the requests in flight (every acknowledged donation is already committed).
    ///
    /// - Parameters:
    ///   - handlesSignals: whether SIGTERM and SIGINT shut it down (a process has one server).
    ///   - onRunning: called with the port once the server listens.
    public func run(
        handlesSignals: Bool = true, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        async throws
    {
        HeapTrimService.limitArenas()
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    makeApplication(onRunning: onRunning), hub, ExternalChangeWatcher(server: self),
                    ExpirySweepService(server: self), SearchIndexUpkeepService(server: self),
                    HeapTrimService(),
                ]
                    + (handoff.map { [HandoffService(server: self, hub: $0)] } ?? []) + [
                        DrainService(state: drain)
                    ],
                gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        running.withLock { $0 = group }
        let engine = engine
        try await blocking { try engine.prepare() }
        try await group.run()
    }

    /// Shuts a running server down gracefully (as SIGTERM does).
    public func shutdown() async {
        await running.withLock { $0 }?.triggerGracefulShutdown()
    }
}

/// Watches the store for commits by other processes (the command line donating or deleting
/// on the same file) and counts them as changes.
struct ExternalChangeWatcher: Service {
    let server: ProactiveServer

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [server] in try await Self.watch(server) }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private static func watch(_ server: ProactiveServer) async throws {
        // Told at once where the backend can (several daemons on PostgreSQL): lists are
        // recomputed and live subscribers pushed without waiting for the next poll.
        let changes = server.changes
        let engine = server.engine
        engine.onExternalChange { _ in changes.bump() }
        var last: Int?
        // A storage that cannot be reached for a while (a database outage) is tried again each
        // interval; it never stops the watcher, or the daemon with it.
        try await repeatStorageWork(
            every: server.configuration.externalChangeInterval, logger: server.logger,
            failure: "cannot look for other processes' changes", recovery: "the storage answers again"
        ) {
            let now = try await blocking { try engine.externalChangeCount() }
            if let seen = last, now != seen {
                try await blocking { try engine.reloadDeclaredApps() }
                changes.bump()
            }
            last = now
        }
    }
}
