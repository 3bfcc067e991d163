import ProactiveGeocoding
import ProactiveModel
import Testing

@testable import Proactive

/// The per-address memo answers as the gazetteer and the formatter do, address by address.
@Suite struct AddressCompletionTests {
    @Test func answersAsTheGazetteerAndTheFormatterDoForEachAddress() throws {
        let geocoder = try OfflineGeocoder()
        let memo = AddressCompletion(geocoder: geocoder)
        let addresses = [
            PostalAddress(city: "Paris", isoCountryCode: "FR"),
            PostalAddress(city: "Paris", stateOrProvince: "TX", isoCountryCode: "US"),
            PostalAddress(city: "Paris"),
            PostalAddress(thoroughfare: "Via Roma 1", city: "Torino", isoCountryCode: "IT"),
            PostalAddress(city: "Nowhere-at-all-\(UInt64.random(in: 0...UInt64.max))"),
        ]
        // Twice each, in turns: the second answers come from the memo.
        for address in addresses + addresses {
            let direct = try geocoder.places(
                for: GeocodingQuery(address: address, isoCountryCode: address.isoCountryCode)
            ).first
            let hit = memo.hit(for: address)
            #expect(hit?.latitude == direct?.coordinate.latitude, "\(address)")
            #expect(hit?.longitude == direct?.coordinate.longitude, "\(address)")
            #expect(hit?.isoCountryCode == direct?.isoCountryCode, "\(address)")
            #expect(memo.formattedAddress(address) == AddressFormatter().string(from: address))
        }
        let paris = try #require(memo.hit(for: addresses[0]))
        let texas = try #require(memo.hit(for: addresses[1]))
        #expect(paris.isoCountryCode == "FR" && texas.isoCountryCode == "US")
    }
}
