import Dispatch
import Synchronization

/// A blocking first-in first-out channel with a capacity, between one producer thread and one
/// consumer: the producer waits when it is full, the consumer when it is empty. The consumer
/// closes it when it stops early (an error): the producer's next `send` then returns `false`
/// instead of waiting for a consumer that is gone.
final class BoundedChannel<Element: Sendable>: Sendable {
    private let state = Mutex<(items: [Element?], closed: Bool)>(([], false))
    private let slots = DispatchSemaphore(value: 0)
    private let available = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        // Semaphores made with value 0 and signalled up: libdispatch traps when a semaphore is
        // released below the value it was made with (a consumer that stopped early).
        for _ in 0..<capacity { slots.signal() }
    }

    /// Sends an element, or the end of the stream (`nil`); `false` once the consumer closed the
    /// channel (the element is dropped).
    @discardableResult
    func send(_ element: Element?) -> Bool {
        slots.wait()
        let open = state.withLock { state in
            guard !state.closed else { return false }
            state.items.append(element)
            return true
        }
        if open { available.signal() } else { slots.signal() }
        return open
    }

    /// The next element, or `nil` at the end of the stream.
    func receive() -> Element? {
        available.wait()
        let element = state.withLock { $0.items.removeFirst() }
        slots.signal()
        return element
    }

    /// Stops the channel: a waiting or later `send` returns `false`.
    func close() {
        state.withLock { $0.closed = true }
        slots.signal()
    }
}
