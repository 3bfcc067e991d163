import HummingbirdCore
import Logging
import NIOCore

/// A server child channel whose connections start with a ``RequestHeadGuard`` in front of
/// `inner`'s pipeline (HTTP/1 with the WebSocket upgrade).
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let timeout: TimeAmount
    let keepAliveTimeout: TimeAmount
    let maxHeadSize: Int

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                RequestHeadGuard(
                    timeout: timeout, keepAliveTimeout: keepAliveTimeout, maxHeadSize: maxHeadSize),
                position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
