import Foundation
import ProactiveGeocoding
import ProactiveModel
import Testing

struct DirectionsRequestTests {
    /// Destinations in six languages and seven countries.
    static let destinations: [DirectionsRequest.Endpoint] = [
        .init(
            name: "Yank Sing",
            address: PostalAddress(
                subThoroughfare: "101", thoroughfare: "Spear St", city: "San Francisco",
                stateOrProvince: "CA",
                postalCode: "94105", country: "United States", isoCountryCode: "US"),
            coordinate: Coordinate(latitude: 37.7923, longitude: -122.3928), phoneNumber: "+14157811111"),
        .init(
            name: "Café de l'Été & Co",
            address: PostalAddress(
                subThoroughfare: "12", thoroughfare: "Rue de Rivoli", city: "Paris", postalCode: "75001",
                country: "France")),
        .init(
            name: "Trattoria «Da Enzo» 100% romana",
            address: PostalAddress(
                thoroughfare: "Via Roma", city: "Roma", stateOrProvince: "RM", country: "Italia")),
        .init(
            name: "Brauhaus Straße+Söhne",
            address: PostalAddress(
                subThoroughfare: "77", thoroughfare: "Unter den Linden", city: "Berlin", postalCode: "10117",
                country: "Deutschland")),
        .init(
            name: "Pastelaria São João = ótima",
            address: PostalAddress(
                subThoroughfare: "100", thoroughfare: "Rua Augusta", city: "Lisboa", postalCode: "1100-053",
                isoCountryCode: "PT")),
        .init(
            name: "Padaria ?#/",
            address: PostalAddress(
                subThoroughfare: "1578", thoroughfare: "Av. Paulista", subLocality: "Bela Vista",
                city: "São Paulo",
                stateOrProvince: "SP", postalCode: "01310-200", country: "Brasil")),
        .init(
            name: "鼎泰豐 信義店",
            address: PostalAddress(subThoroughfare: "1", thoroughfare: "市府路", city: "台北市", country: "台灣"),
            coordinate: Coordinate(latitude: 25.0375, longitude: 121.5637)),
    ]

    @Test(arguments: destinations)
    func roundTripsThroughAURL(destination: DirectionsRequest.Endpoint) throws {
        let request = DirectionsRequest(
            destination: destination,
            source: .init(coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093)), mode: .car)
        let url = request.url
        #expect(url.scheme == "proactive")
        #expect(url.absoluteString.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(try DirectionsRequest(url: url) == request)
    }

    /// The URL's query is percent-encoded exactly as Foundation's `addingPercentEncoding` with
    /// RFC 3986's unreserved characters would: every other UTF-8 byte as `%XX`.
    @Test(arguments: destinations)
    func queryIsPercentEncodedByteByByte(destination: DirectionsRequest.Endpoint) throws {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let name = try #require(destination.name) + " 🚲 東京 \u{7F}\t\"%"
        var endpoint = destination
        endpoint.name = name
        let url = DirectionsRequest(destination: endpoint).url
        let query = try #require(url.absoluteString.split(separator: "?", maxSplits: 1).last)
        let encodedName = try #require(query.split(separator: "&").first { $0.hasPrefix("name=") })
        #expect(encodedName.dropFirst(5) == name.addingPercentEncoding(withAllowedCharacters: unreserved)!)
        #expect(try DirectionsRequest(url: url).destination.name == name)
        // The text suggestions carry is the URL's, made without parsing it.
        let request = DirectionsRequest(destination: endpoint, source: destination, mode: .pedestrian)
        #expect(request.urlString == request.url.absoluteString)
        #expect(DirectionsRequest(destination: endpoint).urlString == url.absoluteString)
    }

    /// Every parameter, in the documented order, encoded byte by byte.
    @Test func writesEveryParameterInOrder() {
        let request = DirectionsRequest(
            destination: .init(
                name: "Café & Co",
                address: PostalAddress(
                    subThoroughfare: "12", thoroughfare: "Rue de Rivoli", subLocality: "1er", city: "Paris",
                    stateOrProvince: "IDF", postalCode: "75001", country: "France", isoCountryCode: "FR"),
                coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), phoneNumber: "+33 1",
                url: "https://x.fr/a?b=c"),
            source: .init(name: "Home", coordinate: Coordinate(latitude: -33.5, longitude: 151)),
            mode: .pedestrian)
        #expect(
            request.urlString
                == "proactive://directions?name=Caf%C3%A9%20%26%20Co&subThoroughfare=12&thoroughfare=Rue%20de%20Rivoli"
                + "&subLocality=1er&city=Paris&stateOrProvince=IDF&postalCode=75001&country=France&isoCountryCode=FR"
                + "&latitude=48.8566&longitude=2.3522&phoneNumber=%2B33%201&url=https%3A%2F%2Fx.fr%2Fa%3Fb%3Dc"
                + "&source.name=Home&source.latitude=-33.5&source.longitude=151.0&mode=pedestrian")
        #expect(request.url.absoluteString == request.urlString)
    }

    @Test func documentedFormat() throws {
        let url = try #require(
            URL(
                string:
                    "proactive://directions?name=Yank%20Sing&subThoroughfare=101&thoroughfare=Spear%20St&city=San%20Francisco&stateOrProvince=CA&postalCode=94105&isoCountryCode=us&latitude=37.7923&longitude=-122.3928&phoneNumber=%2B14157811111&mode=rideShare&unknown=1"
            ))
        let request = try DirectionsRequest(url: url)
        #expect(request.destination.name == "Yank Sing")
        #expect(request.destination.address.isoCountryCode == "US")
        #expect(request.destination.coordinate == Coordinate(latitude: 37.7923, longitude: -122.3928))
        #expect(request.destination.phoneNumber == "+14157811111")
        #expect(request.mode == .rideShare)
        #expect(request.source == nil)
        let web = try DirectionsRequest(
            url: URL(string: "https://maps.example.org/app/directions?city=Lyon")!)
        #expect(web.destination.address.city == "Lyon")
    }

    @Test(arguments: [
        (
            "proactive://directions?name=X&latitude=91&longitude=0", "latitude" as String?,
            DirectionsRequestError.Code.invalidValue
        ),
        ("proactive://directions?name=X&latitude=10&longitude=-180.5", "longitude", .invalidValue),
        ("proactive://directions?name=X&latitude=north&longitude=2", "latitude", .invalidValue),
        ("proactive://directions?name=X&latitude=nan&longitude=2", "latitude", .invalidValue),
        ("proactive://directions?name=X&latitude=10", "longitude", .missingField),
        ("proactive://directions?name=X&source.longitude=10", "source.latitude", .missingField),
        ("proactive://directions?name=X&mode=teleport", "mode", .invalidValue),
        ("proactive://directions?name=X&isoCountryCode=USA", "isoCountryCode", .invalidValue),
        ("proactive://directions?mode=car", nil, .missingDestination),
        ("proactive://elsewhere?name=X", nil, .notADirectionsURL),
        ("mailto:someone@example.org", nil, .notADirectionsURL),
    ])
    func badURLsNameTheField(text: String, field: String?, code: DirectionsRequestError.Code) throws {
        let url = try #require(URL(string: text))
        #expect {
            _ = try DirectionsRequest(url: url)
        } throws: { error in
            let error = error as? DirectionsRequestError
            return error?.code == code && error?.field == field
        }
    }

    @Test func errorsDoNotQuoteTheAddress() {
        do {
            _ = try DirectionsRequest(
                url: URL(string: "proactive://directions?name=Secret%20Clinic&latitude=123&longitude=0")!)
        } catch {
            #expect(!error.description.contains("Secret"))
            #expect(!error.description.contains("123"))
        }
    }

    /// Scenario 3: a ride-share request with an address and no coordinates is geocoded; one
    /// that cannot be resolved is an error, never (0, 0).
    @Test(arguments: destinations.filter { $0.coordinate == nil })
    func destinationsWithoutCoordinatesAreGeocoded(destination: DirectionsRequest.Endpoint) async throws {
        let request = DirectionsRequest(destination: destination, mode: .rideShare)
        let parsed = try DirectionsRequest(url: request.url)
        let geocoder = ChainedGeocoder([LearnedPlaces(), try OfflineGeocoder()])
        let (resolved, place) = try await geocoder.resolvingDestination(of: parsed)
        let coordinate = try #require(resolved.destination.coordinate)
        #expect(coordinate.isValid)
        #expect(coordinate != Coordinate(latitude: 0, longitude: 0))
        #expect(place?.isoCountryCode == AddressFormatter.countryCode(for: destination.address))
        #expect(resolved.destination.address == destination.address)
    }

    @Test func unresolvableDestinationIsAnError() async throws {
        let request = DirectionsRequest(
            destination: .init(
                name: "Nowhere", address: PostalAddress(thoroughfare: "Qwzxv Plorth", city: "Zzyzzx")))
        let geocoder = try OfflineGeocoder()
        await #expect {
            _ = try await geocoder.resolvingDestination(of: request)
        } throws: { ($0 as? GeocodingError)?.code == .notFound }
    }

    @Test func knownCoordinatesAreKept() async throws {
        let request = DirectionsRequest(destination: Self.destinations[0])
        let (resolved, place) = try await OfflineGeocoder().resolvingDestination(of: request)
        #expect(resolved == request)
        #expect(place == nil)
    }
}
