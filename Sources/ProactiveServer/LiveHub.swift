import Foundation
import HTTPTypes
import Logging
import Proactive
import ProactiveModel
import ProactiveStorage
import ServiceLifecycle
import Synchronization

/// Live subscriptions: a WebSocket session subscribes with a surface's parameters (or to the
/// inspector's state) and is sent the new list whenever a donation, a deletion or a context
/// event changes it, and every ``refreshInterval`` (suggestions fade with time). Every
/// ``pingInterval`` each session is sent a WebSocket ping from this one loop (not a timer per
/// connection: on Linux a cancelled `Task.sleep` holds its task's memory until its deadline, and
/// Hummingbird's own ping timer per connection kept every closed session's memory for 30 s); a
/// peer that stopped answering is dropped by the connection's TCP user timeout.
final class LiveHub: Service, Sendable {
    /// What a subscription follows.
    enum Topic: Sendable {
        case suggestions(SuggestionRequest)
        case inspector
    }

    /// One WebSocket connection's subscriptions and its outgoing messages.
    final class Session: Sendable {
        /// What goes out on the connection.
        enum Outgoing: Sendable {
            case text(String)
            case ping
        }

        struct Subscription {
            var topic: Topic
            var last: [UInt8]?
            /// Whether the last computation failed (it is tried again every ``retryInterval``).
            var failed = false
        }

        /// The user whose lists this session follows.
        let user: UserID
        let messages: AsyncStream<Outgoing>
        fileprivate let continuation: AsyncStream<Outgoing>.Continuation
        fileprivate let subscriptions = Mutex<[String: Subscription]>([:])

        init(user: UserID) {
            self.user = user
            (messages, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
        }

        func send(_ text: String) {
            continuation.yield(.text(text))
        }

        /// Sends a WebSocket ping (the peer's pong keeps the connection's TCP alive and shows a
        /// vanished peer to the TCP user timeout).
        func ping() {
            continuation.yield(.ping)
        }

        /// Sends `{"type":"error","id":…,"error":{"code":…,"message":…,"field":…}}`.
        func send(_ error: APIError, id: String?) {
            struct Message: Encodable {
                var type = "error"
                var id: String?
                var error: APIError.Body.Detail
            }
            let message = Message(
                id: id, error: .init(code: error.code, message: error.message, field: error.field))
            guard let data = try? APIEncoding.encoder.encode(message) else { return }
            send(String(decoding: data, as: UTF8.self))
        }
    }

    let changes: ChangeCounter
    /// The engine of each user (set by the server).
    let engines = Mutex<(@Sendable (UserID) -> ProactiveEngine)?>(nil)
    /// How often lists are recomputed even when nothing changed.
    let refreshInterval: Duration = .seconds(30)
    /// How soon a list that could not be computed (its storage was busy or unreachable) is
    /// tried again, so a subscriber is not left with an error until the next change.
    let retryInterval: Duration = .seconds(1)
    /// How often every session is pinged.
    let pingInterval: Duration = .seconds(30)
    private let sessions = Mutex<[ObjectIdentifier: Session]>([:])
    /// Computes a user's inspector state (set by the server).
    let inspector = Mutex<(@Sendable (UserID) throws -> InspectorState)?>(nil)

    let logger: Logger

    init(changes: ChangeCounter, logger: Logger = Logger(label: "proactive.live")) {
        self.changes = changes
        self.logger = logger
    }

    /// How many sessions are open.
    var sessionCount: Int { sessions.withLock { $0.count } }

    /// How many sessions `user` has open.
    func sessionCount(for user: UserID) -> Int {
        sessions.withLock { $0.values.reduce(0) { $0 + ($1.user == user ? 1 : 0) } }
    }

    func open(user: UserID) -> Session {
        let session = Session(user: user)
        sessions.withLock { $0[ObjectIdentifier(session)] = session }
        return session
    }

    func close(_ session: Session) {
        sessions.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(session)) }
        session.continuation.finish()
    }

    /// Subscribes (or resubscribes) and sends the current list at once.
    func subscribe(_ session: Session, id: String, to topic: Topic) async {
        let accepted = session.subscriptions.withLock { subscriptions in
            guard subscriptions[id] != nil || subscriptions.count < Self.maximumSubscriptions else {
                return false
            }
            subscriptions[id] = .init(topic: topic, last: nil)
            return true
        }
        guard accepted else {
            session.send(
                APIError(
                    .badRequest, "tooManySubscriptions",
                    "at most \(Self.maximumSubscriptions) subscriptions per connection"),
                id: id)
            return
        }
        await refresh(session, ids: [id], force: true)
    }

    /// Subscriptions one connection may hold.
    static let maximumSubscriptions = 64

    func unsubscribe(_ session: Session, id: String) {
        session.subscriptions.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Recomputes subscriptions and sends those whose content changed (all of them if `force`).
    func refresh(_ session: Session, ids: [String]? = nil, force: Bool = false) async {
        let subscriptions = session.subscriptions.withLock { $0 }
        for (id, subscription) in subscriptions where ids == nil || ids!.contains(id) {
            let content: [UInt8]
            let message: String
            do {
                switch subscription.topic {
                case .suggestions(let request):
                    guard let engine = engines.withLock({ $0 })?(session.user) else { continue }
                    let suggestions = try await blocking { try engine.suggestions(for: request) }
                    content = try SuggestionsJSON.list(suggestions)
                    message =
                        #"{"type":"suggestions","id":\#(Self.quoted(id)),"surface":"\#(request.surface.rawValue)","at":"\#(DonationCoding.formatDate(engine.now))","suggestions":\#(String(decoding: content, as: UTF8.self))}"#
                case .inspector:
                    guard let build = inspector.withLock({ $0 }) else { continue }
                    let user = session.user
                    let state = try await blocking { try build(user) }
                    var unstamped = state
                    unstamped.at = .distantPast
                    unstamped.context.at = .distantPast
                    content = Array(try APIEncoding.encoder.encode(unstamped))
                    message =
                        #"{"type":"inspector","id":\#(Self.quoted(id)),"state":\#(String(decoding: try APIEncoding.encoder.encode(state), as: UTF8.self))}"#
                }
            } catch let error as StorageError {
                // The storage was busy or unreachable: said once, and tried again every retry
                // interval until it can be computed.
                let first = session.subscriptions.withLock { subscriptions -> Bool in
                    guard subscriptions[id] != nil else { return false }
                    defer { subscriptions[id]?.failed = true }
                    return subscriptions[id]?.failed == false
                }
                if first || force {
                    session.send(APIError(storage: error, logger: logger, path: "live"), id: id)
                }
                continue
            } catch let error as EngineError {
                session.send(APIError(error), id: id)
                continue
            } catch {
                session.send(
                    APIError(.internalServerError, "internal", "the list could not be computed"), id: id)
                continue
            }
            let changed = session.subscriptions.withLock { subscriptions -> Bool in
                guard subscriptions[id] != nil else { return false }
                defer {
                    subscriptions[id]?.last = content
                    subscriptions[id]?.failed = false
                }
                return force || subscriptions[id]?.failed == true || subscriptions[id]?.last != content
            }
            if changed { session.send(message) }
        }
    }

    /// Watches the change counter: when it moves (or every refresh interval) every session's
    /// lists are recomputed and the changed ones sent.
    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [self] in try await watch() }
        } catch is CancellationError {
            // Shutting down.
        }
        for session in sessions.withLock({ Array($0.values) }) { close(session) }
    }

    private func watch() async throws {
        var seen = changes.value
        var lastRefresh = ContinuousClock.now
        var lastRetry = ContinuousClock.now
        var lastPing = ContinuousClock.now
        while !Task.isCancelled {
            // The counter is an atomic load: looking at it often costs nothing and keeps a push
            // within a few milliseconds of the change.
            try await Task.sleep(for: .milliseconds(5))
            let now = ContinuousClock.now
            if lastPing.duration(to: now) >= pingInterval {
                lastPing = now
                for session in sessions.withLock({ Array($0.values) }) { session.ping() }
            }
            let current = changes.value
            if current != seen || lastRefresh.duration(to: now) >= refreshInterval {
                seen = current
                lastRefresh = now
                lastRetry = now
                for session in sessions.withLock({ Array($0.values) }) {
                    await refresh(session)
                }
            } else if lastRetry.duration(to: now) >= retryInterval {
                lastRetry = now
                for session in sessions.withLock({ Array($0.values) }) {
                    let failed = session.subscriptions.withLock { $0.filter(\.value.failed).map(\.key) }
                    if !failed.isEmpty { await refresh(session, ids: failed) }
                }
            }
        }
    }

    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
