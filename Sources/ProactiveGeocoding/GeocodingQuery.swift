public import ProactiveModel

/// What to geocode: a free-text address, a structured address, or both, with optional hints.
///
/// ```swift
/// GeocodingQuery("101 Spear St, San Francisco, CA 94105")
/// GeocodingQuery(address: PostalAddress(city: "Paris", isoCountryCode: "FR"))
/// GeocodingQuery("Springfield").country("US").region("IL")
/// ```
public struct GeocodingQuery: Sendable, Hashable, Codable {
    /// The address as one line of text, in any language ("12 rue de Rivoli, 75001 Paris").
    public var text: String?
    /// The address as fields.
    public var address: PostalAddress?
    /// The name of the place ("Yank Sing"), which lets places learned from donations answer
    /// with their exact coordinates.
    public var name: String?
    /// An ISO 3166-1 alpha-2 country hint, or a country name; candidates in that country win.
    public var isoCountryCode: String?
    /// A state, province or region hint: a code ("IL", "CA") or a name ("Illinois").
    public var region: String?
    /// The most answers wanted, best first. Defaults to 5.
    public var limit: Int

    /// Creates a query from free text and optional hints.
    public init(
        _ text: String? = nil, address: PostalAddress? = nil, name: String? = nil,
        isoCountryCode: String? = nil, region: String? = nil, limit: Int = 5
    ) {
        self.text = text
        self.address = address
        self.name = name
        self.isoCountryCode = isoCountryCode
        self.region = region
        self.limit = limit
    }

    /// A copy with a country hint.
    public func country(_ isoCountryCode: String?) -> GeocodingQuery {
        var copy = self
        copy.isoCountryCode = isoCountryCode
        return copy
    }

    /// A copy with a region hint.
    public func region(_ region: String?) -> GeocodingQuery {
        var copy = self
        copy.region = region
        return copy
    }

    /// A copy with a place name.
    public func named(_ name: String?) -> GeocodingQuery {
        var copy = self
        copy.name = name
        return copy
    }

    /// A copy answering at most `limit` places.
    public func limit(_ limit: Int) -> GeocodingQuery {
        var copy = self
        copy.limit = limit
        return copy
    }

    /// Whether the query has nothing to resolve.
    public var isEmpty: Bool {
        let hasText = !(text ?? "").allSatisfy(\.isWhitespace)
        let hasName = !(name ?? "").allSatisfy(\.isWhitespace)
        return !hasText && !hasName && (address?.isEmpty ?? true)
    }

    /// The country hint from ``isoCountryCode`` or the structured address.
    var countryHint: String? {
        for candidate in [isoCountryCode, address?.isoCountryCode, address?.country] {
            guard let candidate, !candidate.allSatisfy(\.isWhitespace) else { continue }
            if let country = Country(isoCode: candidate) ?? Country.named(candidate) {
                return country.isoCode
            }
        }
        return nil
    }

    /// The region hint from ``region`` or the structured address.
    var regionHint: String? {
        for candidate in [region, address?.stateOrProvince] {
            if let candidate, !candidate.allSatisfy(\.isWhitespace) { return candidate }
        }
        return nil
    }
}
