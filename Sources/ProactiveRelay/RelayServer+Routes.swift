import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ProactiveHandoff
import ProactiveModel
import Synchronization

extension RelayServer {
    typealias Context = BasicRequestContext

    /// The largest request body (a 64 KiB ciphertext in base64, with room for the JSON).
    static let maximumBody = 128 * 1024

    func makeRouter() -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: RelayLogMiddleware(logger: logger))
        router.get("health") { _, _ in try Self.json(["status": "ok"]) }
        router.post("v1/challenges") { _, _ in try self.challenge() }
        router.post("v1/sessions") { request, context in try await self.openSession(request, context) }
        router.post("v1/groups") { request, context in try await self.createGroup(request, context) }
        router.put("v1/groups/:group") { request, context in try await self.updateGroup(request, context) }
        router.get("v1/groups/:group/lists") { request, context in try self.lists(request, context) }
        router.post("v1/envelopes") { request, context in try await self.post(request, context) }
        router.get("v1/envelopes") { request, context in try await self.receive(request, context) }
        router.delete("v1/envelopes/:id") { request, context in try self.deleteEnvelope(request, context) }
        router.post("v1/pairings") { request, context in try await self.createPairing(request, context) }
        router.get("v1/pairings/:slot") { request, context in try await self.awaitJoin(request, context) }
        router.post("v1/pairings/:slot/join") { request, context in try await self.join(request, context) }
        router.post("v1/pairings/:slot/welcome") { request, context in
            try await self.postWelcome(request, context)
        }
        router.get("v1/pairings/:slot/welcome") { request, context in
            try await self.awaitWelcome(request, context)
        }
        return router
    }

    // MARK: Helpers

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    func body<T: Decodable>(_ type: T.Type, _ request: Request, _ context: Context) async throws -> T {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: Self.maximumBody) } catch {
            throw RelayError(
                .contentTooLarge, "payloadTooLarge", "the body is larger than \(Self.maximumBody) bytes")
        }
        do { return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView)) } catch let
            DecodingError.keyNotFound(key, _)
        {
            throw RelayError.invalid("the body lacks \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw RelayError.invalid(
                "wrong type for \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw RelayError.invalid("the body is not JSON of the expected shape")
        }
    }

    func session(_ request: Request) throws -> Session {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw RelayError.unauthorized
        }
        let token = String(header.dropFirst(7))
        guard let session = sessions.withLock({ $0[token] }), session.expiresAt > Date() else {
            throw RelayError(
                .unauthorized, "unauthorized", "unknown or expired session token: sign a new challenge")
        }
        // A device revoked since the session opened is refused at once.
        guard groups.withLock({ $0[session.group]?.device(session.device) }) != nil else {
            sessions.withLock { _ = $0.removeValue(forKey: token) }
            throw RelayError(.forbidden, "forbidden", "this device is no longer in its group")
        }
        return session
    }

    func wait(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters["wait"] else { return 0 }
        guard let seconds = Int(String(text)), (0...30).contains(seconds) else {
            throw RelayError.invalid("wait must be a whole number of seconds from 0 to 30")
        }
        return seconds
    }

    static func randomToken(_ count: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            .base64EncodedString()
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
    }

    static func isSlot(_ text: String) -> Bool {
        text.count == 32 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    // MARK: Sessions

    struct ChallengeAnswer: Encodable {
        var challenge: String
        var expiresAt: String
    }

    func challenge() throws -> Response {
        var generator = SystemRandomNumberGenerator()
        let challenge = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            .base64EncodedString()
        let expiresAt = Date().addingTimeInterval(60)
        challenges.withLock { $0[challenge] = expiresAt }
        return try Self.json(
            ChallengeAnswer(challenge: challenge, expiresAt: DonationCoding.formatDate(expiresAt)))
    }

    struct SessionRequest: Decodable {
        var group: String
        var device: String
        var challenge: String
        var signature: String
    }

    struct SessionAnswer: Encodable {
        var token: String
        var expiresAt: String
    }

    func openSession(_ request: Request, _ context: Context) async throws -> Response {
        let body = try await body(SessionRequest.self, request, context)
        guard let expiry = challenges.withLock({ $0.removeValue(forKey: body.challenge) }), expiry > Date()
        else {
            throw RelayError(.unauthorized, "unauthorized", "unknown, used or expired challenge")
        }
        guard let device = groups.withLock({ $0[body.group]?.device(body.device) }) else {
            throw RelayError(.unauthorized, "unauthorized", "no such device in that group")
        }
        let statement = "proactive-relay-session-v1\n\(body.challenge)\n\(body.group)\n\(body.device)"
        guard let signature = Data(base64Encoded: body.signature),
            (try? device.signingPublicKey().isValidSignature(signature, for: Data(statement.utf8))) == true
        else {
            throw RelayError(
                .unauthorized, "unauthorized", "the signature over the challenge does not verify")
        }
        let token = Self.randomToken()
        let expiresAt = Date().addingTimeInterval(3600)
        sessions.withLock {
            $0[token] = Session(group: body.group, device: body.device, expiresAt: expiresAt)
        }
        return try Self.json(SessionAnswer(token: token, expiresAt: DonationCoding.formatDate(expiresAt)))
    }

    // MARK: Groups

    struct GroupAnswer: Encodable {
        var group: String
        var version: Int
    }

    func createGroup(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await body(SignedDeviceList.self, request, context)
        let list: DeviceList
        do { list = try signed.verified(after: nil) } catch { throw RelayError.invalid(error.message) }
        guard list.version == 1 else { throw RelayError.invalid("a new group starts at version 1") }
        guard try store.add(signed, group: list.group, version: 1) else {
            throw RelayError(.conflict, "conflict", "the group exists")
        }
        groups.withLock { $0[list.group] = list }
        return try Self.json(GroupAnswer(group: list.group, version: 1), status: .created)
    }

    func updateGroup(_ request: Request, _ context: Context) async throws -> Response {
        let session = try session(request)
        let group = context.parameters.get("group") ?? ""
        guard session.group == group else {
            throw RelayError(.forbidden, "forbidden", "not this device's group")
        }
        let signed = try await body(SignedDeviceList.self, request, context)
        guard let current = groups.withLock({ $0[group] }) else { throw RelayError.notFound("no such group") }
        let list: DeviceList
        do { list = try signed.verified(after: current) } catch {
            throw RelayError(error.code == .invalid ? .conflict : .badRequest, "invalidList", error.message)
        }
        guard try store.add(signed, group: group, version: list.version) else {
            throw RelayError(
                .conflict, "conflict", "version \(list.version) exists: fetch the lists and try again")
        }
        groups.withLock { $0[group] = list }
        let removed = current.devices.map(\.id).filter { list.device($0) == nil }
        try store.deleteEnvelopes(for: removed)
        sessions.withLock { $0 = $0.filter { !removed.contains($0.value.device) } }
        for device in current.devices { waiters.notify(device.id) }
        return try Self.json(GroupAnswer(group: group, version: list.version))
    }

    struct ListsAnswer: Encodable {
        var lists: [SignedDeviceList]
    }

    func lists(_ request: Request, _ context: Context) throws -> Response {
        let session = try session(request)
        let group = context.parameters.get("group") ?? ""
        guard session.group == group else {
            throw RelayError(.forbidden, "forbidden", "not this device's group")
        }
        let since = request.uri.queryParameters["since"].flatMap { Int(String($0)) } ?? 0
        return try Self.json(ListsAnswer(lists: try store.lists(group: group, since: since)))
    }

    // MARK: Envelopes

    struct Outgoing: Decodable {
        var to: String
        var ciphertext: String
        var ttl: Int?
    }

    struct Posted: Encodable {
        var id: String
        var expiresAt: String
    }

    func post(_ request: Request, _ context: Context) async throws -> Response {
        let session = try session(request)
        let body = try await body(Outgoing.self, request, context)
        guard groups.withLock({ $0[session.group]?.device(body.to) }) != nil else {
            throw RelayError.notFound("to: no such device in the group")
        }
        guard let ciphertext = Data(base64Encoded: body.ciphertext), ciphertext.count > 48 else {
            throw RelayError.invalid("ciphertext must be base64 of a sealed envelope")
        }
        guard ciphertext.count <= EnvelopeSealer.maximumCiphertext else {
            throw RelayError(
                .contentTooLarge, "payloadTooLarge",
                "the ciphertext has \(ciphertext.count) bytes; at most \(EnvelopeSealer.maximumCiphertext)")
        }
        let ttl = body.ttl ?? 3600
        guard (1...configuration.maximumEnvelopeLifetime).contains(ttl) else {
            throw RelayError.invalid("ttl must be from 1 to \(configuration.maximumEnvelopeLifetime) seconds")
        }
        let now = Date()
        guard try store.waitingCount(for: body.to, now: now) < configuration.maximumEnvelopesPerDevice else {
            throw RelayError(.tooManyRequests, "mailboxFull", "the recipient has too many envelopes waiting")
        }
        let id = UUID().uuidString.lowercased()
        let expiresAt = now.addingTimeInterval(TimeInterval(ttl))
        try store.store(
            id: id, recipient: body.to, ciphertext: ciphertext, receivedAt: now, expiresAt: expiresAt)
        waiters.notify(body.to)
        return try Self.json(
            Posted(id: id, expiresAt: DonationCoding.formatDate(expiresAt)), status: .created)
    }

    struct Delivered: Encodable {
        var id: String
        var ciphertext: String
        var receivedAt: String
        var expiresAt: String
    }

    struct Inbox: Encodable {
        var envelopes: [Delivered]
        var listVersion: Int
    }

    func receive(_ request: Request, _ context: Context) async throws -> Response {
        let session = try session(request)
        let wait = try wait(request)
        let deadline = ContinuousClock.now + .seconds(wait)
        while true {
            let generation = waiters.generation(of: session.device)
            let found = try store.envelopes(for: session.device, now: Date())
            let version = groups.withLock { $0[session.group]?.version ?? 0 }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if !found.isEmpty || remaining <= .zero || Task.isCancelled || waiters.isClosed {
                // Still a member? (A revoked device's long poll ends with nothing.)
                _ = try self.session(request)
                return try Self.json(
                    Inbox(
                        envelopes: found.map {
                            Delivered(
                                id: $0.id, ciphertext: $0.ciphertext.base64EncodedString(),
                                receivedAt: DonationCoding.formatDate($0.receivedAt),
                                expiresAt: DonationCoding.formatDate($0.expiresAt))
                        }, listVersion: version))
            }
            await waiters.wait(for: session.device, after: generation, timeout: remaining)
        }
    }

    func deleteEnvelope(_ request: Request, _ context: Context) throws -> Response {
        let session = try session(request)
        guard try store.delete(id: context.parameters.get("id") ?? "", recipient: session.device) else {
            throw RelayError.notFound("no such envelope for this device")
        }
        return Response(status: .noContent)
    }

    // MARK: Pairing

    struct SlotRequest: Decodable {
        var slot: String
        var ttl: Int?
    }

    struct SlotAnswer: Encodable {
        var slot: String
        var expiresAt: String
    }

    struct Sealed: Codable {
        var join: String?
        var welcome: String?
    }

    func createPairing(_ request: Request, _ context: Context) async throws -> Response {
        let session = try session(request)
        let body = try await body(SlotRequest.self, request, context)
        guard Self.isSlot(body.slot) else {
            throw RelayError.invalid("slot must be 32 lowercase hex characters")
        }
        let ttl = body.ttl ?? 300
        guard (1...600).contains(ttl) else { throw RelayError.invalid("ttl must be from 1 to 600 seconds") }
        let expiresAt = Date().addingTimeInterval(TimeInterval(ttl))
        let created = pairings.withLock { pairings -> Bool in
            guard pairings[body.slot] == nil else { return false }
            pairings[body.slot] = Pairing(group: session.group, device: session.device, expiresAt: expiresAt)
            return true
        }
        guard created else { throw RelayError(.conflict, "conflict", "the slot exists") }
        return try Self.json(
            SlotAnswer(slot: body.slot, expiresAt: DonationCoding.formatDate(expiresAt)), status: .created)
    }

    private func pairing(_ slot: String) throws -> Pairing {
        guard let pairing = pairings.withLock({ $0[slot] }), pairing.expiresAt > Date() else {
            throw RelayError.notFound("unknown or expired pairing code")
        }
        return pairing
    }

    private func ownedPairing(_ request: Request, _ context: Context) throws -> (String, Pairing) {
        let session = try session(request)
        let slot = context.parameters.get("slot") ?? ""
        let pairing = try pairing(slot)
        guard pairing.device == session.device else {
            throw RelayError(.forbidden, "forbidden", "the slot belongs to another device")
        }
        return (slot, pairing)
    }

    func awaitJoin(_ request: Request, _ context: Context) async throws -> Response {
        let (slot, _) = try ownedPairing(request, context)
        let deadline = ContinuousClock.now + .seconds(try wait(request))
        while true {
            let generation = waiters.generation(of: "join/" + slot)
            if let join = try pairing(slot).join { return try Self.json(Sealed(join: join)) }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero || Task.isCancelled || waiters.isClosed {
                return Response(status: .noContent)
            }
            await waiters.wait(for: "join/" + slot, after: generation, timeout: remaining)
        }
    }

    func join(_ request: Request, _ context: Context) async throws -> Response {
        let slot = context.parameters.get("slot") ?? ""
        let body = try await body(Sealed.self, request, context)
        guard let join = body.join, let bytes = Data(base64Encoded: join), bytes.count <= 4096 else {
            throw RelayError.invalid("join must be base64 of at most 4096 bytes")
        }
        _ = try pairing(slot)
        let taken = pairings.withLock { pairings -> Bool in
            guard pairings[slot]?.join == nil else { return true }
            pairings[slot]?.join = join
            return false
        }
        guard !taken else { throw RelayError(.conflict, "conflict", "this pairing code was already used") }
        waiters.notify("join/" + slot)
        return Response(status: .accepted)
    }

    func postWelcome(_ request: Request, _ context: Context) async throws -> Response {
        let (slot, pairing) = try ownedPairing(request, context)
        let body = try await body(Sealed.self, request, context)
        guard let welcome = body.welcome, Data(base64Encoded: welcome) != nil else {
            throw RelayError.invalid("welcome must be base64")
        }
        guard pairing.join != nil else { throw RelayError(.conflict, "conflict", "no device joined yet") }
        pairings.withLock { $0[slot]?.welcome = welcome }
        waiters.notify("welcome/" + slot)
        return Response(status: .accepted)
    }

    func awaitWelcome(_ request: Request, _ context: Context) async throws -> Response {
        let slot = context.parameters.get("slot") ?? ""
        let deadline = ContinuousClock.now + .seconds(try wait(request))
        while true {
            let generation = waiters.generation(of: "welcome/" + slot)
            if let welcome = try pairing(slot).welcome {
                // Fetched once: the slot is spent.
                pairings.withLock { _ = $0.removeValue(forKey: slot) }
                return try Self.json(Sealed(welcome: welcome))
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero || Task.isCancelled || waiters.isClosed {
                return Response(status: .noContent)
            }
            await waiters.wait(for: "welcome/" + slot, after: generation, timeout: remaining)
        }
    }
}

/// Logs each request's method, route and status: never its body, token or sender.
struct RelayLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            let response = try await next(request, context)
            logger.debug("\(request.method) \(request.uri.path) \(response.status.code)")
            return response
        } catch let error as RelayError {
            logger.debug("\(request.method) \(request.uri.path) \(error.status.code)")
            throw error
        }
    }
}
