import ProactiveModel
import ProactiveTesting
import Testing

@testable import ProactiveGeocoding

struct OfflineGeocoderTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var text: String
        var country: String
        var city: String
        var latitude: Double
        var longitude: Double
        var postalCode: String? = nil
        var testDescription: String { text }
    }

    /// Free-text addresses as people write them in each country.
    static let addresses: [Example] = [
        Example(
            text: "101 Spear St, San Francisco, CA 94105", country: "US", city: "San Francisco",
            latitude: 37.77,
            longitude: -122.42, postalCode: "94105"),
        Example(
            text: "12 rue de Rivoli, 75001 Paris", country: "FR", city: "Paris", latitude: 48.85,
            longitude: 2.35,
            postalCode: "75001"),
        Example(
            text: "Via Roma 1, 00184 Roma", country: "IT", city: "Rome", latitude: 41.89, longitude: 12.48,
            postalCode: "00184"),
        Example(
            text: "Unter den Linden 77, 10117 Berlin", country: "DE", city: "Berlin", latitude: 52.52,
            longitude: 13.41, postalCode: "10117"),
        Example(
            text: "Rua Augusta 100, Lisboa", country: "PT", city: "Lisbon", latitude: 38.72, longitude: -9.14),
        Example(
            text: "Rua Augusta 100, 1100-053 Lisboa, Portugal", country: "PT", city: "Lisbon",
            latitude: 38.72,
            longitude: -9.14, postalCode: "1100-053"),
        Example(
            text: "Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200", country: "BR",
            city: "São Paulo",
            latitude: -23.55, longitude: -46.63, postalCode: "01310-200"),
        Example(text: "台北市信義區市府路1號", country: "TW", city: "Taipei", latitude: 25.05, longitude: 121.53),
        Example(text: "北京市东城区王府井大街1号", country: "CN", city: "Beijing", latitude: 39.91, longitude: 116.40),
        Example(
            text: "10 Downing Street, London SW1A 2AA, United Kingdom", country: "GB", city: "London",
            latitude: 51.51, longitude: -0.13),
        Example(
            text: "Springfield, IL", country: "US", city: "Springfield", latitude: 39.80, longitude: -89.64),
        Example(text: "Paris, TX", country: "US", city: "Paris", latitude: 33.66, longitude: -95.56),
        Example(
            text: "Marienplatz 1, 80331 München", country: "DE", city: "Munich", latitude: 48.14,
            longitude: 11.58,
            postalCode: "80331"),
    ]

    @Test(arguments: addresses)
    func freeTextAddresses(example: Example) async throws {
        let geocoder = try OfflineGeocoder()
        let places = try await geocoder.geocode(GeocodingQuery(example.text))
        let place = try #require(places.first)
        #expect(place.isoCountryCode == example.country)
        #expect(place.city == example.city)
        #expect(place.match == .city)
        #expect(place.source == .gazetteer)
        let expected = Coordinate(latitude: example.latitude, longitude: example.longitude)
        #expect(place.coordinate.distance(to: expected) < 15_000)
        #expect(place.accuracyMeters >= 3_000 && place.accuracyMeters <= 30_000)
        #expect(place.postalCode == example.postalCode)
    }

    /// The same city written in the six languages (and without accents, in capitals).
    @Test(arguments: [
        ("Munich", "DE"), ("Munique", "DE"), ("Monaco di Baviera", "DE"), ("München", "DE"),
        ("MUNCHEN", "DE"),
        ("慕尼黑", "DE"), ("Lisbonne", "PT"), ("Lissabon", "PT"), ("Lisbona", "PT"), ("里斯本", "PT"),
        ("Londres", "GB"), ("Londra", "GB"), ("伦敦", "GB"), ("Pékin", "CN"), ("Pechino", "CN"), ("北京", "CN"),
        ("Sao Paulo", "BR"), ("São Paulo", "BR"), ("聖保羅", "BR"), ("Rome", "IT"), ("Rom", "IT"),
        ("Taipé", "TW"), ("臺北", "TW"), ("Nueva York", "US"), ("New York City", "US"), ("紐約", "US"),
    ])
    func cityNamesInManyLanguages(name: String, country: String) throws {
        let place = try #require(try OfflineGeocoder().places(for: GeocodingQuery(name)).first)
        #expect(place.isoCountryCode == country)
    }

    @Test(arguments: [
        (GeocodingQuery("Paris"), "FR", nil as String?),
        (GeocodingQuery("Paris").country("US"), "US", "TX"),
        (GeocodingQuery("Paris", isoCountryCode: "États-Unis"), "US", "TX"),
        (GeocodingQuery("Springfield"), "US", "MO"),
        (GeocodingQuery("Springfield").region("IL"), "US", "IL"),
        (GeocodingQuery("Springfield").region("Illinois"), "US", "IL"),
        (GeocodingQuery("Springfield, Massachusetts"), "US", "MA"),
        // "London, CA" is London, California (1,869 people), as US addresses write it.
        (GeocodingQuery("London, CA"), "US", "CA"),
        (GeocodingQuery("London, Canada"), "CA", nil),
        (GeocodingQuery("London, Ontario"), "CA", nil),
        (
            GeocodingQuery(address: PostalAddress(city: "Portland", stateOrProvince: "ME", country: "USA")),
            "US", "ME"
        ),
    ])
    func disambiguation(query: GeocodingQuery, country: String, region: String?) throws {
        let place = try #require(try OfflineGeocoder().places(for: query).first)
        #expect(place.isoCountryCode == country)
        if let region { #expect(place.region == region) }
    }

    @Test func alternativesFollowTheBest() throws {
        let places = try OfflineGeocoder().places(for: GeocodingQuery("Springfield").limit(3))
        #expect(places.count == 3)
        #expect(Set(places.map(\.geonameID)).count == 3)
        #expect(places.allSatisfy { $0.city == "Springfield" })
    }

    @Test(arguments: [
        PostalAddress(
            subThoroughfare: "101", thoroughfare: "Spear St", city: "San Francisco", stateOrProvince: "CA",
            postalCode: "94105", country: "United States"),
        PostalAddress(
            thoroughfare: "Rue de Rivoli", city: "Paris", postalCode: "75001", isoCountryCode: "FR"),
        PostalAddress(
            thoroughfare: "Via Roma", city: "Roma", stateOrProvince: "RM", postalCode: "00184",
            country: "Italia"),
        PostalAddress(thoroughfare: "市府路", city: "台北市", country: "台灣"),
        PostalAddress(
            thoroughfare: "Avenida Paulista", city: "Sao Paulo", stateOrProvince: "SP", country: "Brasil"),
        PostalAddress(thoroughfare: "Augustinerstraße", city: "Köln", country: "Deutschland"),
    ])
    func structuredAddresses(address: PostalAddress) throws {
        let place = try #require(try OfflineGeocoder().places(for: GeocodingQuery(address: address)).first)
        let expected = Country.named(address.isoCountryCode ?? address.country ?? "")?.isoCode
        #expect(expected != nil)
        #expect(place.isoCountryCode == expected)
    }

    @Test(arguments: ["Qwzxv Plorth 12", "12345", "   ", "Rue Inexistante 3, 99999 Nulle-Part-Sur-Rien"])
    func unresolvableAddressesThrow(text: String) async throws {
        let geocoder = try OfflineGeocoder()
        await #expect {
            _ = try await geocoder.geocode(GeocodingQuery(text))
        } throws: { error in
            let code = (error as? GeocodingError)?.code
            return code == .notFound || code == .emptyQuery
        }
    }

    @Test func reverseGeocodingFindsTheNearestCity() async throws {
        let geocoder = try OfflineGeocoder()
        let cases: [(Coordinate, String)] = [
            (Coordinate(latitude: 37.7923, longitude: -122.3928), "San Francisco"),
            (Coordinate(latitude: 48.8606, longitude: 2.3376), "Paris"),
            (Coordinate(latitude: 25.0375, longitude: 121.5637), "Taipei"),
            (Coordinate(latitude: -22.9519, longitude: -43.2105), "Rio de Janeiro"),
        ]
        for (coordinate, city) in cases {
            let place = try #require(try await geocoder.reverseGeocode(coordinate))
            #expect(place.city == city)
            #expect((place.distanceMeters ?? .infinity) < 15_000)
        }
    }

    /// A point in a town answers the town, not the nearest city of 15,000 people tens of
    /// kilometres away (Sallanches, Ansbach, Visp, Belluno, Alcácer do Sal, Chongqing's Jiangjin…).
    @Test(arguments: [
        (45.92375, 6.86933, "Chamonix-Mont-Blanc", "FR"),
        (49.37885, 10.18711, "Rothenburg ob der Tauber", "DE"),
        (46.01998, 7.74863, "Zermatt", "CH"),
        (46.53690, 12.13903, "Cortina d'Ampezzo", "IT"),
        (38.17718, -8.56675, "Grândola", "PT"),
        (28.83116, 107.31303, "Hexi", "CN"),
    ])
    func reverseGeocodingNamesTheNearestTown(
        latitude: Double, longitude: Double, town: String, country: String
    ) throws {
        // A few hundred metres off the town's centre.
        let point = Coordinate(latitude: latitude + 0.003, longitude: longitude - 0.003)
        let place = try #require(try OfflineGeocoder().nearestPlace(to: point))
        #expect(place.city == town)
        #expect(place.isoCountryCode == country)
        #expect((place.distanceMeters ?? .infinity) < 1_000)
    }

    @Test(arguments: [
        ("Chamonix", "Chamonix-Mont-Blanc", "FR"), ("Zermatt", "Zermatt", "CH"),
        ("Rothenburg ob der Tauber", "Rothenburg ob der Tauber", "DE"),
        ("Cortina d'Ampezzo", "Cortina d'Ampezzo", "IT"), ("Grandola, Portugal", "Grândola", "PT"),
    ])
    func townsAreFoundByName(text: String, town: String, country: String) throws {
        let place = try #require(try OfflineGeocoder().places(for: GeocodingQuery(text)).first)
        #expect(place.city == town)
        #expect(place.isoCountryCode == country)
    }

    @Test func reverseGeocodingMatchesABruteForceSearch() throws {
        let geocoder = try OfflineGeocoder(maximumReverseDistanceMeters: .infinity)
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let coordinate = Coordinate(
                latitude: .random(in: -89...89, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            // The grid's answer (a section's parent city is what nearestPlace then answers).
            let grid = try #require(geocoder.gazetteer.grid.nearest(to: coordinate)).distance
            let brute = try #require(geocoder.gazetteer.grid.nearestByScan(to: coordinate)).distance
            #expect(abs(grid - brute) < 1)
        }
    }

    @Test func farFromAnyCityIsNil() throws {
        let point = Coordinate(latitude: -48.9, longitude: -123.4)  // Point Nemo, South Pacific
        #expect(try OfflineGeocoder().nearestPlace(to: point) == nil)
    }

    @Test(arguments: [
        Coordinate(latitude: 91, longitude: 0), Coordinate(latitude: 0, longitude: 181),
        Coordinate(latitude: .nan, longitude: 0),
    ])
    func invalidCoordinatesThrow(coordinate: Coordinate) {
        #expect {
            _ = try OfflineGeocoder().nearestPlace(to: coordinate)
        } throws: { error in
            (error as? GeocodingError)?.code == .invalidCoordinate
        }
    }
}
