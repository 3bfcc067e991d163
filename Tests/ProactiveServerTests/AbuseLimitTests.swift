import Foundation
import ProactiveServer
import Testing

/// Slow and oversized request heads meet a limit with a clear status, and other clients keep
/// being answered meanwhile.
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
}
