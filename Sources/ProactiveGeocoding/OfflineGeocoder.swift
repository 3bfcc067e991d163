public import ProactiveModel

/// Geocodes addresses and place names to city level from the GeoNames gazetteer shipped
/// with the module (cities of 15,000 inhabitants or more), offline.
///
/// City names match in any of their GeoNames alternate names written in Latin or Han
/// script (so in English, French, Italian, Portuguese, German and Chinese, among others),
/// ignoring case, accents and punctuation. Same-named cities are told apart by the country
/// and region hints of the query or found in the text ("Paris, TX", "Springfield, IL"),
/// then by population. See docs/geocoding.md for the scoring.
///
/// The gazetteer is loaded once per process, on first use; copies share it.
public struct OfflineGeocoder: Geocoder {
    let gazetteer: Gazetteer
    /// The farthest a coordinate may be from a city for ``reverseGeocode(_:)`` to answer it.
    public var maximumReverseDistanceMeters: Double

    /// A geocoder over the shared gazetteer.
    ///
    /// - Parameter maximumReverseDistanceMeters: beyond this distance from any city,
    ///   reverse geocoding answers `nil`. Defaults to 200 km.
    /// - Throws: ``GeocodingError`` with code `invalidResource` if the gazetteer cannot be read.
    public init(maximumReverseDistanceMeters: Double = 200_000) throws {
        gazetteer = try Gazetteer.shared.get()
        self.maximumReverseDistanceMeters = maximumReverseDistanceMeters
    }

    /// The cities the query designates, best first.
    public func geocode(_ query: GeocodingQuery) async throws -> [GeocodedPlace] {
        try places(for: query)
    }

    /// The nearest gazetteer city, with its distance; `nil` beyond
    /// ``maximumReverseDistanceMeters``.
    public func reverseGeocode(_ coordinate: Coordinate) async throws -> GeocodedPlace? {
        try nearestPlace(to: coordinate)
    }

    /// The synchronous form of ``geocode(_:)``.
    public func places(for query: GeocodingQuery) throws(GeocodingError) -> [GeocodedPlace] {
        guard !query.isEmpty else {
            throw GeocodingError(code: .emptyQuery, message: "the query has no text, address or name")
        }
        var text = AddressText()
        if let free = query.text { text.append(text: free, isCityField: false) }
        if let address = query.address {
            for part in [address.street, address.subLocality] {
                if let part { text.append(text: part, isCityField: false) }
            }
            if let city = address.city { text.append(text: city, isCityField: true) }
            if let postalCode = address.postalCode { text.append(text: postalCode, isCityField: false) }
        }
        if query.text == nil && query.address == nil, let name = query.name {
            text.append(text: name, isCityField: false)
        }
        let matcher = CityMatcher(
            gazetteer: gazetteer, text: text, countryHint: query.countryHint, regionHint: query.regionHint)
        let places = matcher.bestPlaces(limit: max(query.limit, 1))
        guard !places.isEmpty else {
            throw GeocodingError(code: .notFound, message: "no city of the gazetteer matches the query")
        }
        return places
    }

    /// The synchronous form of ``reverseGeocode(_:)``.
    public func nearestPlace(to coordinate: Coordinate) throws(GeocodingError) -> GeocodedPlace? {
        guard coordinate.isValid else {
            throw GeocodingError(
                code: .invalidCoordinate, message: "latitude must be in -90...90 and longitude in -180...180")
        }
        guard
            let (index, distance) = gazetteer.grid.nearest(
                to: coordinate, within: maximumReverseDistanceMeters)
        else { return nil }
        let nearest = gazetteer.cities[index]
        guard let parentIndex = nearest.parent else {
            var place = CityMatcher.place(for: nearest, in: gazetteer, postalCode: nil)
            place.distanceMeters = distance
            return place
        }
        // A section of a bigger city: answer the city, with the section as sub-locality.
        let parent = gazetteer.cities[Int(parentIndex)]
        var place = CityMatcher.place(for: parent, in: gazetteer, postalCode: nil)
        place.subLocality = nearest.name
        place.distanceMeters = coordinate.distance(
            to: Coordinate(latitude: parent.latitude, longitude: parent.longitude))
        return place
    }
}
