/// A set of row identifiers, one bit each.
struct RowSet: Sendable {
    private var bits: [UInt64] = []

    /// An empty set with room for rows up to `last`.
    init(through last: Int64 = 0) {
        bits.reserveCapacity(Int(max(0, last) >> 6) + 1)
    }

    /// The memory its bits take.
    var byteCount: Int { bits.capacity * 8 }

    /// Whether the set holds a row.
    func contains(_ row: Int64) -> Bool {
        guard row >= 0 else { return false }
        let word = Int(row >> 6)
        return word < bits.count && bits[word] & (1 << UInt64(row & 63)) != 0
    }

    /// Adds a row.
    mutating func insert(_ row: Int64) {
        guard row >= 0 else { return }
        let word = Int(row >> 6)
        if word >= bits.count { bits.append(contentsOf: repeatElement(0, count: word - bits.count + 1)) }
        bits[word] |= 1 << UInt64(row & 63)
    }

    /// The rows every one of `sets` holds, in ascending order, at most `limit`.
    static func intersection(_ sets: [RowSet], limit: Int) -> [Int64] {
        guard let shortest = sets.map(\.bits.count).min() else { return [] }
        var rows: [Int64] = []
        for index in 0..<shortest {
            var word = sets[0].bits[index]
            for set in sets.dropFirst() { word &= set.bits[index] }
            while word != 0 {
                if rows.count == limit { return rows }
                rows.append(Int64(index << 6 + word.trailingZeroBitCount))
                word &= word - 1
            }
        }
        return rows
    }

    /// The rows every one of `sets` holds below `below`, in descending order, at most `limit`.
    static func newestOfIntersection(_ sets: [RowSet], below: Int64, limit: Int) -> [Int64] {
        guard let shortest = sets.map(\.bits.count).min(), below > 0, limit > 0 else { return [] }
        var rows: [Int64] = []
        // The word holding `below - 1`, and the bits of it below `below`.
        var index = min(shortest - 1, Int((below - 1) >> 6))
        var mask: UInt64 = Int((below - 1) >> 6) > index ? ~0 : ~0 >> (63 - UInt64((below - 1) & 63))
        while index >= 0 {
            var word = mask
            for set in sets { word &= set.bits[index] }
            while word != 0 {
                let bit = 63 - word.leadingZeroBitCount
                rows.append(Int64(index << 6 + bit))
                if rows.count == limit { return rows }
                word &= ~(1 << UInt64(bit))
            }
            index -= 1
            mask = ~0
        }
        return rows
    }

    /// Removes a row.
    mutating func remove(_ row: Int64) {
        guard row >= 0 else { return }
        let word = Int(row >> 6)
        guard word < bits.count else { return }
        bits[word] &= ~(1 << UInt64(row & 63))
    }
}
