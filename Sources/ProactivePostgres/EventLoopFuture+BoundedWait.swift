import Dispatch
import NIOCore
import NIOPosix
import Synchronization

/// A wait for a future that did not complete in time.
struct BoundedWaitTimeout: Error {
    /// How long the wait lasted, in seconds.
    var seconds: Double
}

/// Where a bounded wait keeps the future's result until the waiting thread reads it.
private final class ResultBox<Value: Sendable>: Sendable {
    let result = Mutex<Result<Value, any Error>?>(nil)
}

extension EventLoopFuture where Value: Sendable {
    /// Blocks the calling thread until the future completes or `seconds` pass.
    ///
    /// The storage is synchronous by design; its callers run on their own threads (dispatch
    /// queues, the CLI's main thread), never on an event loop, whose thread this would block.
    ///
    /// - Throws: the future's error, or ``BoundedWaitTimeout`` (the future keeps running:
    ///   the caller closes the connection it belongs to).
    func waitBounded(seconds: Double) throws -> Value {
        precondition(
            MultiThreadedEventLoopGroup.currentEventLoop == nil,
            "PostgresStorage is synchronous: call it from a dispatch queue or thread, not from an event loop")
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        whenComplete { result in
            box.result.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw BoundedWaitTimeout(seconds: seconds)
        }
        // The semaphore was signalled after the result was stored.
        return try box.result.withLock { $0! }.get()
    }
}
