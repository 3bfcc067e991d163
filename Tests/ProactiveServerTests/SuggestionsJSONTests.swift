import Foundation
import ProactiveModel
import Testing

@testable import ProactiveServer

/// The suggestions writer produces the bytes `JSONEncoder` (``APIEncoding/encoder``) produces.
@Suite struct SuggestionsJSONTests {
    /// Every ASCII character (controls included), quotes, backslashes, slashes and text in the
    /// six languages and beyond the Basic Multilingual Plane.
    static let texts: [String] = [
        "", String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }), #"a "quoted" \ back\slash"#,
        "https://example.com/a/b?c=d&e=f#g", "Café de l'Été", "Straße", "São João", "东京塔", "🚲 🇫🇷",
        "\u{2028}\u{2029}\u{FEFF}",
    ]

    static func suggestions() -> [Suggestion] {
        var place = Place(
            name: "Yank Sing", address: PostalAddress(thoroughfare: "Spear St", city: "San Francisco"),
            formattedAddress: "101 Spear St\nSan Francisco")
        place.latitude = 37.7923
        place.longitude = -122.3928
        place.phoneNumbers = ["+14157811111"]
        var full = Place(
            name: "Café \"Zé\"",
            address: PostalAddress(
                subThoroughfare: "100", thoroughfare: "Rua Augusta", city: "Lisboa",
                stateOrProvince: "Lisboa",
                postalCode: "1100-053", country: "Portugal", isoCountryCode: "PT"),
            formattedAddress: "Rua Augusta 100\n1100-053 Lisboa")
        full.latitude = 38.7105
        full.longitude = -9.1366
        full.coordinateSource = .geocoded
        full.phoneNumbers = ["+351 21 000 0000", "+351 91 000 0000"]
        let places = [place, full, Place(name: "Nowhere")]
        var all: [Suggestion] = []
        for (index, text) in texts.enumerated() {
            let kinds: [Suggestion.Kind] = [.place, .app, .activity, .media, .text, .handoff]
            all.append(
                Suggestion(
                    id: "id/\(text)", surface: Surface.allCases[index % Surface.allCases.count],
                    kind: kinds[index % kinds.count], title: text, subtitle: index % 2 == 0 ? nil : text,
                    action: .init(
                        type: .directions, app: index % 3 == 0 ? nil : "com.example.\(index)",
                        url: index % 4 == 0 ? nil : text),
                    insertText: index % 3 == 1 ? text : nil,
                    source: index % 5 == 0
                        ? .init() : .init(app: "app", activityType: index % 2 == 0 ? text : nil, url: text),
                    score: [0, 1, 0.5, 0.001, 0.123, 0.999, 1e-7, 0.3 + 0.7 * 0.123][index % 8],
                    why: Array(repeating: text, count: index % 3),
                    place: index % 2 == 0 ? places[index / 2 % places.count] : nil))
        }
        return all
    }

    @Test func aResponseIsEncodedAsJSONEncoderEncodesIt() throws {
        for at in [Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_000_000.25)]
        {
            let response = SuggestionsResponse(surface: "maps", at: at, suggestions: Self.suggestions())
            let expected = try APIEncoding.encoder.encode(response)
            let written = try SuggestionsJSON.response(response)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
        let empty = SuggestionsResponse(surface: "lockScreen", at: .distantPast, suggestions: [])
        #expect(try SuggestionsJSON.response(empty) == Array(try APIEncoding.encoder.encode(empty)))
    }

    /// The writer knows every field of a place: one added to ``Place`` must be added to it too.
    @Test func theWriterKnowsEveryFieldOfAPlace() {
        #expect(Mirror(reflecting: Place(name: "x")).children.count == 13)
    }

    @Test func aListIsEncodedAsJSONEncoderEncodesIt() throws {
        for suggestion in Self.suggestions() {
            #expect(
                try SuggestionsJSON.list([suggestion]) == Array(try APIEncoding.encoder.encode([suggestion])))
        }
    }
}
