/// Counts of the next app conditioned on a key (the previous app, the hour, a trigger…):
/// sparse rows, each with its total, updated in O(1).
struct ConditionalCounts<Key: Hashable & Codable & Sendable>: Sendable, Codable {
    /// One key's counts.
    struct Row: Sendable, Codable {
        /// Observations with this key.
        var total = 0.0
        /// Observations by app number.
        var counts: [Int: Double] = [:]
    }

    private(set) var rows: [Key: Row] = [:]

    init() {}

    /// The row for `key`, empty if never seen.
    subscript(key: Key) -> Row { rows[key] ?? Row() }

    /// Counts `app` under `key`.
    mutating func add(_ app: Int, under key: Key) {
        rows[key, default: Row()].total += 1
        rows[key, default: Row()].counts[app, default: 0] += 1
    }
}
