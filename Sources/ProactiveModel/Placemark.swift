/// A geographic place with its address, like MapKit's `MKPlacemark`.
public struct Placemark: Sendable, Hashable, Codable {
    /// Latitude in degrees.
    public var latitude: Double?
    /// Longitude in degrees.
    public var longitude: Double?
    /// The building number.
    public var subThoroughfare: String?
    /// The street.
    public var thoroughfare: String?
    /// The neighbourhood.
    public var subLocality: String?
    /// The city.
    public var locality: String?
    /// The state or region.
    public var administrativeArea: String?
    /// The postal code.
    public var postalCode: String?
    /// The country's name.
    public var country: String?
    /// The ISO 3166-1 alpha-2 country code.
    public var isoCountryCode: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case latitude, longitude, subThoroughfare, thoroughfare, subLocality, locality, administrativeArea
        case postalCode, country, isoCountryCode
    }

    /// Creates a placemark.
    public init(
        latitude: Double? = nil, longitude: Double? = nil, subThoroughfare: String? = nil,
        thoroughfare: String? = nil, subLocality: String? = nil, locality: String? = nil,
        administrativeArea: String? = nil, postalCode: String? = nil, country: String? = nil,
        isoCountryCode: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.subThoroughfare = subThoroughfare
        self.thoroughfare = thoroughfare
        self.subLocality = subLocality
        self.locality = locality
        self.administrativeArea = administrativeArea
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// The placemark's address.
    public var postalAddress: PostalAddress {
        PostalAddress(
            subThoroughfare: subThoroughfare, thoroughfare: thoroughfare, subLocality: subLocality,
            city: locality, stateOrProvince: administrativeArea, postalCode: postalCode, country: country,
            isoCountryCode: isoCountryCode)
    }

    /// The coordinate, when both latitude and longitude are present.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
