import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The daemon's request context: Hummingbird's WebSocket-capable context, plus which connection
/// the request came on, so that a refused WebSocket upgrade can be answered with its real status
/// and error (``UpgradeRefusals``) instead of the bare `400` the upgrade machinery writes.
///
/// It names the connection and does not hold its channel: a WebSocket's context lives as long as
/// its handler, and a context holding the channel kept every closed WebSocket's channel (its
/// buffers and pipeline, about 2 KB) alive for good.
struct ProactiveRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request came on (its channel's identity).
    let connection: ObjectIdentifier

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        connection = ObjectIdentifier(source.channel)
    }
}
