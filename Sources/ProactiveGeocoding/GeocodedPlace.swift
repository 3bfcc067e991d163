public import ProactiveModel

/// One answer of a geocoder: where the query is, how precisely, and what matched.
public struct GeocodedPlace: Sendable, Hashable, Codable {
    /// Where the place is.
    public var coordinate: Coordinate
    /// The radius, in meters, within which the place is (a city's is several kilometers).
    public var accuracyMeters: Double
    /// The name that matched: a learned place's name or a city's name.
    public var name: String
    /// The city.
    public var city: String?
    /// The neighborhood or section of the city, when known ("Chinatown", "Copacabana").
    public var subLocality: String?
    /// The state or region: a code (GeoNames admin1, "CA", "IL") or a name.
    public var region: String?
    /// The ISO 3166-1 alpha-2 country code.
    public var isoCountryCode: String?
    /// The postal code found in the query or known for the place.
    public var postalCode: String?
    /// How precise the match is.
    public var match: GeocodingMatch
    /// Which geocoder answered.
    public var source: GeocodingSource
    /// The GeoNames identifier of a gazetteer city.
    public var geonameID: Int?
    /// For reverse geocoding, the distance in meters from the coordinate asked for.
    public var distanceMeters: Double?

    /// Creates an answer.
    public init(
        coordinate: Coordinate, accuracyMeters: Double, name: String, city: String? = nil,
        subLocality: String? = nil, region: String? = nil, isoCountryCode: String? = nil,
        postalCode: String? = nil,
        match: GeocodingMatch, source: GeocodingSource, geonameID: Int? = nil, distanceMeters: Double? = nil
    ) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.name = name
        self.city = city
        self.subLocality = subLocality
        self.region = region
        self.isoCountryCode = isoCountryCode
        self.postalCode = postalCode
        self.match = match
        self.source = source
        self.geonameID = geonameID
        self.distanceMeters = distanceMeters
    }
}

/// How precisely a geocoder matched a query.
public enum GeocodingMatch: String, Sendable, Hashable, Codable, CaseIterable {
    /// The exact place (a learned place, or an online geocoder's address point).
    case place
    /// The street.
    case street
    /// The postal-code area.
    case postalCode
    /// The city.
    case city
    /// The state or region.
    case region
    /// The country.
    case country
}

/// Which kind of geocoder produced an answer.
public enum GeocodingSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Places already seen in donations (``LearnedPlaces``).
    case learned
    /// The offline GeoNames gazetteer (``OfflineGeocoder``).
    case gazetteer
    /// An online geocoder (``NominatimGeocoder``).
    case online
}
