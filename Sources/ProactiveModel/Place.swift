/// A place suggested to the user, as the contract's `place` object: named, with its address,
/// its coordinates when known (and where they come from), and dialable phone numbers.
public struct Place: Sendable, Hashable, Codable {
    /// Where a place's coordinates come from.
    public enum CoordinateSource: String, Sendable, Hashable, Codable {
        /// Given by the donating app.
        case donated
        /// Read from a web page's markup.
        case markup
        /// Found by geocoding the address.
        case geocoded
    }

    /// The place's name.
    public var name: String
    /// The address as the place's country writes it, on one line.
    public var formattedAddress: String?
    /// The building number.
    public var subThoroughfare: String?
    /// The street.
    public var thoroughfare: String?
    /// The city.
    public var city: String?
    /// The state or province.
    public var stateOrProvince: String?
    /// The postal code.
    public var postalCode: String?
    /// The country's name.
    public var country: String?
    /// The ISO 3166-1 alpha-2 country code.
    public var isoCountryCode: String?
    /// Latitude, when known.
    public var latitude: Double?
    /// Longitude, when known.
    public var longitude: Double?
    /// Where the coordinates come from; `nil` when there are none.
    public var coordinateSource: CoordinateSource?
    /// Phone numbers in E.164 ("+14157811111").
    public var phoneNumbers: [String]

    /// Creates a place.
    public init(name: String, address: PostalAddress = .init(), formattedAddress: String? = nil) {
        self.name = name
        self.formattedAddress = formattedAddress
        subThoroughfare = address.subThoroughfare
        thoroughfare = address.thoroughfare
        city = address.city
        stateOrProvince = address.stateOrProvince
        postalCode = address.postalCode
        country = address.country
        isoCountryCode = address.isoCountryCode
        phoneNumbers = []
    }

    /// The place's address.
    public var postalAddress: PostalAddress {
        PostalAddress(
            subThoroughfare: subThoroughfare, thoroughfare: thoroughfare, city: city,
            stateOrProvince: stateOrProvince,
            postalCode: postalCode, country: country, isoCountryCode: isoCountryCode)
    }

    /// The coordinate, when known.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
