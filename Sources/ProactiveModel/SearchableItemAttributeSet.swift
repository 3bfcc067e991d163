import Foundation

/// The searchable metadata of an item or activity, like Core Spotlight's
/// `CSSearchableItemAttributeSet`, including the location fields used for place suggestions.
///
/// Every property is optional. A set that has a ``namedLocation`` describes a place.
public struct SearchableItemAttributeSet: Sendable, Hashable, Codable {
    /// A uniform type identifier for the content ("com.example.location", "public.text").
    public var contentType: String?
    /// The title.
    public var title: String?
    /// A name to display, used instead of ``title`` when present.
    public var displayName: String?
    /// A description of the content.
    public var contentDescription: String?
    /// The full text of the content, searchable but never displayed.
    public var textContent: String?
    /// A thumbnail image URL.
    public var thumbnailURL: String?
    /// The URL of the content.
    public var contentURL: String?
    /// Keywords.
    public var keywords: [String]?
    /// The name of the place (required for the location fields to describe a place).
    public var namedLocation: String?
    /// The building number.
    public var subThoroughfare: String?
    /// The street.
    public var thoroughfare: String?
    /// The whole address as one string, when the donor has no structured fields.
    public var fullyFormattedAddress: String?
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
    /// Latitude in degrees.
    public var latitude: Double?
    /// Longitude in degrees.
    public var longitude: Double?
    /// Phone numbers as the donor wrote them.
    public var phoneNumbers: [String]?
    /// Email addresses.
    public var emailAddresses: [String]?
    /// Whether the phone numbers may be called.
    public var supportsPhoneCalls: Bool?
    /// Whether the place may be navigated to.
    public var supportsNavigation: Bool?
    /// A rating, for `InRange(rating, …)` queries.
    public var rating: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case contentType, title, displayName, contentDescription, textContent, thumbnailURL, contentURL,
            keywords
        case namedLocation, subThoroughfare, thoroughfare, fullyFormattedAddress, city, stateOrProvince
        case postalCode, country, isoCountryCode, latitude, longitude, phoneNumbers, emailAddresses
        case supportsPhoneCalls, supportsNavigation, rating
    }

    /// Creates an empty attribute set for a content type.
    public init(contentType: String? = nil) {
        self.contentType = contentType
    }

    /// The name shown for the content: ``displayName``, else ``title``, else ``namedLocation``.
    public var effectiveTitle: String? { displayName ?? title ?? namedLocation }

    /// The postal address carried by the location fields.
    public var postalAddress: PostalAddress {
        PostalAddress(
            subThoroughfare: subThoroughfare, thoroughfare: thoroughfare, city: city,
            stateOrProvince: stateOrProvince, postalCode: postalCode, country: country,
            isoCountryCode: isoCountryCode)
    }

    /// The coordinate, when both latitude and longitude are present.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
