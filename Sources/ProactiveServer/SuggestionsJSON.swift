import Foundation
import ProactiveModel

/// Suggestions written straight to JSON bytes, exactly as ``APIEncoding/encoder`` writes them
/// (sorted keys, unescaped slashes, `null` for an absent subtitle or text to insert).
///
/// Every computed list is encoded, and `JSONEncoder` spent most of that time in generic
/// containers and key sorting; this writer does the same in one pass. Tests compare both
/// encoders' bytes, and check that ``Place`` has no field this writer does not know.
struct SuggestionsJSON {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    /// A surface's answer: `{"at":…,"suggestions":[…],"surface":…}`.
    static func response(_ response: SuggestionsResponse) throws -> [UInt8] {
        var json = SuggestionsJSON()
        json.raw(#"{"at":"#)
        json.string(DonationCoding.formatDate(response.at))
        json.raw(#","suggestions":"#)
        try json.suggestions(response.suggestions)
        json.raw(#","surface":"#)
        json.string(response.surface)
        json.raw("}")
        return json.bytes
    }

    /// A list of suggestions alone: `[…]`.
    static func list(_ suggestions: [Suggestion]) throws -> [UInt8] {
        var json = SuggestionsJSON()
        try json.suggestions(suggestions)
        return json.bytes
    }

    private mutating func suggestions(_ suggestions: [Suggestion]) throws {
        raw("[")
        for (index, suggestion) in suggestions.enumerated() {
            if index > 0 { raw(",") }
            try self.suggestion(suggestion)
        }
        raw("]")
    }

    private mutating func suggestion(_ s: Suggestion) throws {
        raw(#"{"action":{"#)
        var comma = false
        if let app = s.action.app { member("app", app, &comma) }
        member("type", s.action.type.rawValue, &comma)
        if let url = s.action.url { member("url", url, &comma) }
        raw(#"},"id":"#)
        string(s.id)
        raw(#","insertText":"#)
        optional(s.insertText)
        raw(#","kind":"#)
        string(s.kind.rawValue)
        if let place = s.place {
            raw(#","place":"#)
            self.place(place)
        }
        raw(#","score":"#)
        number(s.score)
        raw(#","source":{"#)
        comma = false
        if let activityType = s.source.activityType { member("activityType", activityType, &comma) }
        if let app = s.source.app { member("app", app, &comma) }
        if let url = s.source.url { member("url", url, &comma) }
        raw(#"},"subtitle":"#)
        optional(s.subtitle)
        raw(#","surface":"#)
        string(s.surface.rawValue)
        raw(#","title":"#)
        string(s.title)
        raw(#","why":"#)
        strings(s.why)
        raw("}")
    }

    /// A place as its synthesized `Codable` conformance writes it: absent fields left out.
    private mutating func place(_ p: Place) {
        raw("{")
        var comma = false
        if let city = p.city { member("city", city, &comma) }
        if let source = p.coordinateSource { member("coordinateSource", source.rawValue, &comma) }
        if let country = p.country { member("country", country, &comma) }
        if let formatted = p.formattedAddress { member("formattedAddress", formatted, &comma) }
        if let code = p.isoCountryCode { member("isoCountryCode", code, &comma) }
        if let latitude = p.latitude { member("latitude", latitude, &comma) }
        if let longitude = p.longitude { member("longitude", longitude, &comma) }
        member("name", p.name, &comma)
        raw(#","phoneNumbers":"#)
        strings(p.phoneNumbers)
        if let postalCode = p.postalCode { member("postalCode", postalCode, &comma) }
        if let state = p.stateOrProvince { member("stateOrProvince", state, &comma) }
        if let number = p.subThoroughfare { member("subThoroughfare", number, &comma) }
        if let street = p.thoroughfare { member("thoroughfare", street, &comma) }
        raw("}")
    }

    private mutating func member(_ key: StaticString, _ value: Double, _ comma: inout Bool) {
        self.key(key, &comma)
        number(value)
    }

    private mutating func member(_ key: StaticString, _ value: String, _ comma: inout Bool) {
        self.key(key, &comma)
        string(value)
    }

    /// `"key":`, after a comma unless it is the object's first member.
    private mutating func key(_ key: StaticString, _ comma: inout Bool) {
        if comma { raw(",") }
        comma = true
        raw("\"")
        raw(key)
        raw("\":")
    }

    /// An array of strings.
    private mutating func strings(_ texts: [String]) {
        raw("[")
        for (index, text) in texts.enumerated() {
            if index > 0 { raw(",") }
            string(text)
        }
        raw("]")
    }

    private mutating func raw(_ text: StaticString) {
        JSONText.appendRaw(text, to: &bytes)
    }

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A number as `JSONEncoder` writes a `Double` (`JSONText.appendNumber`).
    private mutating func number(_ value: Double) {
        JSONText.appendNumber(value, to: &bytes)
    }

    /// A JSON string (`JSONText.appendString`).
    private mutating func string(_ text: String) {
        JSONText.appendString(text, to: &bytes)
    }
}
