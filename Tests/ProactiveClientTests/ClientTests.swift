import Foundation
import Logging
import OpenAPIRuntime
import Proactive
import ProactiveClient
import ProactiveServer
import ProactiveTesting
import Testing

/// The typed client, as an app uses it, against a real daemon on a loopback port.
@Suite struct ClientTests {
    static let app = "com.example.notes"

    /// A daemon on an in-memory store, with a token for the app and one for the system.
    struct Daemon {
        let server: ProactiveServer
        let task: Task<Void, any Error>
        let url: URL
        let appToken: String
        let systemToken: String

        init() async throws {
            var configuration = ServerConfiguration()
            configuration.port = 0
            var logger = Logger(label: "client-tests")
            logger.logLevel = .critical
            server = try ProactiveServer(
                engine: try .inMemory(), configuration: configuration, logger: logger)
            appToken = try server.tokens.create(for: .app(ClientTests.app))
            systemToken = try server.tokens.create(for: .system)
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            task = Task { [server] in try await server.run(handlesSignals: false) { continuation.yield($0) } }
            var port = 0
            for await bound in ports {
                port = bound
                break
            }
            url = URL(string: "http://127.0.0.1:\(port)")!
        }

        func stop() async {
            await server.shutdown()
            _ = try? await task.value
        }
    }

    static func document(_ fields: [String: (any Sendable)?]) throws -> Components.Schemas.Document {
        var fields = fields
        let type = try #require(fields.removeValue(forKey: "type") as? String)
        return Components.Schemas.Document(
            _type: try #require(.init(rawValue: type)),
            additionalProperties: try OpenAPIObjectContainer(unvalidatedValue: fields))
    }

    @Test func anAppDonatesSearchesAndPagesThroughTheTypedClient() async throws {
        let daemon = try await Daemon()
        let client = Client(serverURL: daemon.url, token: daemon.appToken)
        let documents = try (0..<5).map { i in
            try Self.document([
                "type": "searchableItem", "app": Self.app, "uniqueIdentifier": "n-\(i)",
                "attributeSet": ["title": "Grocery list \(i)", "contentDescription": "Milk, eggs, flour"],
            ])
        }
        let donated = try await client.donate(body: .json(.DocumentBatch(documents))).ok.body.json
        #expect(donated.accepted == 5)
        #expect(donated.receipts.map(\.status) == Array(repeating: .accepted, count: 5))

        // Every match, page by page, each once.
        var seen: [String] = []
        var cursor: String? = ""
        while let next = cursor {
            let page = try await client.search(query: .init(q: "grocery", limit: 2, cursor: next)).ok.body
                .json
            seen += page.results.map(\.id)
            cursor = page.nextCursor
        }
        #expect(seen.count == 5)
        #expect(Set(seen).count == 5)
        await daemon.stop()
    }

    @Test func errorsAreTypedAnswersOrThrownDaemonErrors() async throws {
        let daemon = try await Daemon()
        // Without the middleware: the documented status is an enum case with its error body.
        let app = Client(serverURL: daemon.url, token: daemon.appToken)
        let refused = try await app.suggestions(query: .init(surface: .maps))
        guard case .forbidden(let forbidden) = refused else {
            Issue.record("expected 403, got \(refused)")
            return
        }
        #expect(try forbidden.body.json.error.message.isEmpty == false)
        // With DaemonErrorMiddleware: one catch, with the status, code and field named.
        let strict = Client(
            serverURL: daemon.url, token: daemon.appToken, middlewares: [DaemonErrorMiddleware()])
        do {
            _ = try await strict.search(query: .init(q: "x", cursor: "not-a-cursor"))
            Issue.record("a damaged cursor was accepted")
        } catch let error as ClientError {
            let answer = try #require(error.underlyingError as? DaemonError)
            #expect(answer.status == 400)
            #expect(answer.field == "cursor")
        }
        // A rejected single document: its receipt names the field.
        let bad = try Self.document([
            "type": "searchableItem", "app": Self.app, "uniqueIdentifier": "x",
            "attributeSet": ["title": "Nowhere", "latitude": 200.0, "longitude": 0.0]
                as [String: any Sendable],
        ])
        do {
            _ = try await strict.donate(body: .json(.Document(bad)))
            Issue.record("a latitude of 200 was accepted")
        } catch let error as ClientError {
            let answer = try #require(error.underlyingError as? DaemonError)
            #expect(answer.status == 400)
            #expect(answer.receipts?.first?.status == .rejected)
            #expect(answer.field == "attributeSet.latitude")
        }
        // A wrong token: 401.
        let stranger = Client(
            serverURL: daemon.url, token: "pk_unknown", middlewares: [DaemonErrorMiddleware()])
        await #expect(throws: ClientError.self) { _ = try await stranger.apps() }
        await daemon.stop()
    }

    /// The sample of the landing page (ProactiveClient.docc), as written there.
    @Test func theLandingPageSampleRuns() async throws {
        let daemon = try await Daemon()
        let appToken = daemon.appToken
        let documents = try (0..<3).map { i in
            try Self.document([
                "type": "searchableItem", "app": Self.app, "uniqueIdentifier": "g-\(i)",
                "attributeSet": ["title": "Grocery run \(i)"],
            ])
        }
        _ = try await Client(serverURL: daemon.url, token: appToken).donate(
            body: .json(.DocumentBatch(documents)))
        var printed: [String] = []
        func print(_ title: String, _ why: [String]) { printed.append(title) }

        let client = Client(
            serverURL: URL(string: "http://127.0.0.1:\(daemon.url.port!)")!, token: appToken,
            middlewares: [DaemonErrorMiddleware()])
        var cursor: String? = ""  // an empty cursor asks for the first page of every match
        while let next = cursor {
            let page = try await client.search(query: .init(q: "grocery", limit: 50, cursor: next))
                .ok.body.json
            for result in page.results { print(result.title, result.why) }
            cursor = page.nextCursor
        }

        #expect(printed.sorted() == ["Grocery run 0", "Grocery run 1", "Grocery run 2"])
        await daemon.stop()
    }

    @Test func datesTravelWithAndWithoutFractionalSeconds() throws {
        let transcoder = DonationDateTranscoder()
        let whole = try transcoder.decode("2026-11-21T12:00:00Z")
        let fraction = try transcoder.decode("2026-11-21T12:00:00.250+01:00")
        #expect(try transcoder.encode(whole) == "2026-11-21T12:00:00Z")
        #expect(try transcoder.encode(fraction) == "2026-11-21T11:00:00.250Z")
        #expect(throws: DecodingError.self) { try transcoder.decode("yesterday") }
        // A date that cannot exist says why, as the daemon does.
        do {
            _ = try transcoder.decode("2026-02-30T00:00:00Z")
            Issue.record("2026-02-30 decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                context.debugDescription.contains("that month has 28 days"), "\(context.debugDescription)")
        }
    }
}
