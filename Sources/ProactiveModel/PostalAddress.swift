/// A structured postal address, with the field names of `CNPostalAddress` and the
/// attribute-set address fields of Core Spotlight.
///
/// Every field is optional: donations carry what they know. ``isoCountryCode`` is the
/// ISO 3166-1 alpha-2 code (uppercase) when known.
public struct PostalAddress: Sendable, Hashable, Codable {
    /// The building number, like `subThoroughfare` ("101").
    public var subThoroughfare: String?
    /// The street name, like `thoroughfare` ("Spear St").
    public var thoroughfare: String?
    /// The neighbourhood or district within the city, like `CNPostalAddress.subLocality`.
    public var subLocality: String?
    /// The city, like `locality` or the attribute set's `city`.
    public var city: String?
    /// The state, province or region, like `administrativeArea` / `stateOrProvince`.
    public var stateOrProvince: String?
    /// The postal code.
    public var postalCode: String?
    /// The country's name as written by the donor ("United States", "France").
    public var country: String?
    /// The ISO 3166-1 alpha-2 country code ("US", "FR"), uppercase.
    public var isoCountryCode: String?

    /// Creates an address from its parts.
    public init(
        subThoroughfare: String? = nil, thoroughfare: String? = nil, subLocality: String? = nil,
        city: String? = nil, stateOrProvince: String? = nil, postalCode: String? = nil,
        country: String? = nil, isoCountryCode: String? = nil
    ) {
        self.subThoroughfare = subThoroughfare
        self.thoroughfare = thoroughfare
        self.subLocality = subLocality
        self.city = city
        self.stateOrProvince = stateOrProvince
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// Whether no field carries any text.
    public var isEmpty: Bool {
        [
            subThoroughfare, thoroughfare, subLocality, city, stateOrProvince, postalCode, country,
            isoCountryCode,
        ]
        .allSatisfy { ($0 ?? "").allSatisfy(\.isWhitespace) }
    }

    /// The street line as the donor gave it, number first ("101 Spear St"); see the
    /// country-aware formatter in `ProactiveGeocoding` for display.
    public var street: String? {
        let parts = [subThoroughfare, thoroughfare].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
