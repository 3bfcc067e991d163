import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// A server child channel whose connections start with a ``RequestHeadGuard`` in front of
/// `inner`'s pipeline (HTTP/1 with the WebSocket upgrade), and which refuses a connection from
/// an address that already holds as many as it may.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    /// The limits a connection meets before its requests reach the router.
    struct Limits: Sendable {
        var headTimeout: TimeAmount
        var keepAliveTimeout: TimeAmount
        var maxHeadSize: Int
        var bodyTimeout: TimeAmount
        var minimumBodyRate: Int
        var maxConnectionsPerAddress: Int
    }

    let inner: Inner
    let limits: Limits
    let connections: ConnectionCounter
    let refusals: UpgradeRefusals

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let admitted = connections.open(address, limit: limits.maxConnectionsPerAddress)
        if admitted { channel.closeFuture.whenComplete { _ in connections.close(address) } }
        channel.closeFuture.whenComplete { [refusals] _ in _ = refusals.take(for: channel) }
        return channel.eventLoop.makeCompletedFuture {
            let first: any ChannelHandler =
                admitted
                ? RequestHeadGuard(
                    timeout: limits.headTimeout, keepAliveTimeout: limits.keepAliveTimeout,
                    maxHeadSize: limits.maxHeadSize, bodyTimeout: limits.bodyTimeout,
                    minimumBodyRate: limits.minimumBodyRate, refusals: refusals)
                : ConnectionRefusal(limit: limits.maxConnectionsPerAddress)
            try channel.pipeline.syncOperations.addHandler(first, position: .first)
            #if os(Linux)
                // Data unacknowledged for 60 s (a peer that vanished: a live connection's pings go
                // unanswered) aborts the connection, rather than TCP's retries of about 15 minutes.
                try channel.syncOptions?.setOption(Self.tcpUserTimeout, value: 60_000)
            #endif
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    /// `TCP_USER_TIMEOUT` (Linux), in milliseconds.
    static var tcpUserTimeout: ChannelOptions.Types.SocketOption {
        .init(level: .tcp, name: .init(rawValue: 18))
    }

    func handle(value: Value, logger: Logger) async {
        // A connection the guard closed is not an error of the server's (see the handler).
        var quiet = logger
        quiet.handler = ClosedUpgradeLogHandler(wrapped: logger.handler)
        await inner.handle(value: value, logger: quiet)
    }
}

/// Answers a connection over its address's limit with `429` (written raw, before any HTTP) and
/// closes it; nothing it sends reaches the server.
final class ConnectionRefusal: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let limit: Int
    private var answered = false

    init(limit: Int) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { answer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        answer(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private func answer(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let body =
            #"{"error":{"code":"tooManyConnections","message":"this address already has \#(limit) connections open: close one or retry later"}}"#
        var answer = context.channel.allocator.buffer(capacity: 256)
        answer.writeString(
            "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// Open connections per remote address.
final class ConnectionCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts a new connection from `address`, unless it already has `limit`.
    func open(_ address: String, limit: Int) -> Bool {
        counts.withLock { counts in
            guard counts[address, default: 0] < limit else { return false }
            counts[address, default: 0] += 1
            return true
        }
    }

    func close(_ address: String) {
        counts.withLock { counts in
            let left = counts[address, default: 1] - 1
            counts[address] = left > 0 ? left : nil
        }
    }
}
