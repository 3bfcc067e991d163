import ProactiveModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two grids over the cities, for nearest-city search: quarter-degree cells near the point,
/// whole degrees beyond.
///
/// Cells are searched in rings of growing size around the query point until the nearest
/// city found is closer than anything a further ring could hold. A quarter of a degree (28 km
/// north to south) keeps a cell to a few dozen places where towns are densest (Europe holds
/// several hundred places of 1,000 people a square degree). A point far from every place (an
/// ocean, near a pole, where a ring of small cells holds nothing for hundreds of rings) is
/// searched again on the one-degree grid once the fine one has looked 12 rings out.
struct GazetteerGrid: Sendable {
    private let fine: Level
    private let coarse: Level
    private let latitudes: [Double]
    private let longitudes: [Double]

    init(cities: [GazetteerCity]) {
        latitudes = cities.map(\.latitude)
        longitudes = cities.map(\.longitude)
        fine = Level(cellsPerDegree: 4, latitudes: latitudes, longitudes: longitudes)
        coarse = Level(cellsPerDegree: 1, latitudes: latitudes, longitudes: longitudes)
    }

    /// The index of the city nearest to `coordinate` and its distance in meters, if one is
    /// within `maximumDistance`.
    func nearest(to coordinate: Coordinate, within maximumDistance: Double = .infinity) -> (
        index: Int, distance: Double
    )? {
        guard !latitudes.isEmpty else { return nil }
        var search = fine.nearest(to: coordinate, within: maximumDistance, rings: 12, latitudes, longitudes)
        if case .undecided = search {
            search = coarse.nearest(
                to: coordinate, within: maximumDistance, rings: .max, latitudes, longitudes)
        }
        guard case .settled(let best?) = search, best.distance <= maximumDistance else { return nil }
        return best
    }

    /// What a search of one grid level settled.
    private enum Search {
        /// The nearest city (`nil`: none within the maximum distance), proven by the ring bound.
        case settled((index: Int, distance: Double)?)
        /// The rings searched did not prove the nearest found the nearest of all.
        case undecided
    }

    /// One grid: the cities of each cell, in compressed sparse rows.
    private struct Level: Sendable {
        let cellsPerDegree: Int
        let columns: Int
        let rows: Int
        /// Start offsets into ``cityIndices`` per cell, `rows * columns + 1` long.
        let cellStarts: [Int32]
        let cityIndices: [Int32]

        init(cellsPerDegree: Int, latitudes: [Double], longitudes: [Double]) {
            self.cellsPerDegree = cellsPerDegree
            columns = 360 * cellsPerDegree
            rows = 180 * cellsPerDegree
            var counts = [Int32](repeating: 0, count: rows * columns + 1)
            var cells = [Int](repeating: 0, count: latitudes.count)
            for index in 0..<latitudes.count {
                cells[index] =
                    Self.row(latitudes[index], cellsPerDegree: cellsPerDegree, rows: rows) * columns
                    + Self.column(longitudes[index], cellsPerDegree: cellsPerDegree, columns: columns)
                counts[cells[index] + 1] += 1
            }
            for index in 1..<counts.count { counts[index] += counts[index - 1] }
            var next = counts
            var indices = [Int32](repeating: 0, count: latitudes.count)
            for cityIndex in 0..<cells.count {
                let cell = cells[cityIndex]
                indices[Int(next[cell])] = Int32(cityIndex)
                next[cell] += 1
            }
            cellStarts = counts
            cityIndices = indices
        }

        /// A degree of latitude on the sphere ``Coordinate/distance(to:)`` measures on.
        static let metersPerDegree = 6_371_008.8 * .pi / 180

        static func row(_ latitude: Double, cellsPerDegree: Int, rows: Int) -> Int {
            min(max(Int(((latitude + 90) * Double(cellsPerDegree)).rounded(.down)), 0), rows - 1)
        }
        static func column(_ longitude: Double, cellsPerDegree: Int, columns: Int) -> Int {
            let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
            let degrees = wrapped < 0 ? wrapped + 360 : wrapped
            return min(max(Int((degrees * Double(cellsPerDegree)).rounded(.down)), 0), columns - 1)
        }

        /// The nearest city, searched up to `rings` rings out: ``Search/undecided`` when that
        /// many rings did not prove the nearest found the nearest of all (nor that none is within
        /// `maximumDistance`).
        func nearest(
            to coordinate: Coordinate, within maximumDistance: Double, rings: Int, _ latitudes: [Double],
            _ longitudes: [Double]
        ) -> Search {
            let centerRow = Self.row(coordinate.latitude, cellsPerDegree: cellsPerDegree, rows: rows)
            let centerColumn = Self.column(
                coordinate.longitude, cellsPerDegree: cellsPerDegree, columns: columns)
            var best: (index: Int, distance: Double)?
            for ring in 0...columns / 2 {
                if ring >= 2 {
                    let bound = ringBound(ring, centerRow: centerRow, latitude: coordinate.latitude)
                    if bound > min(best?.distance ?? .infinity, maximumDistance) { return .settled(best) }
                }
                if ring > rings { return .undecided }
                for rowOffset in -ring...ring {
                    let row = centerRow + rowOffset
                    guard row >= 0, row < rows else { continue }
                    let onEdge = abs(rowOffset) == ring
                    let step = onEdge || ring == 0 ? 1 : 2 * ring
                    for columnOffset in stride(from: -ring, through: ring, by: step) {
                        if ring > 0 && abs(columnOffset) > columns / 2 { continue }
                        let column = ((centerColumn + columnOffset) % columns + columns) % columns
                        let cell = row * columns + column
                        for slot in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                            let cityIndex = Int(cityIndices[slot])
                            // The latitudes alone already put it farther than the best: no need for
                            // the trigonometry (most of a far search's cities).
                            if let best,
                                abs(latitudes[cityIndex] - coordinate.latitude) * Self.metersPerDegree
                                    >= best.distance
                            {
                                continue
                            }
                            let distance = coordinate.distance(
                                to: Coordinate(
                                    latitude: latitudes[cityIndex], longitude: longitudes[cityIndex]))
                            if best == nil || distance < best!.distance { best = (cityIndex, distance) }
                        }
                    }
                }
            }
            return .settled(best)
        }

        /// A lower bound of the distance from a point at `latitude`, in `centerRow`, to any place
        /// in a cell of ring `ring` (cells `ring` rows or `ring` columns away).
        ///
        /// A cell `ring` rows away is `ring - 1` whole rows away. A cell `ring` columns away, in a
        /// row `k` rows off, is at least `|k| - 1` rows away, and at least the distance between
        /// two points `ring - 1` columns apart in longitude whose latitudes are both as far from
        /// the equator as the farther of the point's and the row's: that is where meridians are
        /// closest (the great circle between them bends towards the pole, so cells near a pole
        /// are bounded correctly too).
        func ringBound(_ ring: Int, centerRow: Int, latitude: Double) -> Double {
            let radius = 6_371_008.8
            let cellDegrees = 1 / Double(cellsPerDegree)
            let rowMeters = radius * cellDegrees * .pi / 180
            let apart = min(Double(ring - 1) * cellDegrees, 180) * .pi / 180
            var bound = Double(ring - 1) * rowMeters
            for offset in -(ring - 1)...(ring - 1) {
                let row = centerRow + offset
                guard row >= 0, row < rows else { continue }
                let south = Double(row) * cellDegrees - 90
                let farthest = max(abs(latitude), abs(south), abs(south + cellDegrees)) * .pi / 180
                let across = 2 * radius * asin(min(max(cos(farthest), 0) * sin(apart / 2), 1))
                let along = Double(max(abs(offset) - 1, 0)) * rowMeters
                bound = min(bound, max(across, along))
            }
            // A margin for the rounding of the distances.
            return bound * 0.995
        }
    }

    /// The nearest city by scanning every city: the reference the grid search is tested against.
    func nearestByScan(to coordinate: Coordinate) -> (index: Int, distance: Double)? {
        var best: (index: Int, distance: Double)?
        for index in latitudes.indices {
            let distance = coordinate.distance(
                to: Coordinate(latitude: latitudes[index], longitude: longitudes[index]))
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best
    }
}
