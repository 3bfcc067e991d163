import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The daemon's request context: Hummingbird's WebSocket-capable context, plus which connection
/// the request came on, so that a refused WebSocket upgrade can be answered with its real status
/// and error (``UpgradeRefusals``) instead of the bare `400` the upgrade machinery writes.
///
/// It names the connection and does not hold its channel, and it lends its WebSocket handler
/// reference through a ``WebSocketUpgradeSlot`` that lets go of it when the connection closes:
/// see there for the reference cycle this breaks.
struct ProactiveRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on (its channel's identity).
    let connection: ObjectIdentifier
    let upgrade: WebSocketUpgradeSlot

    /// The WebSocket handler the `/v1/live` route hands to the upgrade (made on first use).
    var webSocket: WebSocketHandlerReference<Self> { upgrade.reference }

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        connection = ObjectIdentifier(source.channel)
        upgrade = WebSocketUpgradeSlot(closed: source.channel.closeFuture)
    }
}
