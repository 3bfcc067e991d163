/// A place described by a page: a `Place` (any subtype, such as `Restaurant` or `Hotel`), the
/// `location` of an `Event`, or the destination of a reservation, reduced to what the place pipeline
/// needs.
public struct ExtractedPlace: Codable, Sendable, Hashable {
    /// The place's name, if the markup gives one.
    public var name: String?
    /// The place's schema.org types, such as `["Restaurant"]`.
    public var types: [String]
    /// The street address from a structured `PostalAddress`.
    public var streetAddress: String?
    /// The city (`addressLocality`).
    public var locality: String?
    /// The region or state (`addressRegion`).
    public var region: String?
    /// The postal code.
    public var postalCode: String?
    /// The country, as the page gives it: a name (`France`) or a code (`FR`).
    public var country: String?
    /// The whole address when the page gives it as one string instead of a structured `PostalAddress`.
    public var addressText: String?
    /// The latitude in degrees, within -90…90.
    public var latitude: Double?
    /// The longitude in degrees, within -180…180.
    public var longitude: Double?
    /// The telephone numbers as written on the page; empty when the page turns telephone detection off.
    public var telephones: [String]
    /// The place's own URL (`url`), if any.
    public var url: String?
    /// The syntax the place was read from.
    public var sourceSyntax: MarkupSyntax

    /// Creates a place.
    public init(
        name: String? = nil, types: [String] = [], streetAddress: String? = nil, locality: String? = nil,
        region: String? = nil, postalCode: String? = nil, country: String? = nil, addressText: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, telephones: [String] = [], url: String? = nil,
        sourceSyntax: MarkupSyntax
    ) {
        self.name = name
        self.types = types
        self.streetAddress = streetAddress
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.addressText = addressText
        self.latitude = latitude
        self.longitude = longitude
        self.telephones = telephones
        self.url = url
        self.sourceSyntax = sourceSyntax
    }

    /// Whether the place has any part of an address.
    public var hasAddress: Bool {
        [streetAddress, locality, region, postalCode, country, addressText].contains { $0 != nil }
    }

    /// Whether the place has coordinates.
    public var hasCoordinates: Bool { latitude != nil && longitude != nil }
}
