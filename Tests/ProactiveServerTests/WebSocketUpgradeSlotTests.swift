import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import ProactiveServer

/// A WebSocket route's request context is let go once its connection closes, although
/// hummingbird-websocket's `router.ws` stores the context inside its own handler reference.
@Suite struct WebSocketUpgradeSlotTests {
    @Test func aClosedConnectionLetsGoOfItsWebSocketContext() async throws {
        let router = Router(context: ProactiveRequestContext.self)
        router.ws("/ws", shouldUpgrade: { _, _ in .upgrade([:]) }, onUpgrade: { _, _, _ in })
        let responder = router.buildResponder()
        let channel = NIOAsyncTestingChannel()
        weak var slot: WebSocketUpgradeSlot?
        do {
            let context = ProactiveRequestContext(
                source: .init(channel: channel, logger: Logger(label: "test")))
            slot = context.upgrade
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/ws"),
                body: .init(buffer: ByteBuffer()))
            let response = try await responder.respond(to: request, context: context)
            #expect(response.status == .ok)
        }
        // The route stored the context in its own handler reference: the cycle holds it.
        #expect(slot != nil)
        try await channel.close()
        for _ in 0..<100 where slot != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(slot == nil, "the context of a closed connection is still in memory")
    }

    @Test func aPlainRequestMakesNoWebSocketReference() async throws {
        let router = Router(context: ProactiveRequestContext.self)
        router.get("/plain") { _, _ in "ok" }
        let responder = router.buildResponder()
        let channel = NIOAsyncTestingChannel()
        weak var slot: WebSocketUpgradeSlot?
        do {
            let context = ProactiveRequestContext(
                source: .init(channel: channel, logger: Logger(label: "test")))
            slot = context.upgrade
            let request = Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/plain"),
                body: .init(buffer: ByteBuffer()))
            _ = try await responder.respond(to: request, context: context)
        }
        // Gone with the request, the connection still open: nothing waits for its close.
        #expect(slot == nil)
        try await channel.close()
    }
}
