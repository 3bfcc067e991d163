import Synchronization

/// Answers kept by key, for work whose answer depends on the key alone (a gazetteer lookup of
/// an address, the decoding of a stored place's JSON); at most `capacity` are kept, and the
/// memo starts over when full. Safe to share between threads.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])
    /// The most answers kept.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The kept answer for `key`, or `compute`'s, kept.
    func value(for key: Key, compute: () throws -> Value) rethrows -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let value = try compute()
        values.withLock { memo in
            if memo.count >= capacity { memo.removeAll(keepingCapacity: true) }
            memo[key] = value
        }
        return value
    }
}
