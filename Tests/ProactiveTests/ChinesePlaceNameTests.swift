import Foundation
import Proactive
import ProactiveModel
import Testing

/// A place named in Traditional characters and the same place named in Simplified ones are one
/// place on every surface (as search finds both), not two.
@Suite struct ChinesePlaceNameTests {
    func place(_ id: String, _ name: String, _ city: String, _ lat: Double, _ lon: Double) -> String {
        #"{"type":"searchableItem","app":"com.example.travel","uniqueIdentifier":"\#(id)","attributeSet":{"title":"\#(name)","namedLocation":"\#(name)","city":"\#(city)","isoCountryCode":"TW","latitude":\#(lat),"longitude":\#(lon)}}"#
    }

    @Test func traditionalAndSimplifiedNamesAreOnePlace() throws {
        let f = try EngineFixture()
        try f.donate(
            place("t", "臺北101", "臺北", 25.0340, 121.5645), at: EngineFixture.t0.addingTimeInterval(-60))
        try f.donate(place("s", "台北101", "台北", 25.0341, 121.5646))
        try f.donate(
            place("o", "鼎泰豐", "台北", 25.0330, 121.5300), at: EngineFixture.t0.addingTimeInterval(-120))
        let maps = try f.engine.suggestions(for: SuggestionRequest(surface: .maps))
        // The newest name is shown; the two sightings count as one place seen twice.
        #expect(maps.map(\.title) == ["台北101", "鼎泰豐"])
    }

    @Test func differentNamesStayApart() throws {
        let f = try EngineFixture()
        try f.donate(
            place("a", "臺北101", "臺北", 25.0340, 121.5645), at: EngineFixture.t0.addingTimeInterval(-60))
        try f.donate(place("b", "台中101", "台中", 24.1477, 120.6736))
        let maps = try f.engine.suggestions(for: SuggestionRequest(surface: .maps))
        #expect(maps.count == 2)
    }
}
