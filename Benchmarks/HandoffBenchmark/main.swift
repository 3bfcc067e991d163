// Handoff: advertise on device A → offered on device B through a relay on loopback, over many
// handoffs; the crypto cost per handoff; the relay's throughput. Beside it, the floor: an
// HTTP round trip to the same relay on the same loopback (what any relay-based design pays).
//
//   swift run -c release HandoffBenchmark [--handoffs 1000] [--envelopes 5000] [--senders 8]
import BenchmarkSupport
import Foundation
import Logging
import Proactive
import ProactiveHandoff
import ProactiveModel
import ProactiveRelay
import ProactiveTesting
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func option(_ name: String, _ fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let value = Int(arguments[index + 1])
    else { return fallback }
    return value
}

Help.exitIfAsked(
    """
    usage: HandoffBenchmark [--handoffs 1000] [--envelopes 5000] [--senders 8]
      Advertise on device A, offered on device B through a relay on loopback; the crypto cost
      per handoff; the relay's throughput; beside an HTTP round trip to the same relay.
    """)

let handoffs = option("--handoffs", 1000)
let envelopes = option("--envelopes", 5000)
let senders = option("--senders", 8)
let app = "com.example.reader"
let type = "com.example.reader.chapter"

print(
    "HandoffBenchmark — \(Date().formatted(.iso8601)), \(Machine.cpuModel), \(Machine.processors) processors")
print("command: \(CommandLine.arguments.joined(separator: " "))")
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}

// MARK: Crypto per handoff: seal and open one advertisement.

let laptopKeys = DeviceIdentity(name: "Laptop")
let phoneKeys = DeviceIdentity(name: "Phone")
let members = DeviceList(
    group: DeviceList.newGroupID(), version: 1, issuedAt: "2026-11-23T00:00:00Z",
    devices: [laptopKeys.record, phoneKeys.record])
var sealing = Latencies()
var opening = Latencies()
for i in 0..<5000 {
    let message = HandoffMessage(
        kind: .advertise, from: laptopKeys.id, to: phoneKeys.id, sentAt: Date(),
        body: [
            "activity": .string("activity/\(i)"), "app": .string(app), "activityType": .string(type),
            "title": .string("Chapter \(i) of a long book"),
            "webpageURL": .string("https://reader.example/\(i)"),
        ])
    let start = ContinuousClock.now
    let sealed = try EnvelopeSealer.seal(message, from: laptopKeys, to: phoneKeys.record)
    let middle = ContinuousClock.now
    _ = try EnvelopeSealer.open(sealed, as: phoneKeys, members: members, now: Date())
    let end = ContinuousClock.now
    sealing.add(middle - start)
    opening.add(end - middle)
}
print("crypto: seal (HPKE X25519/ChaChaPoly + Ed25519 sign) \(sealing.summary)")
print("crypto: open (HPKE open + Ed25519 verify) \(opening.summary)")

// MARK: A relay and two devices in this process, talking over loopback HTTP.

let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "handoff-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let relay = try RelayServer(
    storePath: directory.appendingPathComponent("relay.sqlite").path,
    configuration: .init(host: "127.0.0.1", port: 0))
let ready = AsyncStream<Int>.makeStream()
let relayTask = Task { try await relay.run(handlesSignals: false) { ready.continuation.yield($0) } }
var port = 0
for await bound in ready.stream {
    port = bound
    break
}
let relayURL = URL(string: "http://127.0.0.1:\(port)")!

// The floor: one HTTP round trip to the relay.
var floor = Latencies()
let session = URLSession(configuration: .ephemeral)
for _ in 0..<1000 {
    let start = ContinuousClock.now
    _ = try await session.data(from: relayURL.appendingPathComponent("health"))
    floor.add(ContinuousClock.now - start)
}
print("floor: HTTP GET /health on the relay over loopback \(floor.summary)")

final class Seen: Sendable {
    let titles = Mutex<[String: ContinuousClock.Instant]>([:])
}
let seen = Seen()

func device(_ name: String, onOffers: @escaping @Sendable (ProactiveEngine) -> Void) throws -> (
    ProactiveEngine, DeviceAgent
) {
    let engine = try ProactiveEngine.inMemory()
    try engine.app(app).declare(App(bundleIdentifier: app, name: "Reader", activityTypes: [type]))
    let state = try DeviceStateStore(path: directory.appendingPathComponent("\(name).handoff").path)
    let agent = try DeviceAgent(
        engine: engine, state: state, relay: relayURL, deviceName: name, logger: Logger(label: name),
        onOffersChanged: { onOffers(engine) })
    Task { await agent.run() }
    return (engine, agent)
}

let (laptop, laptopAgent) = try device("Laptop") { _ in }
let (_, phoneAgent) = try device("Phone") { engine in
    let now = ContinuousClock.now
    if let title = engine.handoffOffers.first?.title {
        seen.titles.withLock { if $0[title] == nil { $0[title] = now } }
    }
}
let invitation = try await laptopAgent.makeCode()
_ = try await phoneAgent.join(code: invitation.code)
try await Task.sleep(for: .milliseconds(200))

// MARK: Advertise on A → offered on B.

var latency = Latencies()
let total = ContinuousClock.now
for i in 0..<handoffs {
    var activity = UserActivity(activityType: type)
    let title = "Chapter \(i)"
    activity.title = title
    activity.webpageURL = "https://reader.example/\(i)"
    activity.userInfo = ["chapter": .string("\(i)")]
    activity.isEligibleForHandoff = true
    activity.persistentIdentifier = "chapter-\(i % 50)"
    let start = ContinuousClock.now
    try laptop.app(app).becomeCurrent(activity)
    laptopAgent.changed()
    while seen.titles.withLock({ $0[title] }) == nil {
        guard ContinuousClock.now - start < .seconds(5) else {
            print("handoff \(i) not offered within 5 s")
            exit(1)
        }
        try await Task.sleep(for: .microseconds(100))
    }
    latency.add(seen.titles.withLock { $0[title]! } - start)
}
let elapsed = (ContinuousClock.now - total).seconds
print(
    "handoff: becomeCurrent on A → offered on B \(latency.summary); \(String(format: "%.0f", Double(handoffs) / elapsed)) handoffs/s one after another"
)

// MARK: Relay throughput: concurrent senders posting sealed envelopes; the recipients drain.

let recipients = (0..<10).map { DeviceIdentity(name: "R\($0)") }
let sender = DeviceIdentity(name: "Sender")
let group = DeviceList(
    group: DeviceList.newGroupID(), version: 1, issuedAt: "2026-11-23T00:00:00Z",
    devices: [sender.record] + recipients.map(\.record))
try await RelayClient(url: relayURL).createGroup(try SignedDeviceList(signing: group, as: sender))
let sample = try EnvelopeSealer.seal(
    HandoffMessage(
        kind: .advertise, from: sender.id, to: recipients[0].id, sentAt: Date(),
        body: ["activity": .string("activity/1"), "title": .string("A title of a usual length")]),
    from: sender, to: recipients[0].record)
let perSender = envelopes / senders
let postStart = ContinuousClock.now
try await withThrowingTaskGroup(of: Void.self) { tasks in
    for s in 0..<senders {
        tasks.addTask {
            let session = RelaySession(
                client: RelayClient(url: relayURL), identity: sender, group: group.group)
            for i in 0..<perSender {
                try await session.send(
                    to: recipients[(s * perSender + i) % recipients.count].id, ciphertext: sample)
            }
        }
    }
    try await tasks.waitForAll()
}
let postSeconds = (ContinuousClock.now - postStart).seconds
let posted = perSender * senders
print(
    "relay: \(posted) envelopes posted by \(senders) concurrent senders in \(String(format: "%.2f", postSeconds)) s = \(String(format: "%.0f", Double(posted) / postSeconds)) envelopes/s"
)
let drainStart = ContinuousClock.now
var drained = 0
try await withThrowingTaskGroup(of: Int.self) { tasks in
    for recipient in recipients {
        tasks.addTask {
            let session = RelaySession(
                client: RelayClient(url: relayURL), identity: recipient, group: group.group)
            var count = 0
            while true {
                let inbox = try await session.receive(wait: 0)
                if inbox.envelopes.isEmpty { return count }
                for envelope in inbox.envelopes {
                    try await session.delete(envelope: envelope.id)
                    count += 1
                }
            }
        }
    }
    for try await count in tasks { drained += count }
}
let drainSeconds = (ContinuousClock.now - drainStart).seconds
print(
    "relay: \(drained) envelopes fetched and deleted by 10 recipients in \(String(format: "%.2f", drainSeconds)) s = \(String(format: "%.0f", Double(drained) / drainSeconds)) envelopes/s"
)
print("peak RSS \(String(format: "%.0f", peakRSSMegabytes())) MB")
await relay.shutdown()
_ = try? await relayTask.value
exit(0)
