import ProactiveModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-degree grid over the cities, for nearest-city search.
///
/// Cells are searched in rings of growing size around the query point until the nearest
/// city found is closer than anything a further ring could hold.
struct GazetteerGrid: Sendable {
    private static let columns = 360
    private static let rows = 180
    /// Start offsets into ``cityIndices`` per cell (CSR layout), `rows * columns + 1` long.
    private let cellStarts: [Int32]
    private let cityIndices: [Int32]
    private let latitudes: [Double]
    private let longitudes: [Double]

    init(cities: [GazetteerCity]) {
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        let cells = cities.map { Self.cell(latitude: $0.latitude, longitude: $0.longitude) }
        for cell in cells { counts[cell + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var indices = [Int32](repeating: 0, count: cities.count)
        for (cityIndex, cell) in cells.enumerated() {
            indices[Int(next[cell])] = Int32(cityIndex)
            next[cell] += 1
        }
        cellStarts = counts
        cityIndices = indices
        latitudes = cities.map(\.latitude)
        longitudes = cities.map(\.longitude)
    }

    private static func row(_ latitude: Double) -> Int {
        min(max(Int((latitude + 90).rounded(.down)), 0), rows - 1)
    }
    private static func column(_ longitude: Double) -> Int {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return min(max(Int((wrapped < 0 ? wrapped + 360 : wrapped).rounded(.down)), 0), columns - 1)
    }
    private static func cell(latitude: Double, longitude: Double) -> Int {
        row(latitude) * columns + column(longitude)
    }

    /// The index of the city nearest to `coordinate` and its distance in meters, if one is
    /// within `maximumDistance`.
    func nearest(to coordinate: Coordinate, within maximumDistance: Double = .infinity) -> (
        index: Int, distance: Double
    )? {
        guard !cityIndices.isEmpty else { return nil }
        let centerRow = Self.row(coordinate.latitude)
        let centerColumn = Self.column(coordinate.longitude)
        var best: (index: Int, distance: Double)?
        for ring in 0...Self.columns / 2 {
            if ring >= 2 {
                // Every cell of this ring is at least (ring - 1) cells away in latitude or in
                // longitude; a longitude cell is narrowest at the highest latitude it spans.
                let highest = min(abs(coordinate.latitude) + Double(ring), 90) * Double.pi / 180
                let cellMeters = 111_195.0 * Swift.max(cos(highest), 0)
                let bound = Double(ring - 1) * cellMeters
                if bound > min(best?.distance ?? .infinity, maximumDistance) { break }
            }
            for rowOffset in -ring...ring {
                let row = centerRow + rowOffset
                guard row >= 0, row < Self.rows else { continue }
                let onEdge = abs(rowOffset) == ring
                let columnOffsets = onEdge ? Array(-ring...ring) : (ring == 0 ? [0] : [-ring, ring])
                for columnOffset in columnOffsets {
                    if ring > 0 && abs(columnOffset) > Self.columns / 2 { continue }
                    let column = ((centerColumn + columnOffset) % Self.columns + Self.columns) % Self.columns
                    let cell = row * Self.columns + column
                    for slot in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                        let cityIndex = Int(cityIndices[slot])
                        let distance = coordinate.distance(
                            to: Coordinate(latitude: latitudes[cityIndex], longitude: longitudes[cityIndex]))
                        if best == nil || distance < best!.distance { best = (cityIndex, distance) }
                    }
                }
            }
        }
        guard let best, best.distance <= maximumDistance else { return nil }
        return best
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
