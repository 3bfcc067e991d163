public import ProactiveModel

extension Geocoder {
    /// The request with its destination's coordinate filled in: what the system does before
    /// handing a routing app a destination that came with an address only.
    ///
    /// A destination that already has a coordinate is returned unchanged; otherwise its
    /// name and address are geocoded and the best place's coordinate is used.
    ///
    /// - Returns: the completed request and the place that resolved it (`nil` when the
    ///   coordinate was already there).
    /// - Throws: ``GeocodingError`` `notFound` when the address cannot be resolved (never a
    ///   guess at (0, 0)); `emptyQuery` when the destination has no name or address.
    public func resolvingDestination(of request: DirectionsRequest) async throws -> (
        request: DirectionsRequest, place: GeocodedPlace?
    ) {
        if let coordinate = request.destination.coordinate, coordinate.isValid { return (request, nil) }
        let destination = request.destination
        let query = GeocodingQuery(
            address: destination.address.isEmpty ? nil : destination.address, name: destination.name)
        guard let place = try await geocode(query).first else {
            throw GeocodingError(code: .notFound, message: "the destination could not be resolved")
        }
        var resolved = request
        resolved.destination.coordinate = place.coordinate
        return (resolved, place)
    }
}
