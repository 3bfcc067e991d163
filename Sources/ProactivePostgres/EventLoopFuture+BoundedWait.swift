import Dispatch
import NIOCore
import NIOPosix
import Synchronization

/// A wait for a future that did not complete in time.
struct BoundedWaitTimeout: Error {
    /// How long the wait lasted, in seconds.
    var seconds: Double
}

/// A blocking wait asked for on an event loop's thread, which it would block (or deadlock).
struct WaitOnEventLoop: Error {}

/// Whether the calling thread is an event loop's (where no blocking wait may happen).
var isOnEventLoop: Bool { MultiThreadedEventLoopGroup.currentEventLoop != nil }

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
    /// - Throws: the future's error, ``BoundedWaitTimeout`` (the future keeps running: the
    ///   caller closes the connection it belongs to), or ``WaitOnEventLoop`` when called on an
    ///   event loop's thread.
    func waitBounded(seconds: Double) throws -> Value {
        guard !isOnEventLoop else { throw WaitOnEventLoop() }
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
