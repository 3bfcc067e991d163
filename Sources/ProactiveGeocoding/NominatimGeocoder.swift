public import Foundation
public import ProactiveModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Geocodes through a Nominatim-compatible server (OpenStreetMap's geocoder, or a
/// self-hosted one), for street-level answers when the device may go online.
///
/// Requests use the `jsonv2` format: `GET {baseURL}/search?q=…&format=jsonv2&addressdetails=1`
/// (or the structured `street`/`city`/`state`/`postalcode`/`country` parameters) and
/// `GET {baseURL}/reverse?lat=…&lon=…&format=jsonv2`. Respect the server's usage policy:
/// the public OpenStreetMap server asks for an identifying `User-Agent` and at most one
/// request a second.
public struct NominatimGeocoder: Geocoder {
    /// The server's base URL, e.g. `https://nominatim.example.org`.
    public var baseURL: URL
    /// The `User-Agent` sent with each request.
    public var userAgent: String
    /// The `Accept-Language` sent with each request (e.g. "fr"), or `nil`.
    public var acceptLanguage: String?
    /// Seconds before a request is abandoned. Defaults to 10.
    public var timeout: Double

    /// Creates an adapter for a server.
    public init(
        baseURL: URL, userAgent: String = "Proactive geocoding (https://github.com/proactive)",
        acceptLanguage: String? = nil, timeout: Double = 10
    ) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        self.acceptLanguage = acceptLanguage
        self.timeout = timeout
    }

    /// The server's answers to the query, best first.
    public func geocode(_ query: GeocodingQuery) async throws -> [GeocodedPlace] {
        guard !query.isEmpty else {
            throw GeocodingError(code: .emptyQuery, message: "the query has no text, address or name")
        }
        let places = try Self.parseSearchResponse(try await fetch(searchURL(for: query)))
        guard !places.isEmpty else {
            throw GeocodingError(code: .notFound, message: "the geocoding server found nothing for the query")
        }
        return places
    }

    /// The server's place at a coordinate.
    public func reverseGeocode(_ coordinate: Coordinate) async throws -> GeocodedPlace? {
        guard coordinate.isValid else {
            throw GeocodingError(
                code: .invalidCoordinate, message: "latitude must be in -90...90 and longitude in -180...180")
        }
        let place = try Self.parseReverseResponse(try await fetch(reverseURL(for: coordinate)))
        return place.map { found in
            var place = found
            place.distanceMeters = coordinate.distance(to: found.coordinate)
            return place
        }
    }

    /// The search URL for a query.
    public func searchURL(for query: GeocodingQuery) -> URL {
        var items = [
            URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "addressdetails", value: "1"),
            URLQueryItem(name: "limit", value: String(max(query.limit, 1))),
        ]
        if let country = query.countryHint {
            items.append(URLQueryItem(name: "countrycodes", value: country.lowercased()))
        }
        if let text = query.text ?? (query.address == nil ? query.name : nil) {
            items.append(URLQueryItem(name: "q", value: text))
        } else if let address = query.address {
            let street = AddressFormatter().streetLine(from: address)
            let fields: [(String, String?)] = [
                ("street", street), ("city", address.city), ("state", address.stateOrProvince),
                ("postalcode", address.postalCode), ("country", address.country),
            ]
            for (name, value) in fields {
                if let value, !value.isEmpty { items.append(URLQueryItem(name: name, value: value)) }
            }
        }
        return url(path: "search", items: items)
    }

    /// The reverse-geocoding URL for a coordinate.
    public func reverseURL(for coordinate: Coordinate) -> URL {
        url(
            path: "reverse",
            items: [
                URLQueryItem(name: "format", value: "jsonv2"),
                URLQueryItem(name: "addressdetails", value: "1"),
                URLQueryItem(name: "lat", value: String(coordinate.latitude)),
                URLQueryItem(name: "lon", value: String(coordinate.longitude)),
            ])
    }

    private func url(path: String, items: [URLQueryItem]) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = items
        // URLComponents leaves "+" alone, which servers read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
            of: "+", with: "%2B")
        return components.url!
    }

    private func fetch(_ url: URL) async throws(GeocodingError) -> Data {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let acceptLanguage { request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw GeocodingError(
                code: .serviceUnavailable, message: "the geocoding server could not be reached")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw GeocodingError(
                code: .serviceUnavailable, message: "the geocoding server answered HTTP \(http.statusCode)")
        }
        return data
    }
}
