import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Proactive
import ProactiveSQLite
import ProactiveServer
import ProactiveStorage
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a test reaches the server: HummingbirdTesting's `.router` client (requests handed to the
/// router in process, no socket) or its `.live` client (the application listening on a loopback
/// port). Tests that take a `TestMode` run the same body on both.
enum TestMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case router, live

    var setup: TestingSetup { self == .router ? .router : .live }
    var testDescription: String { rawValue }
}

/// A server on a fresh store, with an app token for two apps and a system token. Made by
/// ``test(_:configure:_:)`` for one test body, reached through HummingbirdTesting; or by
/// ``init(configure:)``, running for real (with its live hub, for WebSocket tests) until `stop()`.
final class TestServer: Sendable {
    let server: ProactiveServer
    let system: String
    let appA: String
    let appB: String
    let directory: URL
    private let connection: Connection

    private enum Connection {
        /// HummingbirdTesting's client of the application.
        case client(any TestClientProtocol)
        /// The whole server running on a port.
        case running(port: Int, task: Task<Void, any Error>)
    }

    static let a = "com.example.alpha"
    static let b = "com.example.beta"

    /// The port the server listens on (a running server, or a `.live` test's).
    var port: Int {
        switch connection {
        case .client(let client): client.port ?? 0
        case .running(let port, _): port
        }
    }

    private struct Parts {
        var server: ProactiveServer
        var directory: URL
        var system: String
        var appA: String
        var appB: String
    }

    private static func make(configure: (inout ServerConfiguration) -> Void) throws -> Parts {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "proactive-server-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let engine = try ProactiveEngine(
            storage: SQLiteStorage(path: directory.appendingPathComponent("store.sqlite").path))
        var configuration = ServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        // Closing kept-alive test connections at shutdown is logged as errors by Hummingbird.
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let server = try ProactiveServer(engine: engine, configuration: configuration, logger: logger)
        return Parts(
            server: server, directory: directory, system: try server.tokens.create(for: .system),
            appA: try server.tokens.create(for: .app(a)), appB: try server.tokens.create(for: .app(b)))
    }

    private init(_ parts: Parts, connection: Connection) {
        server = parts.server
        directory = parts.directory
        system = parts.system
        appA = parts.appA
        appB = parts.appB
        self.connection = connection
    }

    /// Runs `body` against a new server reached the way `mode` says, then removes its store.
    static func test(
        _ mode: TestMode, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> Void
    ) async throws {
        let parts = try make(configure: configure)
        defer { try? FileManager.default.removeItem(at: parts.directory) }
        try parts.server.engine.prepare()
        try await parts.server.makeApplication().test(mode.setup) { client in
            try await body(TestServer(parts, connection: .client(client)))
        }
    }

    /// Starts the whole server (application, live hub, change watcher) on a loopback port.
    convenience init(configure: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        let parts = try Self.make(configure: configure)
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { [server = parts.server] in
            try await server.run(handlesSignals: false) { port in continuation.yield(port) }
        }
        var bound = 0
        for await port in stream {
            bound = port
            break
        }
        self.init(parts, connection: .running(port: bound, task: task))
    }

    /// Stops a running server and removes its store.
    func stop() async {
        if case .running(_, let task) = connection {
            await server.shutdown()
            _ = try? await task.value
        }
        try? FileManager.default.removeItem(at: directory)
    }

    struct Answer {
        var status: Int
        var body: Data
        var headers: [String: String]

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error.field` of an error answer.
        var field: String? { (json["error"] as? [String: Any])?["field"] as? String }
        var code: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// Sends a request; `token` nil sends none.
    func request(
        _ method: String, _ path: String, token: String?, body: String? = nil,
        contentType: String = "application/json"
    ) async throws -> Answer {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = contentType }
        switch connection {
        case .client(let client):
            let response = try await client.executeRequest(
                uri: path, method: HTTPRequest.Method(method)!, headers: headers,
                body: body.map { ByteBuffer(string: $0) })
            var names: [String: String] = [:]
            for field in response.headers { names[field.name.canonicalName] = field.value }
            return Answer(
                status: response.status.code, body: Data(response.body.readableBytesView), headers: names)
        case .running(let port, _):
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            for field in headers { request.setValue(field.value, forHTTPHeaderField: field.name.rawName) }
            if let body { request.httpBody = Data(body.utf8) }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = response as! HTTPURLResponse
            var names: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String {
                    names[name.lowercased()] = value
                }
            }
            return Answer(status: http.statusCode, body: data, headers: names)
        }
    }

    func donate(_ ndjson: String, token: String) async throws -> Answer {
        try await request(
            "POST", "/v1/donations", token: token, body: ndjson, contentType: "application/x-ndjson")
    }
}

/// Documents used by the tests.
enum Documents {
    static func declare(_ app: String, types: [String] = []) -> String {
        let list = types.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"app","bundleIdentifier":"\#(app)","name":"\#(app)","activityTypes":[\#(list)]}"#
    }

    static func item(_ app: String, _ id: String, title: String, city: String = "Paris") -> String {
        #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"\#(id)","attributeSet":{"title":"\#(title)","namedLocation":"\#(title)","thoroughfare":"Rue de Rivoli","subThoroughfare":"10","city":"\#(city)","isoCountryCode":"FR","latitude":48.8566,"longitude":2.3522}}"#
    }

    static func activity(_ app: String, type: String, title: String, persistent: String) -> String {
        #"{"type":"activity","app":"\#(app)","activityType":"\#(type)","title":"\#(title)","persistentIdentifier":"\#(persistent)","isEligibleForSearch":true,"isEligibleForPrediction":true,"current":true}"#
    }
}
