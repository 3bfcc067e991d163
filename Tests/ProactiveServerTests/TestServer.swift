import Foundation
import Logging
import Proactive
import ProactiveSQLite
import ProactiveServer
import ProactiveStorage
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real server on a loopback port, on a fresh store, with an app token for two apps and a
/// system token; stopped by `stop()`.
final class TestServer: Sendable {
    let server: ProactiveServer
    let port: Int
    let task: Task<Void, any Error>
    let system: String
    let appA: String
    let appB: String
    let directory: URL

    static let a = "com.example.alpha"
    static let b = "com.example.beta"

    init(configure: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
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
        server = ProactiveServer(engine: engine, configuration: configuration, logger: logger)
        system = try server.tokens.create(for: .system)
        appA = try server.tokens.create(for: .app(Self.a))
        appB = try server.tokens.create(for: .app(Self.b))
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        task = Task { [server] in
            try await server.run(handlesSignals: false) { port in continuation.yield(port) }
        }
        var bound = 0
        for await port in stream {
            bound = port
            break
        }
        port = bound
    }

    func stop() async {
        await server.shutdown()
        _ = try? await task.value
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
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, body: data, headers: headers)
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
