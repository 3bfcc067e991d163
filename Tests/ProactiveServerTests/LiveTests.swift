import Foundation
import HummingbirdWSClient
import Logging
import Synchronization
import Testing

/// A surface subscribed over the WebSocket is sent the new list when a donation changes it.
@Suite struct LiveTests {
    @Test func aDonationIsPushedToTheSubscribedSurface() async throws {
        let s = try await TestServer()
        defer { Task { await s.stop() } }
        let (inbox, client) = connect(
            s, sending: [#"{"type":"subscribe","id":"m","surface":"maps","limit":3}"#])
        defer { client.cancel() }
        // The current (empty) list arrives at once.
        try await waitFor { inbox.messages.withLock { $0.count } >= 1 }
        let first = try #require(inbox.messages.withLock { $0.first })
        #expect(first.contains(#""type":"suggestions""#))
        #expect(first.contains(#""suggestions":[]"#))
        // A place donated by an app is pushed without asking.
        let answer = try await s.donate(Documents.item(TestServer.a, "p", title: "Chez Live"), token: s.appA)
        #expect(answer.status == 200)
        try await waitFor { inbox.messages.withLock { $0.contains { $0.contains("Chez Live") } } }
        // A deletion is pushed too.
        _ = try await s.request("POST", "/v1/deletions", token: s.appA, body: #"{"identifiers":["p"]}"#)
        try await waitFor { inbox.messages.withLock { $0.last?.contains(#""suggestions":[]"#) == true } }
    }

    @Test func aConnectionHoldsAtMost64Subscriptions() async throws {
        let s = try await TestServer()
        defer { Task { await s.stop() } }
        let subscriptions = (0..<65).map { #"{"type":"subscribe","id":"s\#($0)","surface":"maps"}"# }
        let (inbox, client) = connect(
            s, sending: subscriptions + [#"{"type":"subscribe","surface":"billboard"}"#])
        defer { client.cancel() }
        // 64 lists computed one after another: generous for a machine loaded by the whole suite.
        try await waitFor(seconds: 60) {
            inbox.messages.withLock { $0.contains { $0.contains("tooManySubscriptions") } }
        }
        #expect(inbox.messages.withLock { $0.filter { $0.contains(#""type":"suggestions""#) }.count } == 64)
        try await waitFor { inbox.messages.withLock { $0.contains { $0.contains(#""field":"surface""#) } } }
    }

    /// A number no parameter can hold is refused by name, and the connection (and the daemon) go on.
    @Test func anOutOfRangeNumberIsRefusedByName() async throws {
        let s = try await TestServer()
        defer { Task { await s.stop() } }
        let (inbox, client) = connect(
            s,
            sending: [
                #"{"type":"subscribe","id":"big","surface":"maps","limit":1e300}"#,
                // A key given twice is ambiguous: refused by name, not the first value taken.
                #"{"type":"subscribe","id":"twice","surface":"maps","surface":"lockScreen"}"#,
                #"{"type":"subscribe","id":"ok","surface":"maps","limit":2}"#,
            ])
        defer { client.cancel() }
        try await waitFor { inbox.messages.withLock { $0.contains { $0.contains(#""field":"limit""#) } } }
        try await waitFor {
            inbox.messages.withLock {
                $0.contains { $0.contains(#""field":"surface""#) && $0.contains(#""id":"twice""#) }
            }
        }
        #expect(
            inbox.messages.withLock {
                !$0.contains { $0.contains(#""type":"suggestions""#) && $0.contains(#""id":"twice""#) }
            })
        try await waitFor {
            inbox.messages.withLock {
                $0.contains { $0.contains(#""type":"suggestions""#) && $0.contains(#""id":"ok""#) }
            }
        }
    }

    @Test func appTokensCannotSubscribe() async throws {
        let s = try await TestServer()
        defer { Task { await s.stop() } }
        let answer = try await s.request("GET", "/v1/live?token=\(s.appA)", token: nil)
        #expect(answer.status == 403)
        let none = try await s.request("GET", "/v1/live", token: nil)
        #expect(none.status == 401)
    }

    /// A client that subscribes and then neither reads nor answers the close cannot hold the
    /// daemon's shutdown: its session ends with the daemon and the socket is dropped after the
    /// close timeout. (The bound is a hang detector, far above the 5 s close timeout.)
    @Test func anUnresponsiveClientDoesNotHoldTheShutdown() async throws {
        let s = try await TestServer()
        let socket = try Self.rawWebSocket(port: s.port, token: s.system)
        defer { close(socket) }
        let stopped = Mutex(false)
        Task {
            await s.stop()
            stopped.withLock { $0 = true }
        }
        try await waitFor(seconds: 60) { stopped.withLock { $0 } }
    }

    /// A WebSocket opened by hand on a blocking socket: upgraded, subscribed, then left alone.
    static func rawWebSocket(port: Int, token: String) throws -> Int32 {
        let fd = try #require(RawConnection.connectLoopback(port: port))
        let upgrade =
            "GET /v1/live?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n"
        _ = upgrade.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        try #require(count > 0 && String(decoding: buffer[..<count], as: UTF8.self).contains(" 101 "))
        // A masked text frame (a client's frames are masked), subscribing to the maps surface.
        let text = Array(#"{"type":"subscribe","id":"m","surface":"maps"}"#.utf8)
        let mask: [UInt8] = [1, 2, 3, 4]
        let frame: [UInt8] =
            [0x81, 0x80 | UInt8(text.count)] + mask
            + text.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        _ = frame.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return fd
    }

    /// What a live client received.
    final class Inbox: Sendable {
        let messages = Mutex<[String]>([])
    }

    /// Connects to the live socket with the system token, sends `messages`, and collects what
    /// the daemon sends until the returned task is cancelled.
    func connect(_ s: TestServer, sending messages: [String]) -> (
        Inbox, Task<WebSocketCloseFrame?, any Error>
    ) {
        let inbox = Inbox()
        let client = Task {
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(s.port)/v1/live?token=\(s.system)", logger: Logger(label: "test")
            ) { inbound, outbound, _ in
                for message in messages { try await outbound.write(.text(message)) }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    inbox.messages.withLock { $0.append(text) }
                }
            }
        }
        return (inbox, client)
    }

    /// Waits for `condition`; the default is generous for a machine busy with the whole suite.
    func waitFor(seconds: Double = 45, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
