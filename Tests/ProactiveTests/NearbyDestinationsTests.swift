import Foundation
import Proactive
import ProactiveModel
import Testing

/// A surface that knows where the device is ranks nearby destinations first and says how far.
@Suite struct NearbyDestinationsTests {
    func place(_ id: String, _ name: String, _ city: String, _ iso: String, _ lat: Double, _ lon: Double)
        -> String
    {
        #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"\#(id)","attributeSet":{"title":"\#(name)","namedLocation":"\#(name)","city":"\#(city)","isoCountryCode":"\#(iso)","latitude":\#(lat),"longitude":\#(lon)}}"#
    }

    @Test func nearbyFirstWithTheDistance() throws {
        let f = try EngineFixture()
        // Berlin seen an hour before Paris: without a location, Paris (fresher) comes first.
        try f.donate(
            place("b", "Kneipe Mitte", "Berlin", "DE", 52.5200, 13.4050),
            at: EngineFixture.t0.addingTimeInterval(-3600))
        try f.donate(place("p", "Bistrot Rivoli", "Paris", "FR", 48.8606, 2.3376))
        let plain = try f.engine.suggestions(for: SuggestionRequest(surface: .maps))
        #expect(plain.map(\.title) == ["Bistrot Rivoli", "Kneipe Mitte"])
        // At Alexanderplatz, the Berlin place is about 600 m away and comes first.
        let berlin = try f.engine.suggestions(
            for: SuggestionRequest(surface: .maps).near(Coordinate(latitude: 52.5219, longitude: 13.4132)))
        #expect(berlin.map(\.title) == ["Kneipe Mitte", "Bistrot Rivoli"])
        #expect(["580 m away", "590 m away", "600 m away"].contains(berlin[0].why.first ?? ""))
        #expect(berlin[1].why.first?.hasSuffix("km away") == true)
        #expect(
            Int(berlin[1].why.first?.split(separator: " ").first ?? "").map { (870...885).contains($0) }
                == true)
    }

    @Test(arguments: [(91.0, 2.0, "latitude"), (48.0, 181.0, "longitude"), (-90.5, 0.0, "latitude")])
    func invalidLocationsAreRefused(latitude: Double, longitude: Double, parameter: String) throws {
        let f = try EngineFixture()
        #expect {
            try f.engine.suggestions(
                for: SuggestionRequest(surface: .maps).near(
                    Coordinate(latitude: latitude, longitude: longitude)))
        } throws: { ($0 as? EngineError)?.parameter == parameter }
    }
}
