import Foundation

/// A member device's session with the relay: authenticates by signing a challenge (again when
/// the token expires or the relay forgot it) and makes the calls that need a session.
public actor RelaySession {
    /// The relay.
    public let client: RelayClient
    let identity: DeviceIdentity
    let group: String
    private var token: String?

    /// A session for `identity` in `group`.
    public init(client: RelayClient, identity: DeviceIdentity, group: String) {
        self.client = client
        self.identity = identity
        self.group = group
    }

    private func currentToken() async throws -> String {
        if let token { return token }
        let made = try await client.openSession(group: group, identity: identity).token
        token = made
        return made
    }

    /// Calls with the session, opening a new one once if the relay no longer knows the token.
    func call(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil, query: [URLQueryItem] = []
    ) async throws -> (status: Int, body: Data) {
        var answer = try await client.call(
            method, path, body: body, token: try await currentToken(), query: query)
        if answer.status == 401 {
            token = nil
            answer = try await client.call(
                method, path, body: body, token: try await currentToken(), query: query)
        }
        return answer
    }

    private func decode<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil,
        query: [URLQueryItem] = []
    ) async throws -> T {
        let (status, data) = try await call(method, path, body: body, query: query)
        try RelayClient.check(status, data)
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw HandoffError(.relayUnavailable, "the relay's answer to \(method) \(path) is not understood")
        }
    }

    struct Outgoing: Codable, Sendable {
        var to: String
        var ciphertext: String
        var ttl: Int
    }

    struct Inbox: Codable {
        var envelopes: [RelayEnvelope]
        var listVersion: Int
    }

    struct Lists: Codable {
        var lists: [SignedDeviceList]
    }

    struct Slot: Codable, Sendable {
        var slot: String
        var ttl: Int?
    }

    /// Sends a sealed envelope to a device of the group.
    public func send(to device: String, ciphertext: Data, ttl: Int = 3600) async throws {
        let (status, data) = try await call(
            "POST", "v1/envelopes",
            body: Outgoing(to: device, ciphertext: ciphertext.base64EncodedString(), ttl: ttl))
        try RelayClient.check(status, data)
    }

    /// The envelopes waiting for this device, waiting up to `wait` seconds for one; and the
    /// version of the group's list the relay holds.
    public func receive(wait: Int) async throws -> (envelopes: [RelayEnvelope], listVersion: Int) {
        let inbox = try await decode(
            Inbox.self, "GET", "v1/envelopes", query: [.init(name: "wait", value: "\(wait)")])
        return (inbox.envelopes, inbox.listVersion)
    }

    /// Deletes a handled envelope.
    public func delete(envelope id: String) async throws {
        let (status, data) = try await call("DELETE", "v1/envelopes/\(id)")
        if status == 404 { return }
        try RelayClient.check(status, data)
    }

    /// Publishes the group's next list.
    public func updateGroup(_ list: SignedDeviceList) async throws {
        let (status, data) = try await call("PUT", "v1/groups/\(group)", body: list)
        try RelayClient.check(status, data)
    }

    /// The signed lists after version `since`.
    public func lists(since: Int) async throws -> [SignedDeviceList] {
        try await decode(
            Lists.self, "GET", "v1/groups/\(group)/lists", query: [.init(name: "since", value: "\(since)")]
        ).lists
    }

    /// Opens a pairing slot.
    public func createPairing(slot: String, ttl: Int) async throws {
        let (status, data) = try await call("POST", "v1/pairings", body: Slot(slot: slot, ttl: ttl))
        try RelayClient.check(status, data)
    }

    /// Waits up to `wait` seconds for the join posted to a slot.
    public func join(slot: String, wait: Int) async throws -> String? {
        let (status, data) = try await call(
            "GET", "v1/pairings/\(slot)", query: [.init(name: "wait", value: "\(wait)")])
        if status == 204 { return nil }
        try RelayClient.check(status, data)
        return try? JSONDecoder().decode(RelayClient.Sealed.self, from: data).join
    }

    /// Posts the sealed welcome to a slot.
    public func welcome(slot: String, sealed: String) async throws {
        let (status, data) = try await call(
            "POST", "v1/pairings/\(slot)/welcome", body: RelayClient.Sealed(welcome: sealed))
        try RelayClient.check(status, data)
    }
}
