import Foundation
import Logging
import Proactive
import ProactiveHandoff
import ProactiveModel
import ProactiveRelay
import ProactiveTesting
import Synchronization
import Testing

/// A relay on a loopback port and device agents on in-memory engines, in this process.
final class HandoffHarness: Sendable {
    let directory: URL
    private let running = Mutex<(RelayServer, Task<Void, any Error>)?>(nil)
    let relayURL: URL
    let port: Int
    private let agents = Mutex<[Task<Void, Never>]>([])
    let logs = LogCapture()

    init() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "handoff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try await Self.startRelay(directory: directory, port: 0, logs: logs, into: running)
        relayURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    private static func startRelay(
        directory: URL, port: Int, logs: LogCapture,
        into running: borrowing Mutex<(RelayServer, Task<Void, any Error>)?>
    ) async throws -> Int {
        var logger = Logger(label: "relay") { _ in logs.handler() }
        logger.logLevel = .trace
        let relay = try RelayServer(
            storePath: directory.appendingPathComponent("relay.sqlite").path,
            configuration: .init(host: "127.0.0.1", port: port), logger: logger)
        let ready = AsyncStream<Int>.makeStream()
        let task = Task { try await relay.run(handlesSignals: false) { ready.continuation.yield($0) } }
        running.withLock { $0 = (relay, task) }
        for await bound in ready.stream { return bound }
        throw CancellationError()
    }

    /// The running relay.
    var relay: RelayServer { running.withLock { $0!.0 } }

    /// Stops the relay (devices see it down).
    func pauseRelay() async {
        guard let (relay, task) = running.withLock({ $0 }) else { return }
        await relay.shutdown()
        _ = try? await task.value
        running.withLock { $0 = nil }
    }

    /// Starts the relay again on the same port and file.
    func resumeRelay() async throws {
        _ = try await Self.startRelay(directory: directory, port: port, logs: logs, into: running)
    }

    /// A device: an engine with an app declared, and its agent running.
    func device(_ name: String, declaring: Bool = true, payloadTimeout: Duration = .seconds(5)) throws
        -> Device
    {
        let engine = try ProactiveEngine.inMemory()
        if declaring {
            try engine.app(Device.app).declare(
                App(bundleIdentifier: Device.app, name: "Reader", activityTypes: [Device.type]))
        }
        let state = try DeviceStateStore(
            path: directory.appendingPathComponent("\(name)-\(UUID().uuidString).handoff").path)
        let logs = logs
        var logger = Logger(label: name) { _ in logs.handler() }
        logger.logLevel = .trace
        let agent = try DeviceAgent(
            engine: engine, state: state, relay: relayURL, deviceName: name, logger: logger,
            payloadTimeout: payloadTimeout)
        let task = Task { await agent.run() }
        agents.withLock { $0.append(task) }
        return Device(name: name, engine: engine, agent: agent, state: state)
    }

    func stop() async {
        for task in agents.withLock({ $0 }) { task.cancel() }
        await pauseRelay()
        try? FileManager.default.removeAll(at: directory)
    }

    /// Every byte the relay keeps on disk.
    func relayBytes() throws -> Data {
        var all = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasPrefix("relay.sqlite") {
            all += try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return all
    }
}

extension FileManager {
    func removeAll(at url: URL) throws { try removeItem(at: url) }
}

/// One device of a test.
struct Device: Sendable {
    static let app = "com.example.reader"
    static let type = "com.example.reader.chapter"

    let name: String
    let engine: ProactiveEngine
    let agent: DeviceAgent
    let state: DeviceStateStore

    /// Makes an activity current (eligible for handoff unless told otherwise) and tells the agent.
    @discardableResult
    func becomeCurrent(
        _ title: String, eligible: Bool = true, url: String? = "https://reader.example/chapter",
        userInfo: [String: JSONValue] = ["chapter": .string("3")]
    ) throws -> ActivityHandle {
        var activity = UserActivity(activityType: Device.type)
        activity.title = title
        activity.userInfo = userInfo
        activity.webpageURL = url
        activity.isEligibleForHandoff = eligible
        activity.persistentIdentifier = title
        let handle = try engine.app(Device.app).becomeCurrent(activity)
        agent.changed()
        return handle
    }

    func appSwitcher() throws -> [Suggestion] {
        try engine.suggestions(for: SuggestionRequest(surface: .appSwitcher)).filter { $0.kind == .handoff }
    }

    /// Waits (up to 5 s) until the app switcher offers what `predicate` accepts.
    func waitForOffers(_ predicate: ([Suggestion]) -> Bool) async throws -> [Suggestion] {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let offers = try appSwitcher()
            if predicate(offers) { return offers }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try appSwitcher()
    }
}

/// Pairs `joiner` into `shower`'s group.
func pair(_ shower: Device, _ joiner: Device) async throws {
    let invitation = try await shower.agent.makeCode()
    let joined = try await joiner.agent.join(code: invitation.code)
    #expect(joined.verification == invitation.verification)
}

/// Every log line written, to look for canaries.
final class LogCapture: Sendable {
    let lines = Mutex<[String]>([])

    func handler() -> some LogHandler { Handler(capture: self) }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let line = "\(event.level) \(event.message) \(event.metadata ?? [:]) \(metadata)"
            capture.lines.withLock { $0.append(line) }
        }
    }

    var text: String { lines.withLock { $0.joined(separator: "\n") } }
}
