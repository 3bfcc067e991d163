import Foundation
import Testing

/// Story 3: a directions request whose destination has an address and no coordinates is
/// geocoded before the routing app gets it; an address that cannot be resolved is an error,
/// never (0, 0). Offline, from the GeoNames gazetteer shipped with the product.
@Suite struct GeocodeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var query: [String: String]
        var latitude: Double
        var longitude: Double
        var testDescription: String { query["city"] ?? "" }
    }

    static let cases: [Case] = [
        Case(
            query: [
                "name": "Zuni Café", "subThoroughfare": "1658", "thoroughfare": "Market St",
                "city": "San Francisco", "stateOrProvince": "CA", "isoCountryCode": "US",
            ], latitude: 37.77, longitude: -122.42),
        Case(
            query: [
                "name": "Le Comptoir", "thoroughfare": "Carrefour de l'Odéon", "postalCode": "75006",
                "city": "Paris", "country": "France",
            ], latitude: 48.86, longitude: 2.35),
        Case(
            query: [
                "name": "Café Einstein", "thoroughfare": "Unter den Linden", "postalCode": "10117",
                "city": "Berlin", "country": "Deutschland",
            ], latitude: 52.52, longitude: 13.40),
        Case(
            query: [
                "name": "Caffè Greco", "thoroughfare": "Via dei Condotti", "city": "Roma",
                "country": "Italia",
            ], latitude: 41.89, longitude: 12.48),
        Case(
            query: [
                "name": "Pastéis de Belém", "thoroughfare": "Rua de Belém", "city": "Lisboa",
                "isoCountryCode": "PT",
            ], latitude: 38.72, longitude: -9.13),
        Case(
            query: [
                "name": "Bar do Juarez", "city": "São Paulo", "stateOrProvince": "SP", "isoCountryCode": "BR",
            ], latitude: -23.55, longitude: -46.63),
        Case(query: ["name": "鼎泰豐", "city": "台北市", "country": "台灣"], latitude: 25.05, longitude: 121.53),
        Case(
            query: [
                "name": "Springfield Diner", "city": "Springfield", "stateOrProvince": "IL",
                "isoCountryCode": "US",
            ], latitude: 39.80, longitude: -89.64),
    ]

    static func url(_ query: [String: String]) -> String {
        var components = URLComponents()
        components.scheme = "proactive"
        components.host = "directions"
        components.queryItems = query.sorted { $0.key < $1.key }.map {
            URLQueryItem(name: $0.key, value: $0.value)
        }
        return components.url!.absoluteString
    }

    @Test(arguments: cases)
    func destinationWithoutCoordinatesIsGeocoded(_ c: Case) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let out = try cli.run(["geocode", "--json", "--url", Self.url(c.query)])
        #expect(out.status == 0, "\(out.stderr)")
        let answer = try #require(try out.json() as? [String: Any])
        let latitude = try #require(answer["latitude"] as? Double)
        let longitude = try #require(answer["longitude"] as? Double)
        #expect(
            abs(latitude - c.latitude) < 0.3 && abs(longitude - c.longitude) < 0.3,
            "\(latitude), \(longitude)")
        #expect((answer["accuracyMeters"] as? Double ?? 0) > 0)
        // The routing app gets the request back with the destination's coordinates in it.
        let request = try #require(answer["request"] as? String)
        let items = URLComponents(string: request)?.queryItems ?? []
        #expect(items.contains { $0.name == "latitude" } && items.contains { $0.name == "longitude" })
    }

    @Test func unresolvableDestinationsAreErrorsNotZeroZero() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let out = try cli.run([
            "geocode", "--json", "--url",
            Self.url(["name": "Nowhere", "city": "Qwzxyvillé", "isoCountryCode": "FR"]),
        ])
        #expect(out.status == 1)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains("cannot resolve"))
        let bad = try cli.run(["geocode", "--url", "proactive://directions?latitude=95&longitude=2"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("latitude"))
        // An empty address is a usage error, not an address that cannot be resolved.
        for empty in ["", "  "] {
            let out = try cli.run(["geocode", empty])
            #expect(out.status == 2, "\(out.stderr)")
            #expect(out.stderr.contains("the ADDRESS is empty"), "\(out.stderr)")
        }
    }

    @Test func placesSeenInDonationsResolveExactly() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"r-1","attributeSet":{"title":"Yank Sing","namedLocation":"Yank Sing","subThoroughfare":"101","thoroughfare":"Spear St","city":"San Francisco","latitude":37.7923,"longitude":-122.3928}}"#
        )
        let out = try cli.run(["geocode", "--json", "Yank Sing"])
        let answer = try #require(try out.json() as? [String: Any])
        #expect(answer["latitude"] as? Double == 37.7923)
        #expect(answer["coordinateSource"] as? String == "learned")
        let reverse = try cli.run(["geocode", "--json", "--reverse", "48.8566,2.3522"])
        #expect(
            ((try reverse.json() as? [String: Any])?["place"] as? [String: Any])?["city"] as? String
                == "Paris")
    }

    /// The western and southern hemispheres are given as they are written: `--reverse -33.87,151.21`,
    /// `--longitude -73.99`, not taken for an option.
    @Test func negativeCoordinatesAreValuesNotOptions() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let sydney = try cli.run(["geocode", "--json", "--reverse", "-33.87,151.21"])
        #expect(
            ((try sydney.json() as? [String: Any])?["place"] as? [String: Any])?["city"] as? String
                == "Sydney")
        let newYork = try cli.run([
            "suggest", "--json", "--surface", "maps", "--latitude", "40.75", "--longitude", "-73.99",
        ])
        #expect(newYork.status == 0)
        let south = try cli.run([
            "suggest", "--json", "--surface", "maps", "--latitude", "-91", "--longitude", "2",
        ])
        #expect(south.status != 0)
        #expect(south.stderr.contains("latitude"))
    }
}
