import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ProactiveHandoff
import ProactiveModel
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The Handoff relay: authenticates devices by a signature over a challenge, keeps each
/// group's signed device lists, and stores and forwards sealed envelopes it cannot read.
/// It never stores or logs who sent an envelope. See `docs/handoff.md` for the protocol.
///
/// ```swift
/// let relay = try RelayServer(storePath: "relay.sqlite")
/// try await relay.run()  // until SIGTERM or SIGINT
/// ```
public final class RelayServer: Sendable {
    /// How it listens.
    public let configuration: RelayConfiguration
    /// Its log (methods, paths and statuses; never bodies or senders).
    public let logger: Logger

    let store: RelayStore
    let waiters = Waiters()
    let groups = Mutex<[String: DeviceList]>([:])
    let challenges = Mutex<[String: Date]>([:])
    let sessions = Mutex<[String: Session]>([:])
    let pairings = Mutex<[String: Pairing]>([:])
    let boundPort = Mutex<Int?>(nil)
    let running = Mutex<ServiceGroup?>(nil)

    struct Session {
        var group: String
        var device: String
        var expiresAt: Date
    }

    struct Pairing {
        var group: String
        var device: String
        var expiresAt: Date
        var join: String?
        var welcome: String?
    }

    /// A relay keeping its envelopes and lists in the SQLite file at `storePath` (nil: in memory).
    public init(storePath: String?, configuration: RelayConfiguration = .init(), logger: Logger? = nil) throws
    {
        self.configuration = configuration
        self.logger = logger ?? Logger(label: "proactive.relay")
        store = try RelayStore(path: storePath)
        var known: [String: DeviceList] = [:]
        for signed in try store.currentLists() {
            let list = try signed.unverifiedList()
            known[list.group] = list
        }
        groups.withLock { $0 = known }
    }

    /// The port it listens on, once it runs.
    public var port: Int? { boundPort.withLock { $0 } }

    /// How many envelopes wait (for tests and metrics).
    public func envelopeCount() throws -> Int { try store.envelopeCount() }

    /// Runs until SIGTERM or SIGINT (or cancellation).
    public func run(
        handlesSignals: Bool = true, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        async throws
    {
        let app = Application(
            router: makeRouter(),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "proactive-relay"),
            onServerRunning: { [self] channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.withLock { $0 = port }
                await onRunning(port)
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [app, Sweeper(relay: self)],
                gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        running.withLock { $0 = group }
        try await group.run()
    }

    /// Shuts a running relay down: long polls answer at once, then the server stops.
    public func shutdown() async {
        waiters.closeAll()
        await running.withLock { $0 }?.triggerGracefulShutdown()
    }

    /// Deletes expired envelopes, challenges, sessions and pairing slots every few seconds.
    struct Sweeper: Service {
        let relay: RelayServer

        func run() async throws {
            // Shut down before the server (services stop in reverse order): waking the long
            // polls lets the server drain at once.
            defer { relay.waiters.closeAll() }
            try? await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    let now = Date()
                    _ = try? relay.store.sweep(now: now)
                    relay.challenges.withLock { $0 = $0.filter { $0.value > now } }
                    relay.sessions.withLock { $0 = $0.filter { $0.value.expiresAt > now } }
                    relay.pairings.withLock { $0 = $0.filter { $0.value.expiresAt > now } }
                    try await Task.sleep(for: .seconds(5))
                }
            }
        }
    }
}
