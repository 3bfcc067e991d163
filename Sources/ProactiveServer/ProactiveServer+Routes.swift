import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import Proactive
import ProactiveModel
import ProactiveStorage
import Prometheus
import Synchronization

extension ProactiveServer {
    typealias Context = ProactiveRequestContext

    /// The router: every route of ``APIRoute/all``.
    func makeRouter() -> Router<Context> {
        let router = Router(context: Context.self)
        _ = ServerMetrics.registry
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: DrainMiddleware(state: drain))
        router.add(
            middleware: ConcurrencyLimitMiddleware(
                limit: configuration.maxConcurrentRequestsPerToken, inFlight: inFlight))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.on(RouterPath(APIRoute.donations.path), method: .post) { try await self.donate($0, $1) }
        router.on(RouterPath(APIRoute.suggestions.path), method: .get) { try await self.suggestions($0, $1) }
        router.on(RouterPath(APIRoute.search.path), method: .get) { try await self.search($0, $1) }
        router.on(RouterPath(APIRoute.ask.path), method: .post) { try await self.ask($0, $1) }
        router.on(RouterPath(APIRoute.deletions.path), method: .post) { try await self.delete($0, $1) }
        router.on(RouterPath(APIRoute.continuations.path), method: .post) {
            try await self.continueActivity($0, $1)
        }
        registerDeviceRoutes(router)
        router.on(RouterPath(APIRoute.export.path), method: .get) { try await self.export($0, $1) }
        router.on(RouterPath(APIRoute.apps.path), method: .get) { try await self.apps($0, $1) }
        router.on(RouterPath(APIRoute.inspectorState.path), method: .get) {
            try await self.inspectorState($0, $1)
        }
        router.on(RouterPath(APIRoute.health.path), method: .get) { _, _ in
            APIEncoding.response(Array(#"{"status":"ok"}"#.utf8))
        }
        router.on(RouterPath(APIRoute.metrics.path), method: .get) { _, _ in
            var buffer: [UInt8] = []
            ServerMetrics.registry.emit(into: &buffer)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
        }
        router.on(RouterPath(APIRoute.inspectorPage.path), method: .get) { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/html; charset=utf-8",
                    .contentSecurityPolicy:
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: InspectorPage.html)))
        }
        hub.inspector.withLock { $0 = { [self] user in try self.makeInspectorState(user: user) } }
        router.ws(
            RouterPath(APIRoute.live.path),
            shouldUpgrade: { request, context in
                do {
                    return try await self.admitLive(request)
                } catch let error as APIError {
                    // A WebSocket client is told why, not the upgrade machinery's bare 400.
                    if request.headers[.upgrade] != nil {
                        self.upgradeRefusals.refuse(context.connection, with: error)
                    }
                    throw error
                }
            },
            onUpgrade: { inbound, outbound, context in
                let principal = try await self.authenticate(context.request, allowQueryToken: true)
                let session = self.hub.open(user: principal.user)
                ServerMetrics.liveSessions.record(self.hub.sessionCount)
                defer {
                    self.hub.close(session)
                    ServerMetrics.liveSessions.record(self.hub.sessionCount)
                }
                // The session ends when the client closes or when the hub closes it (the daemon
                // is shutting down): a client that never answers the close cannot hold the
                // daemon's shutdown, as the WebSocket's close timeout then drops it.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        defer { self.hub.close(session) }
                        var allowance = MessageAllowance(rate: self.configuration.liveMessageRate)
                        for try await message in inbound.messages(maxSize: 1 << 16) {
                            guard case .text(let text) = message else { continue }
                            guard allowance.take() else {
                                session.send(
                                    APIError(
                                        .tooManyRequests, "tooManyRequests",
                                        "at most \(Int(allowance.rate)) messages a second on one live connection: this one was dropped"
                                    ), id: nil)
                                continue
                            }
                            await self.handleLiveMessage(text, session: session)
                        }
                    }
                    for await message in session.messages {
                        switch message {
                        case .text(let text): try await outbound.write(.text(text))
                        case .ping:
                            try await outbound.write(.custom(.init(fin: true, opcode: .ping, data: .init())))
                        }
                    }
                    group.cancelAll()
                }
            })
        return router
    }

    /// Whether a `/v1/live` request may become a WebSocket: a system token, an upgrade request,
    /// and room under the user's live connection limit.
    func admitLive(_ request: Request) async throws -> RouterShouldUpgrade {
        let principal = try await self.authenticate(request, allowQueryToken: true)
        guard principal.donor == .system else { throw APIError.systemOnly("live surfaces") }
        let limit = self.configuration.maxLiveSessionsPerUser
        guard self.hub.sessionCount(for: principal.user) < limit else {
            var error = APIError(
                .tooManyRequests, "tooManyRequests",
                "this user already has \(limit) live connections open: close one, or subscribe to several lists on one connection"
            )
            error.headers[.retryAfter] = "1"
            throw error
        }
        guard request.headers[.upgrade]?.lowercased() == "websocket" else {
            var error = APIError(
                .upgradeRequired, "upgradeRequired",
                "this endpoint is a WebSocket: send an upgrade request")
            error.headers[.upgrade] = "websocket"
            throw error
        }
        return .upgrade([:])
    }

    // MARK: Authentication

    /// Whom the request acts for, from `Authorization: Bearer …` (or `?token=` where browsers
    /// cannot set headers: the WebSocket).
    func authenticate(_ request: Request, allowQueryToken: Bool = false) async throws -> Principal {
        var token: String?
        if let header = request.headers[.authorization] {
            guard let bearer = Self.bearerToken(header) else { throw APIError.unauthorized }
            token = bearer
        } else if allowQueryToken, let query = request.uri.queryParameters["token"] {
            token = String(query)
        }
        guard let token, !token.isEmpty else { throw APIError.unauthorized }
        let tokens = tokens
        var found = tokens.cachedPrincipal(forToken: token)
        if found == nil { found = try await blocking { try tokens.principal(forToken: token) } }
        guard let principal = found else {
            var error = APIError.unauthorized
            error.message = "unknown or revoked token"
            throw error
        }
        return principal
    }

    /// The token of an `Authorization: Bearer <token>` header (the scheme in any case, spaces
    /// and tabs around the token trimmed), or `nil` for another scheme. Read as UTF-8 bytes:
    /// Foundation's `trimmingCharacters(in:)` was 1.5 % of a computed suggestion's time.
    static func bearerToken(_ header: String) -> String? {
        let bytes = Array(header.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count, bytes[scheme.count] == 0x20 else { return nil }
        for (byte, expected) in zip(bytes, scheme) where byte | 0x20 != expected { return nil }
        var start = scheme.count + 1
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func parameters(_ request: Request) -> RequestParameters {
        var values: [String: String] = [:]
        var repeated: Set<String> = []
        for (name, value) in request.uri.queryParameters {
            if values.updateValue(String(value), forKey: String(name)) != nil {
                repeated.insert(String(name))
            }
        }
        let badlyEncoded =
            request.uri.query.map { RequestParameters.badlyEncodedNames(inQuery: $0[...]) } ?? []
        return RequestParameters(values, repeated: repeated, badlyEncoded: badlyEncoded)
    }

    /// A JSON object body with only the `fields` named (a misspelt field is refused by name,
    /// not ignored), at most `limit` bytes.
    func jsonBody(_ request: Request, fields: [String], limit: Int = 1 << 20) async throws -> [String:
        JSONValue]
    {
        let body = try await jsonBody(request, limit: limit)
        if let unknown = body.keys.sorted().first(where: { !fields.contains($0) }) {
            throw APIError.invalid(unknown, "unknown field; expected \(fields.joined(separator: ", "))")
        }
        return body
    }

    /// A JSON object body, at most `limit` bytes.
    func jsonBody(_ request: Request, limit: Int = 1 << 20) async throws -> [String: JSONValue] {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        guard
            let object = try? JSONDecoder().decode(
                [String: JSONValue].self, from: Data(buffer.readableBytesView))
        else {
            throw APIError(.badRequest, "invalidRequest", "the body must be a JSON object", field: "body")
        }
        if let path = JSONDuplicateKeys.firstDuplicate(in: Data(buffer.readableBytesView)) {
            throw APIError(
                .badRequest, "invalidRequest", DonationError.duplicateKey(field: path).reason, field: path)
        }
        return object
    }

    func engineCall<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await blocking(body)
        } catch let error as EngineError {
            throw APIError(error)
        }
    }

    // MARK: Donations

    func donate(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        if let length = request.headers[.contentLength].flatMap({ Int($0) }),
            length > configuration.maxBodySize
        {
            throw APIError(
                .contentTooLarge, "payloadTooLarge",
                "the body has \(length) bytes; at most \(configuration.maxBodySize) are accepted",
                field: "body")
        }
        var request = request
        let buffer = try await request.collectBody(upTo: configuration.maxBodySize)
        let body = Data(buffer.readableBytesView)
        let documents = DonationDocuments.split(body)
        guard !documents.isEmpty else {
            throw APIError(.badRequest, "invalidRequest", "the body holds no document", field: "body")
        }
        // A JSON array holds documents, each an object: an element that is not one makes the
        // body malformed, refused whole before anything is written (an NDJSON line is a
        // document of its own, answered by its receipt).
        let isNDJSON = request.headers[.contentType]?.hasPrefix("application/x-ndjson") == true
        if !isNDJSON, documents.count > 1,
            body.first(where: { !Self.isJSONWhitespace($0) }) == UInt8(ascii: "["),
            let index = documents.firstIndex(where: {
                $0.first(where: { !Self.isJSONWhitespace($0) }) != UInt8(ascii: "{")
            })
        {
            throw APIError(
                .badRequest, "wrongType", "element \(index) of the array is not a JSON object (a document)",
                field: "body[\(index)]")
        }
        let key: String = if case .app(let app) = donor { app } else { "system" }
        if let wait = limiter.take(Double(documents.count), for: principal.user.rawValue + " " + key) {
            ServerMetrics.rateLimited.increment()
            var error = APIError(
                .tooManyRequests, "rateLimited",
                "\(key) donates faster than \(Int(configuration.donationRate)) documents a second; retry later"
            )
            error.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            throw error
        }
        let engine = engine(for: principal.user)
        let parsed = try await blocking { engine.parse(documents: documents) }
        let receipts: [DonationReceipt]
        do {
            receipts = try await donations.donate(parsed, engine: engine, donor: donor)
        } catch let error as EngineError {
            throw APIError(error)
        }
        changes.bump()
        self.receipts.record(receipts, user: principal.user, donorKey: key)
        var counts: [DonationReceipt.Status: Int] = [:]
        for receipt in receipts { counts[receipt.status, default: 0] += 1 }
        for (status, count) in counts { ServerMetrics.donationsByStatus[status]?.increment(by: count) }
        let isSingle = documents.count == 1 && !isNDJSON
        // A JSON array of which no document was accepted or merged changed nothing: an error,
        // with every receipt (an NDJSON stream is answered 200, receipt by receipt).
        if !isSingle, !isNDJSON, (counts[.accepted] ?? 0) + (counts[.merged] ?? 0) == 0 {
            var error = APIError(
                .badRequest, "rejected", "every document of the batch was rejected; each receipt says why",
                field: "body")
            error.receipts = receipts
            throw error
        }
        if isSingle, let receipt = receipts.first, receipt.status == .rejected {
            var error = APIError(
                .badRequest, receipt.code?.rawValue ?? "rejected",
                receipt.reason ?? "the document was rejected",
                field: receipt.field ?? "body")
            error.receipts = receipts
            throw error
        }
        return try APIEncoding.response(
            encoding: DonationResponse(
                accepted: counts[.accepted] ?? 0, merged: counts[.merged] ?? 0,
                rejected: counts[.rejected] ?? 0,
                receipts: receipts))
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Surfaces, search, assistant

    func suggestions(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        guard principal.donor == .system else { throw APIError.systemOnly("surfaces") }
        let parameters = parameters(request)
        try parameters.check(known: RequestParameters.suggestionNames)
        let key = SuggestionCache.Key(user: principal.user.rawValue, parameters: parameters.values)
        let change = changes.value
        if let body = cache.body(for: key, change: change) {
            ServerMetrics.cachedSuggestionLists.increment()
            return APIEncoding.response(body)
        }
        let suggestionRequest = try parameters.suggestionRequest()
        let engine = engine(for: principal.user)
        let suggestions = try await engineCall { try engine.suggestions(for: suggestionRequest) }
        let body = try SuggestionsJSON.response(
            SuggestionsResponse(
                surface: suggestionRequest.surface.rawValue, at: suggestionRequest.now ?? engine.now,
                suggestions: suggestions))
        cache.store(body, for: key, change: change)
        ServerMetrics.computedSuggestionLists.increment()
        return APIEncoding.response(body)
    }

    func search(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        let parameters = parameters(request)
        try parameters.check(known: ["q", "app", "limit", "where", "at", "cursor", "locale"])
        var filter: SearchQueryExpression?
        if let text = parameters["where"] {
            do { filter = try SearchQueryExpression(parsing: text) } catch {
                throw APIError.invalid("where", "\(error)")
            }
        }
        if case .app(let own) = donor, let app = parameters["app"], app != own {
            throw APIError(
                .forbidden, "forbidden", "an app token searches only its own app's data", field: "app")
        }
        let searchRequest = SearchRequest(parameters.values["q"] ?? "", filter: filter).app(parameters["app"])
            .limit(try parameters.integer("limit", in: 1...SearchRequest.maximumLimit) ?? 20)
            .at(try parameters.date("at"))
            // `cursor=` (empty) asks for the first page.
            .cursor(parameters.values["cursor"]).locale(parameters["locale"])
        let engine = engine(for: principal.user)
        let page = try await engineCall { try engine.searchPage(searchRequest, donor: donor) }
        return try APIEncoding.response(
            encoding: SearchResponse(
                query: searchRequest.text, results: page.results, isPaged: searchRequest.cursor != nil,
                nextCursor: page.nextCursor))
    }

    func ask(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        guard principal.donor == .system else { throw APIError.systemOnly("the assistant") }
        let body = try await jsonBody(request)
        let parameters = try RequestParameters(
            strings: body, names: ["utterance", "app", "at", "locale", "timeZone"])
        guard let utterance = parameters["utterance"] else { throw APIError.missing("utterance") }
        let app = parameters["app"]
        let at = try parameters.date("at")
        let engine = engine(for: principal.user)
        let locale = parameters["locale"]
        let timeZone = try parameters.timeZone("timeZone")
        let answer = try await engineCall {
            try engine.ask(utterance, app: app, now: at, locale: locale, timeZone: timeZone)
        }
        return try APIEncoding.response(encoding: answer)
    }

    // MARK: An app's data

    func delete(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        let body = try await jsonBody(request)
        let request = try DeletionRequest(json: body, donor: donor)
        let engine = engine(for: principal.user)
        let result = try await engineCall { try engine.delete(request, donor: donor) }
        changes.bump()
        return try APIEncoding.response(encoding: DeletionResponse(app: result.app, deleted: result.deleted))
    }

    func continueActivity(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        let body = try await jsonBody(request, fields: ["id", "appInstalled"])
        guard case .string(let id)? = body["id"] else { throw APIError.missing("id") }
        try APIError.refuseNUL(in: id, parameter: "id")
        let appInstalled: Bool
        switch body["appInstalled"] {
        case nil: appInstalled = true
        case .bool(let flag)?: appInstalled = flag
        default: throw APIError.invalid("appInstalled", "expected true or false")
        }
        if id.hasPrefix("handoff/") {
            let result = try await continueHandoff(id, appInstalled: appInstalled, principal: principal)
            return try APIEncoding.response(encoding: result)
        }
        let engine = engine(for: principal.user)
        let result = try await engineCall {
            try engine.continueActivity(id, appInstalled: appInstalled, donor: donor)
        }
        changes.bump()
        return try APIEncoding.response(encoding: result)
    }

    func export(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        let parameters = parameters(request)
        try parameters.check(known: ["app"])
        let app: String
        switch (donor, parameters["app"]) {
        case (.app(let own), nil): app = own
        case (_, let named?): app = named
        case (.system, nil): throw APIError.missing("app")
        }
        let engine = engine(for: principal.user)
        let export = try await engineCall { try engine.export(app: app, donor: donor) }
        return try APIEncoding.response(encoding: export)
    }

    func apps(_ request: Request, _ context: Context) async throws -> Response {
        let principal = try await authenticate(request)
        let donor = principal.donor
        let apps = engine(for: principal.user).declaredApps.filter { donor.mayAct(for: $0.bundleIdentifier) }
        return try APIEncoding.response(encoding: ["apps": apps])
    }

    // MARK: Live

    func handleLiveMessage(_ text: String, session: LiveHub.Session) async {
        struct Message: Decodable {
            var type: String
            var id: String?
        }
        guard let data = text.data(using: .utf8),
            let object = try? JSONDecoder().decode([String: JSONValue].self, from: data),
            case .string(let type)? = object["type"]
        else {
            session.send(
                APIError(
                    .badRequest, "invalidMessage",
                    "a message is a JSON object with a type: subscribe or unsubscribe"),
                id: nil)
            return
        }
        let id: String = if case .string(let id)? = object["id"] { id } else { "default" }
        if let path = JSONDuplicateKeys.firstDuplicate(in: data) {
            session.send(
                APIError(
                    .badRequest, "invalidMessage", DonationError.duplicateKey(field: path).reason, field: path
                ),
                id: id)
            return
        }
        switch type {
        case "unsubscribe":
            hub.unsubscribe(session, id: id)
        case "subscribe":
            do {
                var fields = object
                fields["type"] = nil
                fields["id"] = nil
                if case .string("inspector")? = fields["topic"] {
                    await hub.subscribe(session, id: id, to: .inspector)
                    return
                }
                fields["topic"] = nil
                let parameters = try RequestParameters(
                    strings: fields, names: RequestParameters.suggestionNames)
                await hub.subscribe(session, id: id, to: .suggestions(try parameters.suggestionRequest()))
            } catch {
                session.send(error, id: id)
            }
        default:
            session.send(
                APIError(
                    .badRequest, "invalidMessage", "unknown message type; expected subscribe or unsubscribe"),
                id: nil)
        }
    }
}
