import Foundation
import ProactiveModel
import ProactiveTesting
import Testing

@testable import Proactive

/// A sighting's place is written by hand (``Place/storedJSON``); it must be the JSON the
/// document encoder writes, byte for byte, whatever the place holds.
@Suite struct PlaceStoredJSONTests {

    /// Pieces of text: the six languages, quotes, backslashes, slashes, every control
    /// character, DEL, line separators, combining marks and an emoji.
    static let pieces: [String] =
        [
            "Café de Flore", "Straße", "Città", "Pão de Açúcar", "台北 101", "\"Le Zinc\"", "back\\slash",
            "a/b",
            "e\u{301}", "👩‍👩‍👧", "\u{7f}", "\u{2028}", "\u{2029}", " ", "",
        ] + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func maybe(_ rng: inout SplitMix64) -> String? { Bool.random(using: &rng) ? text(&rng) : nil }

    static func coordinate(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Double? {
        switch Int.random(in: 0...5, using: &rng) {
        case 0: return nil
        case 1: return Double(Int.random(in: -90...90, using: &rng))
        case 2:
            return [0.0, -0.0, 1e-7, .leastNonzeroMagnitude, 1e16, 12_345_678.9].randomElement(using: &rng)
        default: return Double.random(in: range, using: &rng)
        }
    }

    static func place(_ rng: inout SplitMix64) -> Place {
        var place = Place(
            name: text(&rng),
            address: PostalAddress(
                subThoroughfare: maybe(&rng), thoroughfare: maybe(&rng), city: maybe(&rng),
                stateOrProvince: maybe(&rng), postalCode: maybe(&rng), country: maybe(&rng),
                isoCountryCode: maybe(&rng)),
            formattedAddress: maybe(&rng))
        place.latitude = coordinate(&rng, -90...90)
        place.longitude = coordinate(&rng, -180...180)
        place.coordinateSource = [nil, .donated, .markup, .geocoded].randomElement(using: &rng)!
        place.phoneNumbers = (0..<Int.random(in: 0...2, using: &rng)).map { _ in text(&rng) }
        return place
    }

    @Test func isWhatTheDocumentEncoderWrites() throws {
        let encoder = DonationCoding.makeEncoder()
        var rng = SplitMix64(seed: 20_261_126)
        for _ in 0..<5_000 {
            let place = Self.place(&rng)
            let expected = String(decoding: try encoder.encode(place), as: UTF8.self)
            #expect(place.storedJSON == expected)
            if place.storedJSON != expected { return }
        }
    }

    @Test func aFullPlaceReadsBackTheSame() throws {
        var place = Place(
            name: "Le \"Petit\" Zinc\n", address: PostalAddress(city: "Paris", isoCountryCode: "FR"),
            formattedAddress: "11 Rue Saint-Benoît, 75006 Paris")
        place.latitude = 48.8546
        place.longitude = 2.3331
        place.coordinateSource = .donated
        place.phoneNumbers = ["+33142869020"]
        let decoded = try JSONDecoder().decode(Place.self, from: Data(place.storedJSON.utf8))
        #expect(decoded == place)
    }
}
