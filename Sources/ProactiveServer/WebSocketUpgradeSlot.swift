import HummingbirdWebSocket
import NIOCore
import Synchronization

/// Holds a request's WebSocket handler reference until its connection closes.
///
/// hummingbird-websocket (2.8) upgrades a route by storing the request's context inside that
/// context's own handler reference (`router.ws` sets `context.webSocket` to a value holding
/// `context`), and nothing clears it: the reference holds the context, which holds the reference.
/// Every upgraded connection's context, logger and handler stayed in memory for good (about 1 KB
/// a connection; 7 MB a minute while the context also held the channel). The context reaches
/// the reference through this slot, which drops it once the connection has closed, so the cycle
/// is broken when nothing else can use it. A plain HTTP request never asks for the reference,
/// so it makes no reference and registers nothing.
final class WebSocketUpgradeSlot: Sendable {
    private let slot = Mutex<WebSocketHandlerReference<ProactiveRequestContext>?>(nil)
    private let closed: EventLoopFuture<Void>

    init(closed: EventLoopFuture<Void>) {
        self.closed = closed
    }

    /// The reference, made on first use; it is let go when the connection closes.
    var reference: WebSocketHandlerReference<ProactiveRequestContext> {
        let (reference, made) = slot.withLock { slot in
            if let reference = slot { return (reference, false) }
            let reference = WebSocketHandlerReference<ProactiveRequestContext>()
            slot = reference
            return (reference, true)
        }
        if made { closed.whenComplete { [self] _ in slot.withLock { $0 = nil } } }
        return reference
    }
}
