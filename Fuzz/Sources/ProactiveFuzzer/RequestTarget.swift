import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Proactive
import ProactiveServer
import ProactiveTesting
import Synchronization

/// An HTTP request to the daemon, through its application's responder (its routes, middlewares
/// and error handling, without a socket), as HummingbirdTesting's `.router` client does, but with
/// each request's channel closed after its answer: that client leaves every request's
/// `NIOAsyncTestingChannel` open, and an open NIO channel and its pipeline hold each other, so a
/// long run grew by about 4.5 KB an input until libFuzzer stopped it at 2 GB (213,667 inputs).
///
/// The input's first byte picks a valid app token (0 mod 4: alpha, 2: beta), the system token (1)
/// or none (3), unless the request sets `Authorization`, and the method when the request line's is
/// not one the daemon's parser accepts. The rest is a request as text: `METHOD /path?query` on the
/// first line, `Name: value` header lines, an empty line, then the body. Whatever the request, the
/// answer is not a 5xx, and an error answer is the API's JSON error naming the problem.
enum RequestTarget {
    /// One request and where its answer goes.
    struct Exchange: Sendable {
        var method: HTTPRequest.Method
        var uri: String
        var headers: HTTPFields
        var body: ByteBuffer?
        var answer: @Sendable (_ status: Int, _ body: Data) -> Void
    }

    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .head, .options]
    /// The methods the daemon's HTTP/1 parser (llhttp, in SwiftNIO) accepts; it refuses any other
    /// before a route sees it. A method outside them becomes one of ``methods``: every method name
    /// is a dimension of Hummingbird's request metrics, so made-up ones (which no client can send)
    /// grew the process's metrics registry by about 0.7 KB an input.
    static let parsedMethods: Set<String> = [
        "DELETE", "GET", "HEAD", "POST", "PUT", "CONNECT", "OPTIONS", "TRACE", "COPY", "LOCK", "MKCOL",
        "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND", "UNBIND", "ACL", "REPORT",
        "MKACTIVITY", "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "PATCH",
        "PURGE", "MKCALENDAR", "LINK", "UNLINK", "SOURCE", "QUERY",
    ]
    static let exchanges: AsyncStream<Exchange>.Continuation = startServer()
    static let tokens = Mutex<[String]>([])

    static func run(_ input: Data) {
        let exchanges = exchanges  // the server first: it makes the tokens
        guard let exchange = exchange(input) else { return }
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<(Int, Data)>((0, Data()))
        var sent = exchange
        sent.answer = { status, body in
            answer.withLock { $0 = (status, body) }
            done.signal()
        }
        exchanges.yield(sent)
        done.wait()
        let (status, body) = answer.withLock { $0 }
        guard status >= 0 else { return }  // the test client refused the request itself
        precondition(
            status < 500 || status == 503,
            "\(exchange.method) \(exchange.uri) answered \(status): \(String(decoding: body, as: UTF8.self))")
        if status >= 400, exchange.method != .head {
            let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            let error = json?["error"] as? [String: Any]
            let message = error?["message"] as? String
            precondition(message?.isEmpty == false, "an error answer names the problem (\(status))")
        }
    }

    /// The exchange an input describes, or nil when its first line is not a request line.
    static func exchange(_ input: Data) -> Exchange? {
        guard let first = input.first else { return nil }
        let separator = input.range(of: Data("\n\n".utf8))
        let head = String(
            decoding: input[..<(separator?.lowerBound ?? input.endIndex)].dropFirst(), as: UTF8.self)
        let body = separator.map { ByteBuffer(bytes: input[$0.upperBound...]) }
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        let requestLine = (lines.next() ?? "").split(separator: " ", maxSplits: 1)
        guard requestLine.count == 2, requestLine[1].hasPrefix("/") else { return nil }
        let name = String(requestLine[0])
        let method =
            (parsedMethods.contains(name) ? HTTPRequest.Method(name) : nil)
            ?? methods[Int(first) % methods.count]
        var headers = HTTPFields()
        while let line = lines.next() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let name = HTTPField.Name(String(parts[0])) else { continue }
            headers.append(HTTPField(name: name, value: parts[1].trimmingCharacters(in: .whitespaces)))
        }
        if headers[.authorization] == nil {
            let tokens = tokens.withLock { $0 }
            if Int(first) % 4 < tokens.count {
                headers[.authorization] = "Bearer \(tokens[Int(first) % 4])"
            }
        }
        return Exchange(
            method: method, uri: String(requestLine[1]), headers: headers, body: body, answer: { _, _ in })
    }

    /// How many exchanges one daemon answers before a fresh one on a fresh store takes over, so
    /// that a long run's store stays small (and its inputs fast).
    static let exchangesPerServer = 5_000

    /// The exchanges waiting, shared by the daemons of a run one after another.
    final class Exchanges: @unchecked Sendable {
        var iterator: AsyncStream<Exchange>.Iterator
        init(_ stream: AsyncStream<Exchange>) { iterator = stream.makeAsyncIterator() }
    }

    /// Starts the daemon's application on an in-memory store, in a task of its own, answering the
    /// exchanges as they come; every ``exchangesPerServer`` exchanges, a fresh daemon.
    static func startServer() -> AsyncStream<Exchange>.Continuation {
        let (stream, continuation) = AsyncStream<Exchange>.makeStream()
        let exchanges = Exchanges(stream)
        let started = DispatchSemaphore(value: 0)
        Task.detached {
            var first = true
            while true {
                do {
                    var logger = Logger(label: "fuzz")
                    logger.logLevel = .critical
                    let server = try ProactiveServer(
                        engine: try ProactiveEngine.inMemory(), configuration: ServerConfiguration(),
                        logger: logger)
                    let made = [
                        try server.tokens.create(for: .app("com.example.alpha")),
                        try server.tokens.create(for: .system),
                        try server.tokens.create(for: .app("com.example.beta")),
                    ]
                    tokens.withLock { $0 = made }
                    if first { started.signal() }
                    first = false
                    try await answer(exchanges, with: server.makeApplication(), count: exchangesPerServer)
                } catch {
                    fatalError("the daemon's application did not start: \(error)")
                }
            }
        }
        started.wait()
        return continuation
    }

    /// Answers `count` exchanges with the application's responder, each on a channel of its own
    /// that is closed once the answer is read.
    static func answer<App: ApplicationProtocol>(_ exchanges: Exchanges, with app: App, count: Int)
        async throws
    {
        let responder = try await app.responder
        for _ in 0..<count {
            guard let exchange = await exchanges.iterator.next() else { return }
            var headers = exchange.headers
            if let body = exchange.body { headers[.contentLength] = String(body.readableBytes) }
            let request = Request(
                head: HTTPRequest(
                    method: exchange.method, scheme: "http", authority: "localhost", path: exchange.uri,
                    headerFields: headers),
                body: RequestBody(buffer: exchange.body ?? ByteBuffer()))
            let channel = NIOAsyncTestingChannel()
            let context = App.Context(source: .init(channel: channel, logger: app.logger))
            let response: Response
            do {
                response = try await responder.respond(to: request, context: context)
            } catch {
                response = Response(status: .internalServerError)
            }
            let collected = CollectingBodyWriter.Collected()
            do {
                try await response.body.write(CollectingBodyWriter(collected: collected))
                let body = collected.body.withLock { Data($0.readableBytesView) }
                exchange.answer(Int(response.status.code), body)
            } catch {
                exchange.answer(-1, Data())
            }
            try? await channel.close()
        }
    }

    /// A response body, collected.
    struct CollectingBodyWriter: ResponseBodyWriter {
        final class Collected: Sendable {
            let body = Mutex(ByteBuffer())
        }
        let collected: Collected
        func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.body.withLock { _ = $0.writeBuffer(&buffer) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
