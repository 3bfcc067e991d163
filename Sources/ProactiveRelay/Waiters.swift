import Synchronization

/// Long-poll waiters by key (a device, a pairing slot): a request that found nothing waits
/// until something arrives for its key or its time is up. A generation per key closes the gap
/// between looking and waiting.
final class Waiters: Sendable {
    private struct State {
        var generation: [String: Int] = [:]
        var waiting: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
        var cancelled: Set<Int> = []
        var next = 0
        var closed = false
    }

    private let state = Mutex(State())

    /// The key's generation, to pass to ``wait(for:after:timeout:)``.
    func generation(of key: String) -> Int { state.withLock { $0.generation[key] ?? 0 } }

    /// Wakes the waiters of a key.
    func notify(_ key: String) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.generation[key, default: 0] += 1
            return Array((state.waiting.removeValue(forKey: key) ?? [:]).values)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Whether ``closeAll()`` was called.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Wakes every waiter and makes later waits return at once (the relay is shutting down:
    /// long polls answer now instead of holding the shutdown for their whole wait).
    func closeAll() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.waiting = [:] }
            return state.waiting.values.flatMap(\.values)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Waits until the key is notified after `generation`, or the timeout.
    func wait(for key: String, after generation: Int, timeout: Duration) async {
        let ticket = state.withLock { state -> Int in
            state.next += 1
            return state.next
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let resumeNow = self.state.withLock { state -> Bool in
                            if state.closed || state.cancelled.remove(ticket) != nil { return true }
                            if (state.generation[key] ?? 0) != generation { return true }
                            state.waiting[key, default: [:]][ticket] = continuation
                            return false
                        }
                        if resumeNow { continuation.resume() }
                    }
                } onCancel: {
                    let continuation = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                        if let found = state.waiting[key]?.removeValue(forKey: ticket) { return found }
                        state.cancelled.insert(ticket)
                        return nil
                    }
                    continuation?.resume()
                }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        // A ticket cancelled after it was resumed leaves a mark: clear it.
        _ = state.withLock { $0.cancelled.remove(ticket) }
    }
}
