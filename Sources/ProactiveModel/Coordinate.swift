/// A point on Earth in WGS 84 degrees, like Core Location's `CLLocationCoordinate2D`.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Latitude in degrees, from -90 to 90.
    public var latitude: Double
    /// Longitude in degrees, from -180 to 180.
    public var longitude: Double

    /// Creates a coordinate; use ``isValid`` to check the range.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within range.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude)
            && (-180...180).contains(longitude)
    }

    /// Great-circle distance in meters to another coordinate (haversine, mean Earth radius).
    public func distance(to other: Coordinate) -> Double {
        let radius = 6_371_008.8
        let toRadians = Double.pi / 180
        let dLat = (other.latitude - latitude) * toRadians
        let dLon = (other.longitude - longitude) * toRadians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(latitude * toRadians) * cos(other.latitude * toRadians)
            * sin(dLon / 2) * sin(dLon / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
