import Dispatch
import Synchronization

/// A blocking first-in first-out channel with a capacity, between one producer thread and one
/// consumer: the producer waits when it is full, the consumer when it is empty.
final class BoundedChannel<Element: Sendable>: Sendable {
    private let items = Mutex<[Element?]>([])
    private let slots: DispatchSemaphore
    private let available = DispatchSemaphore(value: 0)

    init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

    /// Sends an element, or the end of the stream (`nil`).
    func send(_ element: Element?) {
        slots.wait()
        items.withLock { $0.append(element) }
        available.signal()
    }

    /// The next element, or `nil` at the end of the stream.
    func receive() -> Element? {
        available.wait()
        let element = items.withLock { $0.removeFirst() }
        slots.signal()
        return element
    }
}
