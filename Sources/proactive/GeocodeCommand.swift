import ArgumentParser
import Foundation
import Proactive
import ProactiveGeocoding
import ProactiveModel

/// `proactive geocode (ADDRESS | --url DIRECTIONS_URL | --reverse LAT,LON) [--country CC]`
struct GeocodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract:
            "Resolve an address, or a directions request's destination, to coordinates; or coordinates to the nearest place."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The address or place name.")
    var address: [String] = []

    @Option(name: .long, help: "A directions request URL whose destination to resolve.")
    var url: String?

    // `.unconditional`: `--reverse -33.87,151.21` is a value, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: "Coordinates to resolve to the nearest place: LAT,LON (south and west negative).")
    var reverse: String?

    @Option(name: .long, help: "A country hint (ISO 3166-1 code).")
    var country: String?

    struct Answer: Encodable {
        var latitude: Double
        var longitude: Double
        var accuracyMeters: Double
        /// Where the coordinates come from: the request itself, a place seen in donations
        /// ("learned"), or the gazetteer.
        var coordinateSource: String
        var place: GeocodedPlace?
        var request: String?
    }

    func validate() throws {
        let given = [!address.isEmpty, url != nil, reverse != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of an ADDRESS, --url or --reverse") }
        if !address.isEmpty && address.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("the ADDRESS is empty: give an address or a place name")
        }
    }

    func run() throws {
        let offline: OfflineGeocoder
        do { offline = try OfflineGeocoder() } catch {
            throw UsageError(message: "the gazetteer cannot be loaded: \(error)")
        }
        if let reverse {
            let parts = reverse.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
                Coordinate(latitude: latitude, longitude: longitude).isValid
            else { throw UsageError(message: "--reverse: expected LAT,LON within -90…90 and -180…180") }
            guard
                let place = try offline.nearestPlace(to: Coordinate(latitude: latitude, longitude: longitude))
            else {
                Terminal.error("no known place near \(latitude),\(longitude)")
                throw ExitCode(1)
            }
            try print(
                Answer(
                    latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                    accuracyMeters: place.accuracyMeters, coordinateSource: place.source.rawValue,
                    place: place,
                    request: nil))
            return
        }
        let learned = try options.openEngine().learnedPlaces(now: try options.date())
        var query: GeocodingQuery
        var request: DirectionsRequest?
        if let url {
            guard let parsed = URL(string: url) else { throw UsageError(message: "--url: not a URL") }
            do { request = try DirectionsRequest(url: parsed) } catch {
                throw UsageError(message: "--url: \(error)")
            }
            let destination = request!.destination
            if let coordinate = destination.coordinate {
                return try print(
                    Answer(
                        latitude: coordinate.latitude, longitude: coordinate.longitude, accuracyMeters: 0,
                        coordinateSource: "request", place: nil, request: request!.url.absoluteString))
            }
            query = GeocodingQuery(
                address: destination.address.isEmpty ? nil : destination.address, name: destination.name)
        } else {
            query = GeocodingQuery(address.joined(separator: " "))
        }
        query = query.country(country?.uppercased())
        var places = (try? learned.places(for: query)) ?? []
        if places.isEmpty,
            let name = address.isEmpty ? request?.destination.name : address.joined(separator: " ")
        {
            // The text, or the destination's name, may be a place seen in donations ("Yank Sing").
            places = (try? learned.places(for: GeocodingQuery(name: name))) ?? []
        }
        if places.isEmpty { places = (try? offline.places(for: query)) ?? [] }
        guard let place = places.first else {
            Terminal.error("cannot resolve \(url == nil ? "the address" : "the destination") to coordinates")
            throw ExitCode(1)
        }
        request?.destination.coordinate = place.coordinate
        try print(
            Answer(
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                accuracyMeters: place.accuracyMeters, coordinateSource: place.source.rawValue, place: place,
                request: request?.url.absoluteString))
    }

    private func print(_ answer: Answer) throws {
        if options.json {
            try Terminal.json(answer)
        } else {
            let place = answer.place.map { p in
                " " + ([p.name, p.city, p.isoCountryCode].compactMap { $0 }.joined(separator: ", "))
            }
            Terminal.out(
                String(
                    format: "%.5f, %.5f (±%.0f m, %@)", answer.latitude, answer.longitude,
                    answer.accuracyMeters, answer.coordinateSource)
                    + (place ?? ""))
            if let request = answer.request { Terminal.out(request) }
        }
    }
}
