import Foundation

/// Where the device was at a moment.
public struct LocationSample: Sendable, Hashable, Codable {
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// When the device was there.
    public var at: Date

    /// Creates a sample.
    public init(latitude: Double, longitude: Double, at: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.at = at
    }

    /// The great-circle distance in meters to a point (haversine, mean Earth radius).
    func distance(toLatitude otherLatitude: Double, longitude otherLongitude: Double) -> Double {
        Self.distance(latitude, longitude, otherLatitude, otherLongitude)
    }

    /// The great-circle distance in meters between two points (haversine, mean Earth radius).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    }
}
