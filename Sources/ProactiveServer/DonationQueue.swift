import Dispatch
import Foundation
import Proactive
import Synchronization

/// Commits the donations of concurrent requests together: each request's documents wait for
/// the transaction in progress to end, then everything that arrived meanwhile is written in
/// one transaction (group commit). Each request is answered after its documents are committed.
/// A transaction holds at most ``maximumDocuments`` documents (a larger request is alone).
final class DonationQueue: Sendable {
    private struct Pending {
        var parsed: ParsedDocuments
        var donor: Donor
        var continuation: CheckedContinuation<[DonationReceipt], any Error>
    }

    private struct State {
        var pending: [Pending] = []
        var writing = false
    }

    let engine: ProactiveEngine
    let maximumDocuments = 5000
    private let state = Mutex(State())

    init(engine: ProactiveEngine) {
        self.engine = engine
    }

    /// Donates parsed documents; returns once they are committed.
    func donate(_ parsed: ParsedDocuments, donor: Donor) async throws -> [DonationReceipt] {
        try await withCheckedThrowingContinuation { continuation in
            let starts = state.withLock { state in
                state.pending.append(Pending(parsed: parsed, donor: donor, continuation: continuation))
                guard !state.writing else { return false }
                state.writing = true
                return true
            }
            if starts { DispatchQueue.global().async { self.drain() } }
        }
    }

    /// Writes what is pending, group after group, until nothing is.
    private func drain() {
        while true {
            let group = state.withLock { state -> [Pending] in
                guard !state.pending.isEmpty else {
                    state.writing = false
                    return []
                }
                var count = 0
                var taken = 0
                for pending in state.pending {
                    if taken > 0 && count + pending.parsed.count > maximumDocuments { break }
                    count += pending.parsed.count
                    taken += 1
                }
                defer { state.pending.removeFirst(taken) }
                return Array(state.pending.prefix(taken))
            }
            guard !group.isEmpty else { return }
            do {
                let receipts = try engine.donate(group.map { ($0.parsed, $0.donor) })
                for (pending, receipts) in zip(group, receipts) {
                    pending.continuation.resume(returning: receipts)
                }
            } catch {
                for pending in group { pending.continuation.resume(throwing: error) }
            }
        }
    }
}
