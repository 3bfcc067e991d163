public import ProactiveModel

/// Asks several geocoders in order and answers with the first that finds something:
/// typically `ChainedGeocoder([learnedPlaces, offline, nominatim])`, so places seen in
/// donations answer exactly, the gazetteer answers offline, and an online server is asked
/// last, when configured.
public struct ChainedGeocoder: Geocoder {
    /// The geocoders, in the order they are asked.
    public var geocoders: [any Geocoder]

    /// Creates a chain.
    public init(_ geocoders: [any Geocoder]) {
        self.geocoders = geocoders
    }

    /// The first non-empty answer. A geocoder that finds nothing, is unavailable or answers
    /// nonsense passes the query on.
    ///
    /// - Throws: ``GeocodingError`` `notFound` when no geocoder found anything;
    ///   `emptyQuery` at once for an empty query.
    public func geocode(_ query: GeocodingQuery) async throws -> [GeocodedPlace] {
        guard !query.isEmpty else {
            throw GeocodingError(code: .emptyQuery, message: "the query has no text, address or name")
        }
        var unavailable = 0
        for geocoder in geocoders {
            do {
                let places = try await geocoder.geocode(query)
                if !places.isEmpty { return places }
            } catch let error as GeocodingError
                where [.notFound, .serviceUnavailable, .invalidResponse].contains(error.code)
            {
                if error.code != .notFound { unavailable += 1 }
            }
        }
        let note = unavailable > 0 ? " (\(unavailable) geocoder(s) unavailable)" : ""
        throw GeocodingError(code: .notFound, message: "no geocoder found the query\(note)")
    }

    /// The first geocoder's non-`nil` answer.
    public func reverseGeocode(_ coordinate: Coordinate) async throws -> GeocodedPlace? {
        guard coordinate.isValid else {
            throw GeocodingError(
                code: .invalidCoordinate, message: "latitude must be in -90...90 and longitude in -180...180")
        }
        for geocoder in geocoders {
            do {
                if let place = try await geocoder.reverseGeocode(coordinate) { return place }
            } catch let error as GeocodingError
                where [.serviceUnavailable, .invalidResponse].contains(error.code)
            {
                continue
            }
        }
        return nil
    }
}
