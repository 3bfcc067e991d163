import Foundation
import Proactive
import ProactiveModel

/// The parameters of a request (query string or a JSON message), checked one by one so that
/// a wrong one is answered with its name.
struct RequestParameters: Sendable {
    var values: [String: String]
    /// Names given more than once in a query (`surface=maps&surface=lockScreen`): which one is
    /// meant cannot be known, so ``check(known:)`` refuses them.
    var repeated: Set<String> = []

    /// Names whose value in the query is not percent-encoded UTF-8 (`q=%ff%fe`, `q=%zz`): what
    /// was meant cannot be known, so ``check(known:)`` refuses them.
    var badlyEncoded: Set<String> = []

    init(_ values: [String: String], repeated: Set<String> = [], badlyEncoded: Set<String> = []) {
        self.values = values
        self.repeated = repeated
        self.badlyEncoded = badlyEncoded
    }

    /// The names of a raw query string (`a=1&b=%ff`) whose values are not valid percent-encoded
    /// UTF-8: a `%` not followed by two hexadecimal digits, or bytes that are not UTF-8 once
    /// decoded.
    static func badlyEncodedNames(inQuery query: Substring) -> Set<String> {
        var names: Set<String> = []
        // A query without escapes is text already (most requests): not split a second time.
        guard query.utf8.contains(0x25) else { return names }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + 1)
            if !isPercentEncodedUTF8(value.utf8) {
                names.insert(String(name).removingPercentEncoding ?? String(name))
            }
        }
        return names
    }

    /// Whether bytes decode (`%XX` escapes) to valid UTF-8.
    static func isPercentEncodedUTF8(_ bytes: Substring.UTF8View) -> Bool {
        guard bytes.contains(0x25) else { return true }  // no '%': the URI is already text
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        func hex(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case let b? where (0x30...0x39).contains(b): b - 0x30
            case let b? where (0x41...0x46).contains(b): b - 0x41 + 10
            case let b? where (0x61...0x66).contains(b): b - 0x61 + 10
            default: nil
            }
        }
        while let byte = iterator.next() {
            guard byte == 0x25 else {
                decoded.append(byte)
                continue
            }
            guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return false }
            decoded.append(high << 4 | low)
        }
        return String(validating: decoded, as: UTF8.self) != nil
    }

    /// A text parameter, `nil` when absent or empty (`app=` means no app).
    subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// A typed parameter's text, `nil` only when absent: an empty value (`at=`) is not a date,
    /// a number or a name, so it reaches the parser and is refused with the parameter's name.
    func typed(_ name: String) -> String? { values[name] }

    /// Fails naming the first parameter not in `known`, the first given more than once, the
    /// first not percent-encoded UTF-8, or the first whose value holds U+0000 (NUL), which no
    /// stored text can hold (`%00` in a query).
    func check(known: Set<String>) throws(APIError) {
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw APIError.invalid(
                unknown, "unknown parameter; expected one of \(known.sorted().joined(separator: ", "))")
        }
        if let twice = repeated.sorted().first {
            throw APIError.invalid(twice, "given more than once; give it once")
        }
        if let bad = badlyEncoded.sorted().first {
            throw APIError.invalid(
                bad,
                "is not valid percent-encoded UTF-8 (a % must be followed by two hexadecimal digits, and the bytes must be UTF-8)"
            )
        }
        for name in values.keys.sorted() { try APIError.refuseNUL(in: values[name]!, parameter: name) }
    }

    func date(_ name: String) throws(APIError) -> Date? {
        guard let text = typed(name) else { return nil }
        guard let date = DonationCoding.parseDate(text) else {
            throw APIError.invalid(name, DonationCoding.dateProblem(text))
        }
        return date
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let text = typed(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError.invalid(
                name, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The parameters of a suggestion request (as `proactive suggest` takes them).
    static let suggestionNames: Set<String> = [
        "surface", "at", "app", "person", "contentType", "text", "limit", "locale", "timeZone", "latitude",
        "longitude",
    ]

    /// A time zone by its IANA identifier ("Europe/Paris", "UTC"), if given.
    func timeZone(_ name: String) throws(APIError) -> TimeZone? {
        guard let identifier = typed(name) else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw APIError.invalid(
                name, "unknown time zone \"\(identifier)\"; expected an IANA identifier such as Europe/Paris")
        }
        return zone
    }

    /// A number, if given.
    func number(_ name: String) throws(APIError) -> Double? {
        guard let text = typed(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw APIError.invalid(name, "expected a number")
        }
        return value
    }

    /// The location given by `latitude` and `longitude` (both or neither; the engine checks
    /// their range and names the one at fault).
    func location() throws(APIError) -> Coordinate? {
        switch (try number("latitude"), try number("longitude")) {
        case (nil, nil): return nil
        case (let latitude?, let longitude?):
            return Coordinate(latitude: latitude, longitude: longitude)
        case (nil, _): throw APIError.missing("latitude")
        case (_, nil): throw APIError.missing("longitude")
        }
    }

    /// A suggestion request from `surface`, `at`, `app`, `person`, `contentType`, `text`,
    /// `limit`, `locale`, `timeZone`, `latitude` and `longitude`.
    func suggestionRequest() throws(APIError) -> SuggestionRequest {
        guard let name = typed("surface") else { throw APIError.missing("surface") }
        guard let surface = Surface(rawValue: name) else {
            throw APIError.invalid(
                "surface",
                "unknown surface; expected one of \(Surface.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if surface == .siri {
            throw APIError.invalid("surface", "siri is answered by POST /v1/ask with the utterance")
        }
        var contentType: TextContentType?
        if let type = typed("contentType") {
            guard let parsed = TextContentType(rawValue: type) else {
                throw APIError.invalid(
                    "contentType",
                    "unknown content type; expected one of \(TextContentType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            contentType = parsed
        }
        return SuggestionRequest(surface: surface).app(self["app"]).person(self["person"])
            .limit(try integer("limit", in: 1...SuggestionRequest.maximumLimit) ?? 5).at(try date("at"))
            .locale(self["locale"])
            .timeZone(try timeZone("timeZone")).typing(values["text"], in: contentType).near(try location())
    }
}

extension RequestParameters {
    /// Parameters from a JSON object whose values are strings, numbers or booleans.
    init(strings object: [String: JSONValue], names: Set<String>) throws(APIError) {
        var values: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case .string(let text): values[name] = text
            case .number(let number):
                // A whole number within Int's range reads as one ("limit": 3 is "3"); any other
                // (1e300 as much as 2.5) as written by Double, which the typed reader then refuses:
                // converting 1e300 with Int(_:) would trap and take the daemon down.
                values[name] = Int(exactly: number).map(String.init) ?? String(number)
            case .bool(let flag): values[name] = String(flag)
            case .null: continue
            default: throw APIError.invalid(name, "expected a string or a number")
            }
        }
        self.init(values)
        try check(known: names)
    }
}
