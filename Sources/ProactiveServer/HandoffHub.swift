import Foundation
import Logging
import Proactive
import ProactiveHandoff
import ProactiveStorage
import ServiceLifecycle
import Synchronization

/// The daemon's Handoff: one device agent per user with a device identity, connected to the
/// relay; told of every change to the store so the current activity is advertised at once.
final class HandoffHub: Sendable {
    let state: DeviceStateStore
    let relay: URL
    let deviceName: String
    let logger: Logger
    private let agents = Mutex<[UserID: DeviceAgent]>([:])
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let started = Mutex(false)

    init(state: DeviceStateStore, relay: URL, deviceName: String, logger: Logger) {
        self.state = state
        self.relay = relay
        self.deviceName = deviceName
        self.logger = logger
    }

    /// The agent of a user, made (with its identity) and started on first use.
    func agent(for engine: ProactiveEngine, onOffersChanged: @escaping @Sendable () -> Void) throws
        -> DeviceAgent
    {
        if let known = agents.withLock({ $0[engine.user] }) { return known }
        let made = try DeviceAgent(
            engine: engine, state: state, relay: relay, deviceName: deviceName,
            logger: logger, onOffersChanged: onOffersChanged)
        let (agent, isNew) = agents.withLock { agents -> (DeviceAgent, Bool) in
            if let known = agents[engine.user] { return (known, false) }
            agents[engine.user] = made
            return (made, true)
        }
        if isNew, started.withLock({ $0 }) { start(agent) }
        return agent
    }

    private func start(_ agent: DeviceAgent) {
        let task = Task { await agent.run() }
        tasks.withLock { $0.append(task) }
    }

    /// Tells every agent the store changed.
    func changed() {
        for agent in agents.withLock({ Array($0.values) }) { agent.changed() }
    }

    /// Starts the agents made so far (and those made later), until `stop()`.
    func startAll() {
        let current = started.withLock { started -> [DeviceAgent] in
            started = true
            return Array(agents.withLock { $0.values })
        }
        for agent in current { start(agent) }
    }

    /// Stops every agent.
    func stop() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}

/// Runs the Handoff agents while the daemon runs: the users with a device identity are
/// connected at start; each change to the store is passed on to them.
struct HandoffService: Service {
    let server: ProactiveServer
    let hub: HandoffHub

    func run() async throws {
        for user in try hub.state.users() {
            guard let id = UserID(rawValue: user) else { continue }
            _ = try server.handoffAgent(for: id)
        }
        hub.startAll()
        defer { hub.stop() }
        do {
            try await cancelWhenGracefulShutdown { [server, hub] in
                var seen = server.changes.value
                while !Task.isCancelled {
                    try await Task.sleep(for: .milliseconds(5))
                    let current = server.changes.value
                    if current != seen {
                        seen = current
                        hub.changed()
                    }
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }
}
