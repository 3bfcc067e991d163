public import ProactiveModel
import Synchronization

/// Exact coordinates of places already seen in donations: the engine teaches it each place
/// (name, address, coordinate) and it answers queries for that place by name and address,
/// or by address alone, before any gazetteer.
///
/// Names and addresses are compared folded (case, accents and punctuation do not matter)
/// and as word sets, so "101 Spear Street, San Francisco CA 94105" finds the place learned
/// as `101` / `Spear Street` / `San Francisco` / `94105`. Thread-safe.
public final class LearnedPlaces: Geocoder {
    /// One learned place.
    public struct Place: Sendable, Hashable, Codable {
        /// The place's name ("Yank Sing"), if it has one.
        public var name: String?
        /// Its address.
        public var address: PostalAddress
        /// Where it is.
        public var coordinate: Coordinate

        /// Creates a place.
        public init(name: String?, address: PostalAddress, coordinate: Coordinate) {
            self.name = name
            self.address = address
            self.coordinate = coordinate
        }
    }

    private struct Entry {
        var place: Place
        var nameKey: String
        /// Folded words of the street number, street, city and postal code.
        var addressWords: Set<String>
        /// Whether the address has a street (so matching the address alone is exact).
        var hasStreet: Bool
    }

    private struct State {
        var entries: [Entry] = []
        /// Name + address key → entry, so learning a place again updates it.
        var byKey: [String: Int] = [:]
        /// A distinctive key of each entry (see ``LearnedPlaces/anchor(number:streetWords:nameKey:addressWords:)``),
        /// and its name → entries.
        var byAnchor: [String: [Int]] = [:]
        /// 0.01° cells → entries, for reverse geocoding.
        var byCell: [Int64: [Int]] = [:]
    }

    private let state = Mutex(State())
    /// How close a coordinate must be to a learned place for ``reverseGeocode(_:)``.
    public let reverseRadiusMeters: Double
    /// The accuracy reported for learned coordinates.
    public let accuracyMeters: Double

    /// Creates an empty set of learned places.
    ///
    /// - Parameters:
    ///   - reverseRadiusMeters: reverse geocoding answers a learned place within this
    ///     distance (default 100 m, at most 1,000 m).
    ///   - accuracyMeters: the accuracy reported for learned coordinates (default 25 m).
    public init(reverseRadiusMeters: Double = 100, accuracyMeters: Double = 25) {
        self.reverseRadiusMeters = min(reverseRadiusMeters, 1_000)
        self.accuracyMeters = accuracyMeters
    }

    /// The number of places learned.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Learns (or updates) a place.
    ///
    /// - Throws: ``GeocodingError`` `invalidCoordinate` for an out-of-range coordinate,
    ///   `emptyQuery` when the place has neither a name nor an address.
    public func learn(_ place: Place) throws(GeocodingError) {
        guard place.coordinate.isValid else {
            throw GeocodingError(
                code: .invalidCoordinate, message: "latitude must be in -90...90 and longitude in -180...180")
        }
        let nameKey = GazetteerKey.fold(place.name ?? "")
        let streetWords = Self.words(place.address.subThoroughfare) + Self.words(place.address.thoroughfare)
        let addressWords = Set(
            streetWords + Self.words(place.address.city) + Self.words(place.address.postalCode))
        guard !nameKey.isEmpty || !addressWords.isEmpty else {
            throw GeocodingError(code: .emptyQuery, message: "a learned place needs a name or an address")
        }
        let key = nameKey + "\u{1F}" + addressWords.sorted().joined(separator: " ")
        let hasStreet = !Self.words(place.address.thoroughfare).isEmpty
        let anchor = Self.anchor(
            number: Self.words(place.address.subThoroughfare).first,
            streetWords: Self.words(place.address.thoroughfare), nameKey: nameKey, addressWords: addressWords)
        let entry = Entry(place: place, nameKey: nameKey, addressWords: addressWords, hasStreet: hasStreet)
        state.withLock { state in
            if let existing = state.byKey[key] {
                let old = state.entries[existing].place.coordinate
                state.byCell[Self.cell(old)]?.removeAll { $0 == existing }
                state.entries[existing] = entry
                state.byCell[Self.cell(place.coordinate), default: []].append(existing)
                return
            }
            let index = state.entries.count
            state.entries.append(entry)
            state.byKey[key] = index
            state.byAnchor[anchor, default: []].append(index)
            if !nameKey.isEmpty && anchor != nameKey { state.byAnchor[nameKey, default: []].append(index) }
            state.byCell[Self.cell(place.coordinate), default: []].append(index)
        }
    }

    /// Learned places the query designates, most specific first.
    public func geocode(_ query: GeocodingQuery) async throws -> [GeocodedPlace] {
        try places(for: query)
    }

    /// The synchronous form of ``geocode(_:)``.
    public func places(for query: GeocodingQuery) throws(GeocodingError) -> [GeocodedPlace] {
        guard !query.isEmpty else {
            throw GeocodingError(code: .emptyQuery, message: "the query has no text, address or name")
        }
        let nameKey = GazetteerKey.fold(query.name ?? "")
        var queryWords = Set(Self.words(query.text))
        if let address = query.address {
            for field in [
                address.subThoroughfare, address.thoroughfare, address.subLocality, address.city,
                address.stateOrProvince, address.postalCode, address.country,
            ] {
                queryWords.formUnion(Self.words(field))
            }
        }
        let hasAddress = !queryWords.isEmpty
        let matches: [(Entry, Int)] = state.withLock { state in
            var candidates = Set<Int>()
            let numbers = queryWords.filter {
                $0.unicodeScalars.contains { $0.properties.numericType != nil }
            }
            for word in queryWords {
                candidates.formUnion(state.byAnchor[word] ?? [])
                for number in numbers where number != word {
                    candidates.formUnion(state.byAnchor[number + "|" + word] ?? [])
                }
            }
            if !nameKey.isEmpty { candidates.formUnion(state.byAnchor[nameKey] ?? []) }
            var found: [(Entry, Int)] = []
            for index in candidates {
                let entry = state.entries[index]
                let nameMatches = !nameKey.isEmpty && entry.nameKey == nameKey
                if !nameKey.isEmpty && !entry.nameKey.isEmpty && !nameMatches { continue }
                if hasAddress {
                    guard !entry.addressWords.isEmpty, entry.addressWords.isSubset(of: queryWords) else {
                        continue
                    }
                    guard entry.hasStreet || nameMatches else { continue }
                } else if !nameMatches {
                    continue
                }
                found.append((entry, entry.addressWords.count + (nameMatches ? 100 : 0)))
            }
            return found
        }
        guard !matches.isEmpty else {
            throw GeocodingError(code: .notFound, message: "no learned place matches the query")
        }
        return matches.sorted { $0.1 > $1.1 }.prefix(max(query.limit, 1)).map {
            place(for: $0.0.place, distance: nil)
        }
    }

    /// The learned place nearest to the coordinate within ``reverseRadiusMeters``.
    public func reverseGeocode(_ coordinate: Coordinate) async throws -> GeocodedPlace? {
        guard coordinate.isValid else {
            throw GeocodingError(
                code: .invalidCoordinate, message: "latitude must be in -90...90 and longitude in -180...180")
        }
        let nearest: (Place, Double)? = state.withLock { state in
            var best: (Place, Double)?
            let center = Self.cellIndices(coordinate)
            for dLat: Int64 in -1...1 {
                for dLon: Int64 in -1...1 {
                    for index in state.byCell[Self.cellKey(center.0 + dLat, center.1 + dLon)] ?? [] {
                        let place = state.entries[index].place
                        let distance = coordinate.distance(to: place.coordinate)
                        if distance <= reverseRadiusMeters && (best == nil || distance < best!.1) {
                            best = (place, distance)
                        }
                    }
                }
            }
            return best
        }
        return nearest.map { place(for: $0.0, distance: $0.1) }
    }

    private func place(for place: Place, distance: Double?) -> GeocodedPlace {
        GeocodedPlace(
            coordinate: place.coordinate, accuracyMeters: accuracyMeters,
            name: place.name ?? AddressFormatter().string(from: place.address), city: place.address.city,
            subLocality: place.address.subLocality, region: place.address.stateOrProvince,
            isoCountryCode: AddressFormatter.countryCode(for: place.address),
            postalCode: place.address.postalCode,
            match: .place, source: .learned, distanceMeters: distance)
    }

    /// The word an entry is indexed under: its house number with its longest street word
    /// ("101|spear": selective even when thousands of places share a street name), else the
    /// longest street word, the name, or the longest address word.
    private static func anchor(
        number: String?, streetWords: [String], nameKey: String, addressWords: Set<String>
    )
        -> String
    {
        let distinctive = streetWords.filter { !streetTypeWords.contains($0) }
        let longestStreetWord = (distinctive.isEmpty ? streetWords : distinctive).max { $0.count < $1.count }
        if let number, let longestStreetWord, number != longestStreetWord {
            return number + "|" + longestStreetWord
        }
        if let longestStreetWord { return longestStreetWord }
        if !nameKey.isEmpty { return nameKey }
        return addressWords.max { $0.count < $1.count } ?? ""
    }

    /// Folded street-type words in the supported languages, too common to index a place by.
    static let streetTypeWords: Set<String> = [
        "street", "st", "road", "rd", "avenue", "ave", "av", "boulevard", "blvd", "lane", "ln", "drive", "dr",
        "way", "place", "pl", "court", "ct", "square", "sq", "rue", "bd", "allee", "chemin", "impasse",
        "quai", "route", "via", "viale", "piazza", "corso", "largo", "vicolo", "strada", "rua", "avenida",
        "praca", "travessa", "estrada", "alameda", "rodovia", "strasse", "str", "weg", "platz",
        "gasse", "ring", "damm", "ufer", "de", "du", "des", "la", "le", "di", "del", "della", "da", "do",
        "dos",
        "das", "der", "den", "the", "of", "路", "街", "道", "大道", "巷", "弄", "段",
    ]

    private static func words(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return GazetteerKey.fold(text).split(separator: " ").map(String.init)
    }

    private static func cellIndices(_ coordinate: Coordinate) -> (Int64, Int64) {
        (
            Int64((coordinate.latitude * 100).rounded(.down)),
            Int64((coordinate.longitude * 100).rounded(.down))
        )
    }

    private static func cellKey(_ latitude: Int64, _ longitude: Int64) -> Int64 {
        let wrapped = ((longitude % 36_000) + 36_000) % 36_000
        return latitude * 100_000 + wrapped
    }

    private static func cell(_ coordinate: Coordinate) -> Int64 {
        let (latitude, longitude) = cellIndices(coordinate)
        return cellKey(latitude, longitude)
    }
}
