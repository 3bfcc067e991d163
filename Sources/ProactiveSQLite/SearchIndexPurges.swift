import Foundation

/// When a process purges deleted text from the embedded store's full-text indexes.
///
/// A purge merges every segment of an index into one (deleted rows' words leave the file
/// only then), which rewrites the whole index: about 0.7 s of work at 100,000 items and 7 s
/// at a million (`proactive delete`, benchmarks.md). The daemon's upkeep purges when an index
/// has deleted text and the last purge ended at least ``spacing`` times its work ago, and at
/// least ``shortestInterval`` ago: so purging takes at most a thousandth of the time, and
/// deleted words leave the file within about a minute on a store of ten thousand items, ten
/// minutes at 100,000 and two hours at a million. `proactive delete` purges at once.
struct SearchIndexPurges {
    /// When the last purge ended, if this process made one.
    var lastEnded: ContinuousClock.Instant?
    /// The work (write transactions) the last purge took.
    var lastWork: Duration = .zero
    /// The work of the purge under way.
    var work: Duration = .zero
    /// Whether the write-ahead log still holds pages written before the last purge.
    var logTruncationDue = false

    /// How many times its work apart purges are, at least.
    static let spacing = 1_000
    /// The least time between purges.
    static let shortestInterval = Duration.seconds(60)

    /// Whether a purge is due at `now`.
    func isDue(at now: ContinuousClock.Instant) -> Bool {
        guard let lastEnded else { return true }
        return now - lastEnded >= max(Self.shortestInterval, lastWork * Self.spacing)
    }

    /// Records a step of purge that took `duration`.
    mutating func add(_ duration: Duration) { work += duration }

    /// Records the end of a purge at `now`.
    mutating func end(at now: ContinuousClock.Instant) {
        lastEnded = now
        lastWork = work
        work = .zero
        logTruncationDue = true
    }
}
