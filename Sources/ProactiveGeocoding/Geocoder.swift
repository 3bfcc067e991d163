public import ProactiveModel

/// Turns addresses and place names into coordinates, and coordinates into places, like
/// Core Location's `CLGeocoder`.
///
/// Implementations: ``OfflineGeocoder`` (GeoNames gazetteer, city level), ``LearnedPlaces``
/// (exact coordinates of places seen in donations), ``NominatimGeocoder`` (an online
/// server), and ``ChainedGeocoder`` to ask them in order.
public protocol Geocoder: Sendable {
    /// The places the query designates, best first; never empty.
    ///
    /// - Throws: ``GeocodingError`` with code `notFound` when nothing matches (never a
    ///   guess at (0, 0)), `emptyQuery` when there is nothing to resolve.
    func geocode(_ query: GeocodingQuery) async throws -> [GeocodedPlace]

    /// The place nearest to a coordinate, or `nil` when none is near enough.
    ///
    /// - Throws: ``GeocodingError`` with code `invalidCoordinate` for an out-of-range value.
    func reverseGeocode(_ coordinate: Coordinate) async throws -> GeocodedPlace?
}
