import Dispatch
import Foundation
import Proactive
import Synchronization

/// Commits the donations of concurrent requests together: each request's documents wait for
/// the transaction in progress to end, then everything that arrived meanwhile is written in
/// one transaction (group commit). Each request is answered after its documents are committed.
/// A transaction holds at most ``maximumDocuments`` documents (a larger request is alone), all
/// of one user (each user's donations are a transaction of that user's).
final class DonationQueue: Sendable {
    private struct Pending {
        var parsed: ParsedDocuments
        var engine: ProactiveEngine
        var donor: Donor
        var continuation: CheckedContinuation<[DonationReceipt], any Error>
    }

    private struct State {
        var pending: [Pending] = []
        var writing = false
    }

    let maximumDocuments = 5000
    private let state = Mutex(State())

    /// Donates parsed documents through the engine of their user; returns once they are
    /// committed.
    func donate(_ parsed: ParsedDocuments, engine: ProactiveEngine, donor: Donor) async throws
        -> [DonationReceipt]
    {
        try await withCheckedThrowingContinuation { continuation in
            let starts = state.withLock { state in
                state.pending.append(
                    Pending(parsed: parsed, engine: engine, donor: donor, continuation: continuation))
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
                // The first pending request's user, and as many of that user's requests as fit.
                let user = state.pending[0].engine.user
                var count = 0
                var taken: [Int] = []
                for (index, pending) in state.pending.enumerated() where pending.engine.user == user {
                    if !taken.isEmpty && count + pending.parsed.count > maximumDocuments { break }
                    count += pending.parsed.count
                    taken.append(index)
                }
                let group = taken.map { state.pending[$0] }
                for index in taken.reversed() { state.pending.remove(at: index) }
                return group
            }
            guard let engine = group.first?.engine else { return }
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
