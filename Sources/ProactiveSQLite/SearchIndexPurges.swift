import Foundation

/// When a process purges deleted text from the embedded store's full-text indexes.
///
/// A purge merges every segment of an index into one (deleted rows' words leave the index
/// only then), which rewrites the whole index, then rewrites the file from its live rows
/// (`VACUUM`: pages keep older copies of cells in their slack): about 0.1 s of work at 10,000
/// items, 1.2 s at 100,000 and 12 s at a million, half each (`proactive delete`,
/// benchmarks.md). Upkeep (the daemon's, and `proactive donate`'s once it has donated) purges
/// when an index has deleted text and the last purge ended at least ``spacing`` times its
/// work ago, and at least ``shortestInterval`` ago: so purging takes at most a thousandth of
/// the time, and deleted words leave the file within about two minutes on a store of ten
/// thousand items, twenty minutes at 100,000 and three hours and a half at a million.
/// `proactive delete` purges at once.
///
/// The last purge is kept in the store (`searchIndexPurgeRecord`, read at each step of
/// upkeep), so that the schedule holds across processes: a CLI command is a process of its own.
struct SearchIndexPurges {
    /// When the last purge ended (the wall clock, as kept in the store), if one did.
    var lastEnded: Date?
    /// The work (write transactions) the last purge took.
    var lastWork: Duration = .zero
    /// The work of the purge under way.
    var work: Duration = .zero
    /// Whether the write-ahead log still holds pages written before the last purge.
    var logTruncationDue = false
    /// Whether the store's file is to be rewritten (`VACUUM`) from its live rows, which leaves
    /// no byte of deleted rows in the slack of its pages.
    var rewriteDue = false

    /// How many times its work apart purges are, at least.
    static let spacing = 1_000
    /// The least time between purges.
    static let shortestInterval = Duration.seconds(60)

    /// Whether a purge is due at `now`: also when the clock is before the last purge's end
    /// (set back since), so that no schedule outlives a clock change.
    func isDue(at now: Date) -> Bool {
        guard let lastEnded, now >= lastEnded else { return true }
        let interval = max(Self.shortestInterval, lastWork * Self.spacing)
        return now.timeIntervalSince(lastEnded) >= Self.seconds(interval)
    }

    /// Records a step of purge that took `duration`.
    mutating func add(_ duration: Duration) { work += duration }

    /// Records the end of a purge at `now`.
    mutating func end(at now: Date) {
        lastEnded = now
        lastWork = work
        work = .zero
        logTruncationDue = true
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
