import Foundation

/// A request for directions to a place, like MapKit's `MKDirectionsRequest`: what a routing
/// or ride-sharing app is handed when the user picks "Get directions to …" or "Get a ride
/// to …".
///
/// It travels as a URL (see ``url`` and ``init(url:)``):
///
///     proactive://directions?name=Yank%20Sing&subThoroughfare=101&thoroughfare=Spear%20St
///         &city=San%20Francisco&stateOrProvince=CA&postalCode=94105&country=United%20States
///         &isoCountryCode=US&latitude=37.7923&longitude=-122.3928&phoneNumber=%2B14157811111&mode=car
///
/// Destination parameters are named after ``PostalAddress``'s fields plus `name`,
/// `latitude`, `longitude`, `phoneNumber` and `url`; the source's, when there is one, carry
/// the `source.` prefix (`source.latitude`); `mode` is a ``DirectionsMode``. Values are
/// UTF-8, percent-encoded (every byte outside `A–Z a–z 0–9 - . _ ~`), so addresses in any
/// language survive; a `+` is a plus sign, not a space. Unknown parameters are ignored.
/// The destination always carries the structured address; coordinates when known.
public struct DirectionsRequest: Sendable, Hashable, Codable {
    /// One end of the trip.
    public struct Endpoint: Sendable, Hashable, Codable {
        /// The place's name ("Yank Sing").
        public var name: String?
        /// Its postal address (always carried, even when coordinates are known).
        public var address: PostalAddress
        /// Where it is, when known; without it the routing app geocodes the address.
        public var coordinate: Coordinate?
        /// A phone number (E.164 preferred).
        public var phoneNumber: String?
        /// A website.
        public var url: String?

        /// Creates an endpoint.
        public init(
            name: String? = nil, address: PostalAddress = PostalAddress(), coordinate: Coordinate? = nil,
            phoneNumber: String? = nil, url: String? = nil
        ) {
            self.name = name
            self.address = address
            self.coordinate = coordinate
            self.phoneNumber = phoneNumber
            self.url = url
        }

        /// Whether the endpoint says nothing about where it is.
        public var isEmpty: Bool {
            (name ?? "").allSatisfy(\.isWhitespace) && address.isEmpty && coordinate == nil
        }
    }

    /// Where to go.
    public var destination: Endpoint
    /// Where from; `nil` means the user's current location.
    public var source: Endpoint?
    /// The transport mode asked for, if any.
    public var mode: DirectionsMode?

    /// Creates a request.
    public init(destination: Endpoint, source: Endpoint? = nil, mode: DirectionsMode? = nil) {
        self.destination = destination
        self.source = source
        self.mode = mode
    }

    /// The URL scheme of ``url``: `proactive`.
    public static let scheme = "proactive"
    /// The URL host (or last path component, for `https` URLs): `directions`.
    public static let host = "directions"
}

/// Why a directions URL could not be read: a stable ``code``, the query ``field`` at fault
/// and a ``reason`` that never quotes the address.
public struct DirectionsRequestError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable machine-readable code.
    public enum Code: String, Sendable, Hashable, Codable {
        /// Not a directions URL (wrong scheme or host, or no query).
        case notADirectionsURL
        /// The URL gives no destination at all.
        case missingDestination
        /// A parameter's value is not allowed (a latitude out of range, an unknown mode…).
        case invalidValue
        /// A parameter needs another (a latitude without a longitude).
        case missingField
    }

    /// The code.
    public var code: Code
    /// The URL query parameter at fault (`latitude`, `source.longitude`, `mode`), if any.
    public var field: String?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(code: Code, field: String?, reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// `"field: reason"`.
    public var description: String {
        if let field { return "\(field): \(reason)" }
        return reason
    }
}

extension DirectionsRequest {
    /// The request as a `proactive://directions?…` URL.
    public var url: URL { URL(string: urlString)! }

    /// ``url`` as text, made without parsing it back (what a suggestion's `url` holds).
    public var urlString: String {
        var items: [(String, String)] = Self.parameters(of: destination, prefix: "")
        if let source { items += Self.parameters(of: source, prefix: "source.") }
        if let mode { items.append(("mode", mode.rawValue)) }
        let query = items.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return "\(Self.scheme)://\(Self.host)?\(query)"
    }

    /// Reads a directions URL: `proactive://directions?…`, or an `http(s)` URL whose path
    /// ends in `/directions`, with the parameters described on ``DirectionsRequest``.
    ///
    /// - Throws: ``DirectionsRequestError`` naming the parameter at fault.
    public init(url: URL) throws(DirectionsRequestError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw DirectionsRequestError(
                code: .notADirectionsURL, field: nil, reason: "the URL cannot be parsed")
        }
        let scheme = components.scheme?.lowercased()
        let isOwn = scheme == Self.scheme && components.host?.lowercased() == Self.host
        let isWeb =
            (scheme == "https" || scheme == "http")
            && components.path.split(separator: "/").last == "directions"
        guard isOwn || isWeb else {
            throw DirectionsRequestError(
                code: .notADirectionsURL, field: nil,
                reason: "expected \(Self.scheme)://\(Self.host)?… or an http(s) URL ending in /directions")
        }
        var values: [String: String] = [:]
        for item in components.percentEncodedQueryItems ?? [] {
            guard let name = item.name.removingPercentEncoding else { continue }
            guard let raw = item.value, let value = raw.removingPercentEncoding else {
                if item.value == nil { continue }
                throw DirectionsRequestError(
                    code: .invalidValue, field: name, reason: "the value is not valid percent-encoded UTF-8")
            }
            values[name] = value
        }
        let destination = try Self.endpoint(from: values, prefix: "")
        guard !destination.isEmpty else {
            throw DirectionsRequestError(
                code: .missingDestination, field: nil,
                reason: "the URL has no destination name, address field or coordinates")
        }
        let source = try Self.endpoint(from: values, prefix: "source.")
        var mode: DirectionsMode?
        if let raw = values["mode"], !raw.isEmpty {
            guard let parsed = DirectionsMode(rawValue: raw) else {
                throw DirectionsRequestError(
                    code: .invalidValue, field: "mode",
                    reason:
                        "must be one of \(DirectionsMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = parsed
        }
        self.init(destination: destination, source: source.isEmpty ? nil : source, mode: mode)
    }

    /// The address parameters, in URL order, named after ``PostalAddress``'s fields.
    private static var addressFields: [(String, WritableKeyPath<PostalAddress, String?>)] {
        [
            ("subThoroughfare", \.subThoroughfare), ("thoroughfare", \.thoroughfare),
            ("subLocality", \.subLocality), ("city", \.city), ("stateOrProvince", \.stateOrProvince),
            ("postalCode", \.postalCode), ("country", \.country), ("isoCountryCode", \.isoCountryCode),
        ]
    }

    private static func parameters(of endpoint: Endpoint, prefix: String) -> [(String, String)] {
        var items: [(String, String)] = []
        if let name = endpoint.name { items.append((prefix + "name", name)) }
        for (field, keyPath) in addressFields {
            if let value = endpoint.address[keyPath: keyPath] { items.append((prefix + field, value)) }
        }
        if let coordinate = endpoint.coordinate {
            items.append((prefix + "latitude", String(coordinate.latitude)))
            items.append((prefix + "longitude", String(coordinate.longitude)))
        }
        if let phone = endpoint.phoneNumber { items.append((prefix + "phoneNumber", phone)) }
        if let url = endpoint.url { items.append((prefix + "url", url)) }
        return items
    }

    private static func endpoint(from values: [String: String], prefix: String) throws(DirectionsRequestError)
        -> Endpoint
    {
        var address = PostalAddress()
        for (field, keyPath) in addressFields {
            if let value = values[prefix + field], !value.isEmpty { address[keyPath: keyPath] = value }
        }
        if let code = address.isoCountryCode {
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw DirectionsRequestError(
                    code: .invalidValue, field: prefix + "isoCountryCode",
                    reason: "must be an ISO 3166-1 alpha-2 code")
            }
            address.isoCountryCode = code.uppercased()
        }
        let latitude = try coordinateValue(values, prefix + "latitude", range: -90...90)
        let longitude = try coordinateValue(values, prefix + "longitude", range: -180...180)
        var coordinate: Coordinate?
        switch (latitude, longitude) {
        case (let latitude?, let longitude?):
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        case (nil, nil): coordinate = nil
        case (nil, _):
            throw DirectionsRequestError(
                code: .missingField, field: prefix + "latitude", reason: "a longitude needs a latitude")
        case (_, nil):
            throw DirectionsRequestError(
                code: .missingField, field: prefix + "longitude", reason: "a latitude needs a longitude")
        }
        func text(_ name: String) -> String? {
            guard let value = values[prefix + name], !value.isEmpty else { return nil }
            return value
        }
        return Endpoint(
            name: text("name"), address: address, coordinate: coordinate, phoneNumber: text("phoneNumber"),
            url: text("url"))
    }

    private static func coordinateValue(
        _ values: [String: String], _ field: String, range: ClosedRange<Double>
    )
        throws(DirectionsRequestError) -> Double?
    {
        guard let raw = values[field], !raw.isEmpty else { return nil }
        guard let value = Double(raw), value.isFinite else {
            throw DirectionsRequestError(
                code: .invalidValue, field: field, reason: "must be a decimal number")
        }
        guard range.contains(value) else {
            throw DirectionsRequestError(
                code: .invalidValue, field: field,
                reason: "must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
        }
        return value
    }

    /// Percent-encodes every UTF-8 byte but RFC 3986's unreserved characters (byte by byte:
    /// `addingPercentEncoding` with a `CharacterSet` was most of a suggestion list's URL cost).
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
