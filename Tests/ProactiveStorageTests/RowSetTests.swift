import Testing

@testable import ProactiveSQLite

/// Row sets (the frequent words' matches kept in memory) hold what a set of integers holds,
/// whatever the order rows come in, and intersect as sets do.
@Suite struct RowSetTests {
    /// A random set over `rows` rows: each run of 65,536 rows sparse or dense at random.
    static func random(rows: Int64, using rng: inout some RandomNumberGenerator) -> Set<Int64> {
        var set: Set<Int64> = []
        for chunk in stride(from: Int64(0), to: rows, by: 1 << 16) {
            let density = [0.0, 0.001, 0.02, 0.06, 0.3, 0.9].randomElement(using: &rng)!
            for row in chunk..<min(rows, chunk + (1 << 16))
            where Double.random(in: 0..<1, using: &rng) < density {
                set.insert(row)
            }
        }
        return set
    }

    @Test func aRowSetHoldsWhatASetHolds() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<4 {
            let rows = Int64.random(in: 1...400_000, using: &rng)
            let expected = (0..<3).map { _ in Self.random(rows: rows, using: &rng) }
            var sets: [RowSet] = []
            for (n, rowsOfSet) in expected.enumerated() {
                var set = RowSet(through: rows)
                // Ascending (as a word's matches are read), then in any order.
                let ordered = n == 0 ? rowsOfSet.sorted() : rowsOfSet.shuffled(using: &rng)
                for row in ordered { set.insert(row) }
                for row in ordered.prefix(50) { set.insert(row) }  // again: no change
                sets.append(set)
            }
            // Removing rows, and adding some back.
            var reference = expected
            for _ in 0..<2_000 {
                let row = Int64.random(in: 0..<rows, using: &rng)
                let n = Int.random(in: 0..<3, using: &rng)
                if Bool.random(using: &rng) {
                    sets[n].remove(row)
                    reference[n].remove(row)
                } else {
                    sets[n].insert(row)
                    reference[n].insert(row)
                }
            }
            for probe in (0..<5_000).map({ _ in Int64.random(in: -5..<rows + 70_000, using: &rng) }) {
                for n in 0..<3 {
                    #expect(sets[n].contains(probe) == reference[n].contains(probe))
                }
            }
            for choice in [[0], [0, 1], [1, 2], [0, 1, 2]] {
                let common = choice.dropFirst().reduce(reference[choice[0]]) {
                    $0.intersection(reference[$1])
                }
                .sorted()
                let chosen = choice.map { sets[$0] }
                #expect(RowSet.intersection(chosen, limit: Int.max) == common)
                #expect(RowSet.intersection(chosen, limit: 7) == Array(common.prefix(7)))
                for below in [rows + 1, rows / 2, 65_536, 65_537, 1, 0] {
                    let newest = common.filter { $0 < below }.reversed()
                    #expect(
                        RowSet.newestOfIntersection(chosen, below: below, limit: 20)
                            == Array(newest.prefix(20)))
                    #expect(
                        RowSet.newestOfIntersection(chosen, below: below, limit: Int.max) == Array(newest))
                }
            }
        }
    }
}
