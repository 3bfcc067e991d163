import Crypto
import Foundation
import Logging
import Proactive
import ProactiveModel
import ProactiveStorage

/// A device in its user's Handoff group: pairs with the user's other devices through the
/// relay, advertises the activity current here (sealed to each member), keeps the offers the
/// other devices advertise, answers their payload requests and continues their activities.
///
/// One agent acts for one user of a store; the daemon runs one per user with a device identity.
/// Nothing it logs names a title, URL, app or `userInfo`.
public actor DeviceAgent {
    /// A device of the group, as `device list` shows it.
    public struct Member: Sendable, Hashable, Codable {
        /// Its id.
        public var id: String
        /// Its name.
        public var name: String
        /// Whether it is this device.
        public var isCurrent: Bool
    }

    /// A pairing code to show, with its expiry and verification string.
    public struct Invitation: Sendable, Hashable, Codable {
        /// The code to type on the joining device.
        public var code: String
        /// When it stops working (ISO 8601).
        public var expiresAt: String
        /// The string both screens show.
        public var verification: String
    }

    /// What joining a group answers.
    public struct Joined: Sendable, Hashable, Codable {
        /// The group's id.
        public var group: String
        /// This device.
        public var device: Member
        /// The string the showing device displayed: they must match.
        public var verification: String
    }

    /// The engine acting for the agent's user.
    public let engine: ProactiveEngine
    let state: DeviceStateStore
    let client: RelayClient
    let logger: Logger
    let onOffersChanged: @Sendable () -> Void
    /// How long `continue` waits for the source device's payload.
    let payloadTimeout: Duration
    /// How long an offer is kept without being advertised again.
    let offerLifetime: TimeInterval = 12 * 3600

    private let identity: DeviceIdentity
    private var trusted: (list: DeviceList, signed: SignedDeviceList)?
    private var session: RelaySession?
    /// What was last sent to each member: an advertisement's key, or "" for a withdrawal.
    private var sent: [String: String] = [:]
    private var pending: [String: CheckedContinuation<HandoffMessage, any Error>] = [:]
    private let triggers: AsyncStream<Void>
    private let trigger: AsyncStream<Void>.Continuation
    private var relayFailing = false

    /// An agent for `engine`'s user, with state in `state` and the relay at `relay`.
    public init(
        engine: ProactiveEngine, state: DeviceStateStore, relay: URL, deviceName: String, logger: Logger,
        payloadTimeout: Duration = .seconds(10), onOffersChanged: @escaping @Sendable () -> Void = {}
    ) throws {
        self.engine = engine
        self.state = state
        self.client = RelayClient(url: relay)
        self.logger = logger
        self.payloadTimeout = payloadTimeout
        self.onOffersChanged = onOffersChanged
        identity = try state.identity(user: engine.user.rawValue, makingWithName: deviceName)
        if let signed = try state.signedList(user: engine.user.rawValue) {
            let list = try signed.unverifiedList()  // verified when kept
            trusted = (list, signed)
            if list.device(identity.id) != nil {
                session = RelaySession(client: client, identity: identity, group: list.group)
            }
        }
        (triggers, trigger) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    private var user: String { engine.user.rawValue }

    /// This device's id.
    public nonisolated var deviceID: String { identity.id }

    // MARK: Running

    /// Receives from the relay and advertises until cancelled.
    public func run() async {
        publishOffers()
        trigger.yield()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.receiveLoop() }
            group.addTask { await self.advertiseLoop() }
            await group.waitForAll()
        }
    }

    /// Tells the agent the store changed: the current activity may have.
    public nonisolated func changed() { trigger.yield() }

    private func receiveLoop() async {
        while !Task.isCancelled {
            guard let session else {
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            do {
                let inbox = try await session.receive(wait: 20)
                if let trusted, inbox.listVersion > trusted.list.version { try await refreshList() }
                for envelope in inbox.envelopes {
                    await handle(envelope)
                    try? await session.delete(envelope: envelope.id)
                }
                noteRelay(nil)
            } catch {
                if Task.isCancelled { return }
                noteRelay(error)
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    private func advertiseLoop() async {
        for await _ in triggers {
            if Task.isCancelled { return }
            if !(await reconcile()) {
                // The relay is down (or refused): try again shortly; an advertisement is sent
                // when it returns, if the activity is still current then.
                Task {
                    try? await Task.sleep(for: .seconds(1))
                    self.trigger.yield()
                }
            }
        }
    }

    private func noteRelay(_ error: (any Error)?) {
        if let error, !relayFailing {
            relayFailing = true
            logger.warning("the relay cannot be reached; retrying", metadata: ["error": "\(error)"])
        } else if error == nil, relayFailing {
            relayFailing = false
            logger.notice("the relay answers again")
            trigger.yield()
        }
    }

    // MARK: Advertising

    /// Sends each member what it lacks: the current activity's advertisement, or a withdrawal.
    /// Answers false if something could not be sent.
    private func reconcile() async -> Bool {
        guard let trusted, let session else { return true }
        let desired: HandoffActivity?
        do { desired = try engine.currentHandoffActivity() } catch {
            logger.error("cannot read the current activity", metadata: ["error": "\(error)"])
            return false
        }
        let key =
            desired.map {
                [$0.reference, $0.app, $0.activityType, $0.title ?? "", $0.webpageURL ?? ""].joined(
                    separator: "\u{1F}")
            } ?? ""
        var complete = true
        let members = trusted.list.devices.filter { $0.id != identity.id }
        sent = sent.filter { id, _ in members.contains { $0.id == id } }
        for member in members where sent[member.id] != key {
            let message: HandoffMessage
            if let desired {
                var body: [String: JSONValue] = [
                    "activity": .string(desired.reference), "app": .string(desired.app),
                    "activityType": .string(desired.activityType),
                ]
                if let title = desired.title { body["title"] = .string(title) }
                if let url = desired.webpageURL { body["webpageURL"] = .string(url) }
                message = HandoffMessage(
                    kind: .advertise, from: identity.id, to: member.id, sentAt: Date(), body: body)
            } else {
                message = HandoffMessage(
                    kind: .withdraw, from: identity.id, to: member.id, sentAt: Date(), body: [:])
            }
            do {
                try await session.send(
                    to: member.id, ciphertext: EnvelopeSealer.seal(message, from: identity, to: member))
                sent[member.id] = key
                logger.debug("sent", metadata: ["kind": "\(message.kind.rawValue)", "to": "\(member.id)"])
            } catch {
                complete = false
                noteRelay(error)
            }
        }
        return complete
    }

    // MARK: Receiving

    private func handle(_ envelope: RelayEnvelope) async {
        guard let trusted else { return }
        do {
            guard let data = Data(base64Encoded: envelope.ciphertext) else {
                throw HandoffError(.invalid, "the envelope is not base64")
            }
            let now = Date()
            let message = try EnvelopeSealer.open(data, as: identity, members: trusted.list, now: now)
            guard try state.firstSighting(of: message.id, user: user, now: now) else {
                throw HandoffError(.replayed, "the message was seen before (a replay)")
            }
            try await handle(message, now: now)
        } catch {
            logger.warning(
                "refused an envelope", metadata: ["envelope": "\(envelope.id)", "reason": "\(error)"])
        }
    }

    private func handle(_ message: HandoffMessage, now: Date) async throws {
        switch message.kind {
        case .advertise:
            guard let activity = message.string("activity"), let app = message.string("app"),
                let activityType = message.string("activityType")
            else {
                throw HandoffError(.invalid, "the advertisement lacks its activity, app or activity type")
            }
            try state.keep(
                HandoffOfferRecord(
                    source: message.from, activity: activity, app: app, activityType: activityType,
                    title: message.string("title"), webpageURL: message.string("webpageURL"),
                    receivedAt: DonationCoding.formatDate(now)), user: user)
            publishOffers()
        case .withdraw:
            if try state.withdrawOffer(source: message.from, activity: message.string("activity"), user: user)
            {
                publishOffers()
            }
        case .payloadRequest:
            guard let request = message.string("request"), let reference = message.string("activity") else {
                throw HandoffError(.invalid, "the payload request lacks its request id or activity")
            }
            await answerPayloadRequest(request: request, reference: reference, to: message.from)
        case .payload, .payloadError:
            guard let request = message.string("request"), let waiting = pending.removeValue(forKey: request)
            else {
                return
            }
            waiting.resume(returning: message)
        }
    }

    private func answerPayloadRequest(request: String, reference: String, to device: String) async {
        guard let session, let member = trusted?.list.device(device) else { return }
        var body: [String: JSONValue] = ["request": .string(request)]
        var kind = HandoffMessage.Kind.payload
        do {
            let activity = try engine.handoffPayload(reference)
            let bytes = try DonationCoding.makeEncoder().encode(activity)
            body["activity"] = try JSONDecoder().decode(JSONValue.self, from: bytes)
        } catch {
            kind = .payloadError
            body["error"] = .string("\(error)")
        }
        do {
            var message = HandoffMessage(
                kind: kind, from: identity.id, to: member.id, sentAt: Date(), body: body)
            let sealed: Data
            do { sealed = try EnvelopeSealer.seal(message, from: identity, to: member) } catch let error
                as HandoffError
                where error.code == .tooLarge
            {
                message = HandoffMessage(
                    kind: .payloadError, from: identity.id, to: member.id, sentAt: Date(),
                    body: ["request": .string(request), "error": .string(error.message)])
                sealed = try EnvelopeSealer.seal(message, from: identity, to: member)
            }
            try await session.send(to: member.id, ciphertext: sealed, ttl: 120)
        } catch {
            logger.warning("cannot answer a payload request", metadata: ["error": "\(error)"])
        }
    }

    /// Hands the engine the offers kept, with their devices' names (offers from devices no
    /// longer in the group, or not advertised again for 12 hours, are left out).
    private func publishOffers() {
        let records = (try? state.offers(user: user)) ?? []
        let now = Date()
        let offers: [HandoffOffer] = records.compactMap { record in
            guard let device = trusted?.list.device(record.source), device.id != identity.id,
                let receivedAt = DonationCoding.parseDate(record.receivedAt),
                now.timeIntervalSince(receivedAt) < offerLifetime
            else { return nil }
            return HandoffOffer(
                sourceDevice: device.id, sourceName: device.name, activity: record.activity, app: record.app,
                activityType: record.activityType, title: record.title, webpageURL: record.webpageURL,
                receivedAt: receivedAt)
        }
        engine.setHandoffOffers(offers)
        onOffersChanged()
    }

    /// Fetches and verifies the list versions the relay has beyond the trusted one.
    private func refreshList() async throws {
        guard let trusted, let session else { return }
        let lists = try await session.lists(since: trusted.list.version)
        let newest = try SignedDeviceList.verifiedChain(lists, after: trusted.list)
        guard newest.version > trusted.list.version,
            let signed = lists.first(where: { (try? $0.unverifiedList().version) == newest.version })
        else { return }
        try adopt(signed, list: newest)
    }

    private func adopt(_ signed: SignedDeviceList, list: DeviceList) throws {
        try state.keep(signed, version: list.version, user: user)
        trusted = (list, signed)
        if list.device(identity.id) == nil {
            // Revoked: nothing more is sent to or by this device.
            logger.notice("this device was removed from its group")
            session = nil
        } else if session == nil {
            session = RelaySession(client: client, identity: identity, group: list.group)
        }
        publishOffers()
        trigger.yield()
    }

    // MARK: Commands

    /// The group's devices (just this one before it pairs).
    public func members() -> [Member] {
        guard let trusted, trusted.list.device(identity.id) != nil else {
            return [Member(id: identity.id, name: identity.name, isCurrent: true)]
        }
        return trusted.list.devices.map { Member(id: $0.id, name: $0.name, isCurrent: $0.id == identity.id) }
    }

    /// Makes a one-time pairing code (and the group, on first use) and waits in the background
    /// for the device that types it.
    public func makeCode(lifetime: Int = 300) async throws -> Invitation {
        if trusted == nil || trusted?.list.device(identity.id) == nil {
            let list = DeviceList(
                group: DeviceList.newGroupID(), version: 1, issuedAt: DonationCoding.formatDate(Date()),
                devices: [identity.record])
            let signed = try SignedDeviceList(signing: list, as: identity)
            try await client.createGroup(signed)
            session = RelaySession(client: client, identity: identity, group: list.group)
            try adopt(signed, list: list)
        }
        guard let session else { throw HandoffError(.notPaired, "this device has no group") }
        let code = PairingCode()
        try await session.createPairing(slot: code.slot, ttl: lifetime)
        let deadline = Date().addingTimeInterval(TimeInterval(lifetime))
        Task { await self.awaitJoin(code, until: deadline) }
        return Invitation(
            code: code.text, expiresAt: DonationCoding.formatDate(deadline.rounded()),
            verification: code.verification(
                showingSigningKey: identity.signingKey.publicKey.rawRepresentation))
    }

    private struct JoinDocument: Codable {
        var device: DeviceRecord
    }

    private struct WelcomeDocument: Codable {
        var joiner: String
        var list: SignedDeviceList
    }

    private func awaitJoin(_ code: PairingCode, until deadline: Date) async {
        while Date() < deadline, !Task.isCancelled, let session {
            do {
                guard let sealed = try await session.join(slot: code.slot, wait: 20) else { continue }
                let document = try JSONDecoder().decode(
                    JoinDocument.self, from: try code.open(sealed, aad: "join"))
                try document.device.validate()
                guard let trusted else { return }
                var list = trusted.list
                if list.device(document.device.id) == nil {
                    list.version += 1
                    list.issuedAt = DonationCoding.formatDate(Date())
                    list.devices.append(document.device)
                    let signed = try SignedDeviceList(signing: list, as: identity)
                    try await session.updateGroup(signed)
                    try adopt(signed, list: list)
                }
                let welcome = try JSONEncoder().encode(
                    WelcomeDocument(joiner: document.device.id, list: self.trusted!.signed))
                try await session.welcome(slot: code.slot, sealed: code.seal(welcome, aad: "welcome"))
                logger.notice("a device joined the group", metadata: ["device": "\(document.device.id)"])
                return
            } catch let error as HandoffError where error.code == .notFound {
                return  // The slot expired.
            } catch {
                logger.warning("pairing failed", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Joins the group of the device that shows `code`.
    public func join(code text: String, wait: TimeInterval = 60) async throws -> Joined {
        let code = try PairingCode(text)
        if let trusted, trusted.list.device(identity.id) != nil, trusted.list.devices.count > 1 {
            throw HandoffError(
                .conflict,
                "this device is already in a group of \(trusted.list.devices.count) devices; revoke it there first"
            )
        }
        let document = try JSONEncoder().encode(JoinDocument(device: identity.record))
        do { try await client.join(slot: code.slot, sealed: code.seal(document, aad: "join")) } catch let
            error
            as HandoffError
        {
            switch error.code {
            case .notFound: throw HandoffError(.notFound, "unknown or expired pairing code")
            case .conflict: throw HandoffError(.conflict, "this pairing code was already used")
            default: throw error
            }
        }
        let deadline = Date().addingTimeInterval(wait)
        while Date() < deadline {
            guard let sealed = try await client.welcome(slot: code.slot, wait: 20) else { continue }
            let welcome = try JSONDecoder().decode(
                WelcomeDocument.self, from: try code.open(sealed, aad: "welcome"))
            guard welcome.joiner == identity.id else {
                throw HandoffError(.unauthentic, "the welcome is for another device")
            }
            let list = try welcome.list.verified(after: nil)
            guard list.device(identity.id) != nil, let signer = list.device(welcome.list.signer) else {
                throw HandoffError(.unauthentic, "the group's list does not hold this device")
            }
            sent = [:]
            session = RelaySession(client: client, identity: identity, group: list.group)
            try adopt(welcome.list, list: list)
            let raw = try signer.signingPublicKey().rawRepresentation
            return Joined(
                group: list.group, device: Member(id: identity.id, name: identity.name, isCurrent: true),
                verification: code.verification(showingSigningKey: raw))
        }
        throw HandoffError(
            .timedOut,
            "the device showing the code did not answer within \(Int(wait)) seconds (is its daemon connected to the same relay?)"
        )
    }

    /// Removes a device from the group: signs the list without it. It receives nothing sent
    /// after, and its offers are dropped here.
    public func revoke(_ id: String) async throws -> [Member] {
        guard let trusted, let session, trusted.list.device(identity.id) != nil else {
            throw HandoffError(
                .notPaired, "this device is in no group (make one with `proactive device code`)")
        }
        guard trusted.list.device(id) != nil else {
            throw HandoffError(.notFound, "no device \(id) in the group (see `proactive device list`)")
        }
        guard id != identity.id else {
            throw HandoffError(
                .invalid, "a device cannot revoke itself: revoke it from another device of the group")
        }
        var list = trusted.list
        list.version += 1
        list.issuedAt = DonationCoding.formatDate(Date())
        list.devices.removeAll { $0.id == id }
        let signed = try SignedDeviceList(signing: list, as: identity)
        try await session.updateGroup(signed)
        try state.withdrawOffer(source: id, activity: nil, user: user)
        try adopt(signed, list: list)
        return members()
    }

    /// Continues an offer: asks its device for the payload and continues it in its app here
    /// when the app is declared with the activity's type, else answers its web page.
    public func continueOffer(_ id: String, appInstalled: Bool = true) async throws -> ContinuationResult {
        let offer = try engine.handoffOffer(id)
        guard appInstalled, engine.canContinueHere(app: offer.app, activityType: offer.activityType) else {
            guard let url = offer.webpageURL else {
                throw HandoffError(
                    .notFound,
                    "the app \(offer.app) is not declared on this device for \(offer.activityType), and the activity has no webpageURL"
                )
            }
            return .openWebpage(url: url)
        }
        guard let session, let member = trusted?.list.device(offer.sourceDevice) else {
            throw HandoffError(.notPaired, "the offering device is no longer in the group")
        }
        let request = UUID().uuidString.lowercased()
        let message = HandoffMessage(
            kind: .payloadRequest, from: identity.id, to: member.id, sentAt: Date(),
            body: ["request": .string(request), "activity": .string(offer.activity)])
        try await session.send(
            to: member.id, ciphertext: EnvelopeSealer.seal(message, from: identity, to: member), ttl: 120)
        let timeout = payloadTimeout
        let answer = try await withCheckedThrowingContinuation { continuation in
            pending[request] = continuation
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(request, device: member.name)
            }
        }
        if answer.kind == .payloadError {
            throw HandoffError(
                .notFound,
                "\(member.name) cannot hand the activity off: \(answer.string("error") ?? "no reason given")")
        }
        guard let value = answer.body["activity"],
            let activity = try? DonationCoding.makeDecoder().decode(
                UserActivity.self, from: JSONEncoder().encode(value)),
            activity.activityType == offer.activityType
        else {
            throw HandoffError(.invalid, "\(member.name) answered a payload that is not the offered activity")
        }
        return try engine.continueHandedOff(activity, app: offer.app)
    }

    private func expire(_ request: String, device: String) {
        pending.removeValue(forKey: request)?.resume(
            throwing: HandoffError(.timedOut, "\(device) did not send the activity within \(payloadTimeout)"))
    }
}

extension Date {
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
