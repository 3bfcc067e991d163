import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An envelope waiting at the relay for this device.
public struct RelayEnvelope: Sendable, Hashable, Codable {
    /// The relay's id for it (to delete it once handled).
    public var id: String
    /// `enc ‖ ciphertext`, base64.
    public var ciphertext: String
    /// When the relay received it.
    public var receivedAt: String
    /// When the relay drops it.
    public var expiresAt: String
}

/// The HTTP calls of the relay protocol (`docs/handoff.md`), without sessions: see
/// ``RelaySession`` for the calls a member device makes.
public struct RelayClient: Sendable {
    /// The relay's base URL.
    public let url: URL

    /// The longest a call may take: a long poll waits at most 30 s at the relay.
    static let timeout = TimeAmount.seconds(45)
    /// The largest answer read from the relay (a batch of envelopes).
    static let maximumAnswer = 32 << 20

    /// A client of the relay at `url`.
    ///
    /// Calls go through AsyncHTTPClient's shared client: a cancelled task (a receive loop that
    /// stops) cancels its request cleanly, which FoundationNetworking's `URLSession` does not
    /// always survive.
    public init(url: URL) {
        self.url = url
    }

    /// Sends a request; answers the status and the body, or throws `relayUnavailable`.
    func call(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil, token: String? = nil,
        query: [URLQueryItem] = []
    ) async throws -> (status: Int, body: Data) {
        var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = HTTPClientRequest(url: components.url!.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        }
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: Self.timeout)
            let answer = try await response.body.collect(upTo: Self.maximumAnswer)
            return (Int(response.status.code), Data(answer.readableBytesView))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw HandoffError(
                .relayUnavailable,
                "cannot reach the relay at \(url.absoluteString): \(String(describing: error))")
        }
    }

    /// Sends a request and decodes a 2xx answer; other statuses become errors with the relay's message.
    func decode<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil,
        token: String? = nil,
        query: [URLQueryItem] = []
    ) async throws -> T {
        let (status, data) = try await call(method, path, body: body, token: token, query: query)
        try Self.check(status, data)
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw HandoffError(.relayUnavailable, "the relay's answer to \(method) \(path) is not understood")
        }
    }

    /// Throws for a non-2xx status, with the relay's error message.
    static func check(_ status: Int, _ data: Data) throws(HandoffError) {
        guard !(200..<300).contains(status) else { return }
        struct Failure: Decodable {
            struct Detail: Decodable {
                var code: String
                var message: String
            }
            var error: Detail
        }
        let message =
            (try? JSONDecoder().decode(Failure.self, from: data))?.error.message ?? "status \(status)"
        switch status {
        case 401, 403: throw HandoffError(.unauthentic, "the relay refused: \(message)")
        case 404, 410: throw HandoffError(.notFound, message)
        case 409: throw HandoffError(.conflict, message)
        case 413: throw HandoffError(.tooLarge, message)
        case 400, 422: throw HandoffError(.invalid, "the relay refused: \(message)")
        default: throw HandoffError(.relayUnavailable, "the relay answered \(status): \(message)")
        }
    }

    // MARK: Calls without a session

    struct Challenge: Codable {
        var challenge: String
        var expiresAt: String?
    }

    struct SessionRequest: Codable, Sendable {
        var group: String
        var device: String
        var challenge: String
        var signature: String
    }

    struct SessionAnswer: Codable {
        var token: String
        var expiresAt: String
    }

    struct Sealed: Codable, Sendable {
        var join: String?
        var welcome: String?
    }

    /// Registers a new group with its first list.
    public func createGroup(_ list: SignedDeviceList) async throws {
        let (status, data) = try await call("POST", "v1/groups", body: list)
        try Self.check(status, data)
    }

    /// Posts a sealed join to a pairing slot.
    public func join(slot: String, sealed: String) async throws {
        let (status, data) = try await call("POST", "v1/pairings/\(slot)/join", body: Sealed(join: sealed))
        try Self.check(status, data)
    }

    /// Waits up to `wait` seconds for a slot's welcome; nil if none came.
    public func welcome(slot: String, wait: Int) async throws -> String? {
        let (status, data) = try await call(
            "GET", "v1/pairings/\(slot)/welcome", query: [.init(name: "wait", value: "\(wait)")])
        if status == 204 { return nil }
        try Self.check(status, data)
        return try? JSONDecoder().decode(Sealed.self, from: data).welcome
    }

    /// Opens a session: signs a fresh challenge.
    func openSession(group: String, identity: DeviceIdentity) async throws -> SessionAnswer {
        let challenge = try await decode(Challenge.self, "POST", "v1/challenges")
        let statement = "proactive-relay-session-v1\n\(challenge.challenge)\n\(group)\n\(identity.id)"
        let signature = try identity.sign(Data(statement.utf8)).base64EncodedString()
        return try await decode(
            SessionAnswer.self, "POST", "v1/sessions",
            body: SessionRequest(
                group: group, device: identity.id, challenge: challenge.challenge, signature: signature))
    }
}
