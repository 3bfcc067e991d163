import Foundation
import ProactiveServer
import Testing

/// Slow and oversized request heads, bodies trickling in, too many connections from one address,
/// a token with too many requests in flight, too many live connections and a live connection's
/// message flood each meet a limit with a clear status, and other clients keep being answered.
@Suite struct AbuseLimitTests {
    /// Runs `body` against a whole server on a loopback port, stopped afterwards.
    func withServer(
        _ configure: (inout ServerConfiguration) -> Void, _ body: (TestServer) async throws -> Void
    ) async throws {
        let server = try await TestServer(configure: configure)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aHeadSentTooSlowlyGets408AndOthersAreAnswered() async throws {
        try await withServer({ $0.requestHeadTimeout = 1 }) { server in
            let slow = try RawConnection(port: server.port)
            #expect(slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\n"))
            // Headers trickle in, one every 300 ms: the connection is never idle, the head never ends.
            let started = Date()
            for _ in 0..<8 {
                guard slow.send("X-Slow: 1\r\n") else { break }
                let other = try await server.request("GET", "/healthz", token: nil)
                #expect(other.status == 200)
                try await Task.sleep(for: .milliseconds(300))
            }
            let answer = await slow.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(answer)")
            #expect(answer.contains(#""code":"requestTimeout""#))
            // 1 s of head time; generous for a machine busy with the rest of the suite.
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }

    @Test func anOversizedHeadGets431() async throws {
        try await withServer({ $0.maxRequestHeadSize = 4096 }) { server in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "x", count: 5000))\r\n\r\n")
            let answer = await connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"), "\(answer)")
            #expect(answer.contains(#""code":"headersTooLarge""#))
            // A head under the limit is answered as usual, on a kept-alive connection twice.
            let fine = try RawConnection(port: server.port)
            fine.send(
                "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            let answers = await fine.readToEnd()
            #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(answers)")
        }
    }

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        try await withServer({ $0.keepAliveTimeout = 0.5 }) { server in
            let silent = try RawConnection(port: server.port)
            let started = Date()
            #expect(await silent.readToEnd().isEmpty)
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }

    @Test func aBodySentTooSlowlyGets408AndOthersAreAnswered() async throws {
        // A second of body time, and bytes that buy none (a body must come at 1 MB/s past it).
        try await withServer({
            $0.requestBodyTimeout = 1
            $0.minimumBodyRate = 1 << 20
        }) { server in
            let slow = try RawConnection(port: server.port)
            #expect(
                slow.send(
                    "POST /v1/donations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(server.appA)\r\n"
                        + "Content-Type: application/x-ndjson\r\nContent-Length: 1000\r\n\r\n{"))
            for _ in 0..<8 {
                guard slow.send(" ") else { break }
                let other = try await server.request("GET", "/healthz", token: nil)
                #expect(other.status == 200)
                try await Task.sleep(for: .milliseconds(300))
            }
            let answer = await slow.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(answer)")
            #expect(answer.contains("the request's body did not arrive in time"))
        }
    }

    @Test func aBodyArrivingSteadilyIsNotCutOff() async throws {
        // Past the body time, each byte buys 10 ms: a body sent in pieces of 600 bytes (6 s
        // each) every 400 ms, 2 s in all, keeps well ahead even on a busy machine, and is answered.
        try await withServer({
            $0.requestBodyTimeout = 1
            $0.minimumBodyRate = 100
        }) { server in
            let document = Documents.item(TestServer.a, "steady", title: "Steady") + "\n"
            let padded = document + String(repeating: " ", count: 3000 - document.utf8.count)
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /v1/donations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(server.appA)\r\n"
                    + "Content-Type: application/x-ndjson\r\nContent-Length: 3000\r\nConnection: close\r\n\r\n"
            )
            let bytes = Array(padded.utf8)
            // Paced from a thread of its own: when the whole suite runs, `Task.sleep` can resume
            // seconds late (the cooperative threads are busy), which would make this client slow.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    for start in stride(from: 0, to: bytes.count, by: 600) {
                        connection.send(
                            String(decoding: bytes[start..<min(start + 600, bytes.count)], as: UTF8.self))
                        Thread.sleep(forTimeInterval: 0.4)
                    }
                    done.resume()
                }
            }
            let answer = await connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        }
    }

    @Test func connectionsOverAnAddressLimitGet429() async throws {
        try await withServer({ $0.maxConnectionsPerAddress = 3 }) { server in
            var held = try (0..<3).map { _ in try RawConnection(port: server.port) }
            // The three are open (one answers); the fourth is refused with a JSON error.
            held[0].send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await held[0].read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
            let refused = try RawConnection(port: server.port)
            let answer = await refused.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 429 Too Many Requests"), "\(answer)")
            #expect(answer.contains(#""code":"tooManyConnections""#))
            // Once one closes, a new connection is served.
            held.removeLast()
            var served = false
            for _ in 0..<50 where !served {
                let next = try RawConnection(port: server.port)
                next.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                served = await next.readToEnd().hasPrefix("HTTP/1.1 200")
                if !served { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(served)
            withExtendedLifetime(held) {}
        }
    }

    @Test func aTokenWithTooManyRequestsInFlightGets429AndOtherTokensAreServed() async throws {
        try await withServer({ $0.maxConcurrentRequestsPerToken = 2 }) { server in
            // Two donations whose bodies have not come yet hold the app's two places.
            func holdPlace() throws -> RawConnection {
                let connection = try RawConnection(port: server.port)
                connection.send(
                    "POST /v1/donations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(server.appA)\r\n"
                        + "Content-Type: application/x-ndjson\r\nContent-Length: 2\r\nConnection: close\r\n\r\n"
                )
                return connection
            }
            var pending = try (0..<2).map { _ in try holdPlace() }
            var refused: TestServer.Answer?
            for _ in 0..<100 {
                let answer = try await server.request("GET", "/v1/export", token: server.appA)
                if answer.status == 429 {
                    refused = answer
                    break
                }
                // A donation that came while a probe held a place was refused itself: again.
                for index in pending.indices where pending[index].hasAnswer {
                    pending[index] = try holdPlace()
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            let answer = try #require(refused)
            #expect(answer.headers["retry-after"] == "1")
            #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code":"tooManyRequests""#))
            // Another app's token is served meanwhile.
            #expect(try await server.request("GET", "/v1/export", token: server.appB).status == 200)
            // When the bodies come, the two finish and the app is served again.
            for connection in pending {
                connection.send("{}")
                _ = await connection.readToEnd()
            }
            #expect(try await server.request("GET", "/v1/export", token: server.appA).status == 200)
        }
    }

    /// Opens a live WebSocket with `token`; returns the connection and the server's answer head.
    func openLive(_ server: TestServer, token: String) async throws -> (RawConnection, String) {
        let connection = try RawConnection(port: server.port)
        connection.send(
            "GET /v1/live?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        return (connection, await connection.read(until: "\r\n\r\n"))
    }

    @Test func liveConnectionsOverAUsersLimitGet429() async throws {
        try await withServer({ $0.maxLiveSessionsPerUser = 1 }) { server in
            let (first, head) = try await openLive(server, token: server.system)
            #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
            // The hub counts the session once its handler runs.
            var refused = ""
            for _ in 0..<100 {
                let (second, answer) = try await openLive(server, token: server.system)
                if answer.hasPrefix("HTTP/1.1 429") {
                    refused = answer + (await second.readToEnd())
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(refused.hasPrefix("HTTP/1.1 429"), "\(refused)")
            #expect(refused.contains("live connections open"))
            withExtendedLifetime(first) {}
        }
    }

    @Test func aRefusedWebSocketUpgradeSaysWhy() async throws {
        try await withServer({ _ in }) { server in
            // A real WebSocket handshake refused: the status and JSON error, not a bare 400.
            let (appConnection, forbidden) = try await openLive(server, token: server.appA)
            let answer = forbidden + (await appConnection.readToEnd())
            #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(answer)")
            #expect(answer.contains(#""code":"#) && answer.contains("live surfaces"), "\(answer)")
            let (unknownConnection, unknown) = try await openLive(server, token: "nope")
            let unauthorized = unknown + (await unknownConnection.readToEnd())
            #expect(unauthorized.hasPrefix("HTTP/1.1 401 Unauthorized"), "\(unauthorized)")
            #expect(unauthorized.contains("unknown or revoked token"))
            // The same connection setup with the system token upgrades.
            let (_, upgraded) = try await openLive(server, token: server.system)
            #expect(upgraded.hasPrefix("HTTP/1.1 101"), "\(upgraded)")
        }
    }

    @Test func aLiveConnectionsMessageFloodIsDropped() async throws {
        try await withServer({ $0.liveMessageRate = 1 }) { server in
            let (connection, head) = try await openLive(server, token: server.system)
            #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
            // A burst of two messages is allowed; the rest of twenty at once are dropped, each said.
            for index in 0..<20 {
                connection.sendWebSocketText(#"{"type":"unsubscribe","id":"s\#(index)"}"#)
            }
            let said = await connection.read(until: "tooManyRequests")
            #expect(said.contains("messages a second on one live connection"), "\(said)")
        }
    }
}
