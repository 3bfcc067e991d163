import Foundation
import Synchronization

/// Counts the changes to the store that can change what surfaces show: the daemon's own
/// writes, and commits by other processes on the same file (seen by polling). Suggestion lists
/// are reused only while it stays the same; live subscribers are sent new lists when it moves.
final class ChangeCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// The current count.
    var value: Int { count.load(ordering: .acquiring) }

    /// Notes a change.
    func bump() {
        count.add(1, ordering: .releasing)
    }
}
