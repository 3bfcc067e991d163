import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The daemon's request context: Hummingbird's WebSocket-capable context, plus the connection's
/// channel, so that a refused WebSocket upgrade can be answered with its real status and error
/// (``UpgradeRefusals``) instead of the bare `400` the upgrade machinery writes.
struct ProactiveRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
