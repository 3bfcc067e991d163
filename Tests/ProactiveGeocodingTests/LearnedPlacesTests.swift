import ProactiveGeocoding
import ProactiveModel
import Testing

struct LearnedPlacesTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var place: LearnedPlaces.Place
        var freeText: String
        var testDescription: String { place.name ?? freeText }
    }

    static let examples: [Example] = [
        Example(
            place: .init(
                name: "Yank Sing",
                address: PostalAddress(
                    subThoroughfare: "101", thoroughfare: "Spear St", city: "San Francisco",
                    stateOrProvince: "CA",
                    postalCode: "94105", isoCountryCode: "US"),
                coordinate: Coordinate(latitude: 37.7923, longitude: -122.3928)),
            freeText: "101 Spear St, San Francisco, CA 94105, USA"),
        Example(
            place: .init(
                name: "Café de Flore",
                address: PostalAddress(
                    subThoroughfare: "172", thoroughfare: "Boulevard Saint-Germain", city: "Paris",
                    postalCode: "75006", country: "France"),
                coordinate: Coordinate(latitude: 48.8541, longitude: 2.3326)),
            freeText: "172 boulevard saint germain, 75006 PARIS"),
        Example(
            place: .init(
                name: "Hofbräuhaus",
                address: PostalAddress(
                    subThoroughfare: "9", thoroughfare: "Platzl", city: "München", postalCode: "80331",
                    country: "Deutschland"),
                coordinate: Coordinate(latitude: 48.1376, longitude: 11.5797)),
            freeText: "Platzl 9, 80331 Munchen"),
        Example(
            place: .init(
                name: "Da Enzo al 29",
                address: PostalAddress(
                    subThoroughfare: "29", thoroughfare: "Via dei Vascellari", city: "Roma",
                    postalCode: "00153",
                    isoCountryCode: "IT"),
                coordinate: Coordinate(latitude: 41.8885, longitude: 12.4771)),
            freeText: "Via dei Vascellari 29, 00153 Roma RM"),
        Example(
            place: .init(
                name: "A Brasileira",
                address: PostalAddress(
                    subThoroughfare: "120", thoroughfare: "Rua Garrett", city: "Lisboa",
                    postalCode: "1200-273",
                    isoCountryCode: "PT"),
                coordinate: Coordinate(latitude: 38.7107, longitude: -9.1416)),
            freeText: "Rua Garrett 120, 1200-273 Lisboa"),
        Example(
            place: .init(
                name: "鼎泰豐",
                address: PostalAddress(
                    subThoroughfare: "194", thoroughfare: "信義路二段", city: "台北市", isoCountryCode: "TW"),
                coordinate: Coordinate(latitude: 25.0336, longitude: 121.5300)),
            freeText: "台北市 信義路二段 194"),
    ]

    @Test(arguments: examples)
    func exactCoordinatesByNameAndAddress(example: Example) async throws {
        let learned = LearnedPlaces()
        try learned.learn(example.place)
        let byAddress = try await learned.geocode(GeocodingQuery(address: example.place.address))
        #expect(byAddress.first?.coordinate == example.place.coordinate)
        #expect(byAddress.first?.match == .place)
        #expect(byAddress.first?.source == .learned)
        let byText = try await learned.geocode(GeocodingQuery(example.freeText))
        #expect(byText.first?.coordinate == example.place.coordinate)
        let byName = try await learned.geocode(GeocodingQuery(name: example.place.name))
        #expect(byName.first?.name == example.place.name)
        let nearby = Coordinate(
            latitude: example.place.coordinate.latitude + 0.0002,
            longitude: example.place.coordinate.longitude)
        #expect(try await learned.reverseGeocode(nearby)?.name == example.place.name)
    }

    @Test func aDifferentAddressOrNameDoesNotMatch() throws {
        let learned = LearnedPlaces()
        for example in Self.examples { try learned.learn(example.place) }
        #expect(learned.count == Self.examples.count)
        #expect(throws: GeocodingError.self) {
            try learned.places(for: GeocodingQuery("103 Spear St, San Francisco"))
        }
        #expect(throws: GeocodingError.self) {
            try learned.places(for: GeocodingQuery("101 Spear St, San Francisco").named("Other Place"))
        }
        #expect(throws: GeocodingError.self) { try learned.places(for: GeocodingQuery("Paris")) }
    }

    @Test func learningAgainUpdatesThePlace() throws {
        let learned = LearnedPlaces()
        var place = Self.examples[0].place
        try learned.learn(place)
        place.coordinate = Coordinate(latitude: 37.7924, longitude: -122.3929)
        try learned.learn(place)
        #expect(learned.count == 1)
        #expect(
            try learned.places(for: GeocodingQuery(name: "yank sing")).first?.coordinate == place.coordinate)
    }

    @Test func invalidPlacesAreRejected() {
        let learned = LearnedPlaces()
        #expect {
            try learned.learn(
                .init(name: "X", address: PostalAddress(), coordinate: Coordinate(latitude: 95, longitude: 0))
            )
        } throws: { ($0 as? GeocodingError)?.code == .invalidCoordinate }
        #expect {
            try learned.learn(
                .init(name: nil, address: PostalAddress(), coordinate: Coordinate(latitude: 1, longitude: 1)))
        } throws: { ($0 as? GeocodingError)?.code == .emptyQuery }
    }

    @Test func chainPrefersLearnedPlacesThenTheGazetteer() async throws {
        let learned = LearnedPlaces()
        for example in Self.examples { try learned.learn(example.place) }
        let chain = ChainedGeocoder([learned, try OfflineGeocoder()])
        let exact = try await chain.geocode(GeocodingQuery("101 Spear St, San Francisco, CA 94105"))
        #expect(exact.first?.source == .learned)
        #expect(exact.first?.coordinate == Coordinate(latitude: 37.7923, longitude: -122.3928))
        let city = try await chain.geocode(GeocodingQuery("500 Market St, San Francisco, CA 94105"))
        #expect(city.first?.source == .gazetteer)
        #expect(city.first?.city == "San Francisco")
        await #expect {
            _ = try await chain.geocode(GeocodingQuery("Qwzxv Plorth"))
        } throws: { ($0 as? GeocodingError)?.code == .notFound }
        let reverse = try await chain.reverseGeocode(Coordinate(latitude: 48.8541, longitude: 2.3327))
        #expect(reverse?.name == "Café de Flore")
        let reverseCity = try await chain.reverseGeocode(Coordinate(latitude: 48.86, longitude: 2.30))
        #expect(reverseCity?.city == "Paris")
    }

    @Test func concurrentLearningAndLookup() async throws {
        let learned = LearnedPlaces()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let place = LearnedPlaces.Place(
                        name: "Place \(index)",
                        address: PostalAddress(
                            subThoroughfare: "\(index)", thoroughfare: "Main Street", city: "Springfield"),
                        coordinate: Coordinate(latitude: 39.8 + Double(index) / 10_000, longitude: -89.6))
                    try learned.learn(place)
                    _ = try? learned.places(for: GeocodingQuery(name: "Place \(index / 2)"))
                }
            }
            try await group.waitForAll()
        }
        #expect(learned.count == 400)
        let found = try learned.places(for: GeocodingQuery("17 Main Street, Springfield"))
        #expect(found.first?.name == "Place 17")
    }
}
