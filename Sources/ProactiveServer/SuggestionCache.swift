import Foundation
import Synchronization

/// Suggestion lists already computed, reused for the same request while the store has not
/// changed and for at most a short time (their scores and "why" texts depend on the clock).
/// Surfaces ask the same question many times a second; the answer changes when a donation or
/// an event arrives, which the ``ChangeCounter`` tells.
final class SuggestionCache: Sendable {
    /// What a list answers: the user's store and the request's parameters as given, compared
    /// field by field (joined into one string, an app named "x&limit=1" would be `limit=1`).
    struct Key: Hashable, Sendable {
        var user: String
        var parameters: [String: String]
    }

    private struct Entry {
        var change: Int
        var computedAt: ContinuousClock.Instant
        var body: [UInt8]
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let lifetime: Duration
    /// At most this many lists are kept (the least recent are dropped first).
    private let capacity = 4096

    init(lifetime: TimeInterval) {
        self.lifetime = .milliseconds(Int64(lifetime * 1000))
    }

    /// The list for `key` if it was computed at change `change` less than the lifetime ago.
    func body(for key: Key, change: Int) -> [UInt8]? {
        // Reuse turned off (`--suggestion-reuse 0`): nothing is kept, nothing is looked up.
        guard lifetime > .zero else { return nil }
        let now = ContinuousClock.now
        return entries.withLock { entries in
            guard let entry = entries[key], entry.change == change,
                entry.computedAt.duration(to: now) < lifetime
            else { return nil }
            return entry.body
        }
    }

    /// Keeps a list computed at change `change`.
    func store(_ body: [UInt8], for key: Key, change: Int) {
        guard lifetime > .zero else { return }
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries.count >= capacity {
                entries = entries.filter {
                    $0.value.change == change && $0.value.computedAt.duration(to: now) < lifetime
                }
                if entries.count >= capacity { entries.removeAll() }
            }
            entries[key] = Entry(change: change, computedAt: now, body: body)
        }
    }
}
