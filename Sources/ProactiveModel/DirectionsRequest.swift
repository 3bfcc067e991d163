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

    /// ``url`` as text, made without parsing it back (what a suggestion's `url` holds): the
    /// parameters in a fixed order, each name and value percent-encoded byte by byte.
    public var urlString: String {
        var out = Array("\(Self.scheme)://\(Self.host)?".utf8)
        out.reserveCapacity(256)
        var first = true
        Self.appendParameters(of: destination, prefix: "", to: &out, first: &first)
        if let source { Self.appendParameters(of: source, prefix: "source.", to: &out, first: &first) }
        if let mode { Self.append("", "mode", mode.rawValue, to: &out, first: &first) }
        return String(decoding: out, as: UTF8.self)
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

    /// Appends an endpoint's parameters (in the order of ``addressFields`` for its address).
    private static func appendParameters(
        of endpoint: Endpoint, prefix: String, to out: inout [UInt8], first: inout Bool
    ) {
        let a = endpoint.address
        for (name, value) in [
            ("name", endpoint.name), ("subThoroughfare", a.subThoroughfare), ("thoroughfare", a.thoroughfare),
            ("subLocality", a.subLocality), ("city", a.city), ("stateOrProvince", a.stateOrProvince),
            ("postalCode", a.postalCode), ("country", a.country), ("isoCountryCode", a.isoCountryCode),
            ("latitude", endpoint.coordinate.map { String($0.latitude) }),
            ("longitude", endpoint.coordinate.map { String($0.longitude) }),
            ("phoneNumber", endpoint.phoneNumber), ("url", endpoint.url),
        ] {
            if let value { append(prefix, name, value, to: &out, first: &first) }
        }
    }

    /// Appends `&prefix+name=value`, percent-encoded (no `&` before the first).
    private static func append(
        _ prefix: String, _ name: String, _ value: String, to out: inout [UInt8], first: inout Bool
    ) {
        if !first { out.append(UInt8(ascii: "&")) }
        first = false
        appendEncoded(prefix, to: &out)
        appendEncoded(name, to: &out)
        out.append(UInt8(ascii: "="))
        appendEncoded(value, to: &out)
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

    /// Appends a text with every UTF-8 byte but RFC 3986's unreserved characters
    /// percent-encoded (byte by byte: `addingPercentEncoding` with a `CharacterSet` was most of
    /// a suggestion list's URL cost).
    static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
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
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
