import Foundation
import ProactiveGeocoding
import ProactiveMarkup
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveStorage
import ProactiveText

/// A place as suggested: the sightings of the same place (newest first) and its score.
struct RankedPlace {
    var sightings: [PlaceSightingRecord]
    var score: Double

    var latest: PlaceSightingRecord { sightings[0] }

    /// Meters from a location to the place's latest known coordinates, if any.
    func distance(from location: Coordinate) -> Double? {
        guard let sighting = sightings.first(where: { $0.latitude != nil && $0.longitude != nil }) else {
            return nil
        }
        return location.distance(to: Coordinate(latitude: sighting.latitude!, longitude: sighting.longitude!))
    }
}

/// Places from donations: activities' map items and location attributes, indexed items with a
/// named location, and pages' schema.org places. Each is completed (country code, address as
/// its country writes it, coordinates from the gazetteer when missing, phones in E.164) once,
/// when donated, and stored as a sighting of its entry. The same place seen in several
/// donations is one place (same folded name, and same city or within 150 m) that remembers
/// each source.
enum PlaceCatalog {
    /// The gazetteer, loaded once per process, for places without coordinates.
    static let gazetteer: OfflineGeocoder? = try? OfflineGeocoder()

    /// The gazetteer's and the address formats' answers, kept per distinct address.
    static let addresses = AddressCompletion(geocoder: gazetteer)

    /// Stored places decoded, by their JSON: place surfaces show the same few places request
    /// after request, and decoding is most of what showing one costs.
    static let decodedPlaces = Memo<UTF8Key, Place?>(capacity: 4096)

    /// The places a donated value describes, completed, with whether the donor allows
    /// navigating to each.
    static func places(
        activity: UserActivity?, attributeSet: SearchableItemAttributeSet?, page: StoredPage?,
        phoneRegion: String
    ) -> [(place: Place, navigable: Bool)] {
        var found: [(Place, Bool)] = []
        if let item = activity?.mapItem, let name = item.name, let placemark = item.placemark {
            var place = Place(name: name, address: placemark.postalAddress)
            if let coordinate = placemark.coordinate {
                (place.latitude, place.longitude, place.coordinateSource) = (
                    coordinate.latitude, coordinate.longitude, .donated
                )
            }
            found.append(
                (complete(place, phones: [item.phoneNumber].compactMap { $0 }, region: phoneRegion), true))
        }
        if let set = attributeSet, let name = set.namedLocation {
            var place = Place(name: name, address: set.postalAddress)
            if let coordinate = set.coordinate {
                (place.latitude, place.longitude, place.coordinateSource) = (
                    coordinate.latitude, coordinate.longitude, .donated
                )
            }
            found.append(
                (
                    complete(place, phones: set.phoneNumbers ?? [], region: phoneRegion),
                    set.supportsNavigation ?? true
                ))
        }
        for extracted in page?.places ?? [] {
            guard let name = extracted.name else { continue }
            var place = Place(
                name: name,
                address: PostalAddress(
                    thoroughfare: extracted.streetAddress ?? extracted.addressText, city: extracted.locality,
                    stateOrProvince: extracted.region, postalCode: extracted.postalCode,
                    country: extracted.country))
            if let latitude = extracted.latitude, let longitude = extracted.longitude {
                (place.latitude, place.longitude, place.coordinateSource) = (latitude, longitude, .markup)
            }
            found.append((complete(place, phones: extracted.telephones, region: phoneRegion), true))
        }
        return found
    }

    /// Fills in the country code, the formatted address, coordinates from the gazetteer, and
    /// the phone numbers in E.164 in the place's country.
    static func complete(_ place: Place, phones: [String], region: String) -> Place {
        var place = place
        var address = place.postalAddress
        if address.isoCountryCode == nil, let country = address.country,
            let code = Country.named(country)?.isoCode
        {
            address.isoCountryCode = code
            place.isoCountryCode = code
        }
        if place.coordinate == nil, !address.isEmpty, let hit = addresses.hit(for: address) {
            (place.latitude, place.longitude, place.coordinateSource) = (
                hit.latitude, hit.longitude, .geocoded
            )
            if place.isoCountryCode == nil {
                place.isoCountryCode = hit.isoCountryCode
                address.isoCountryCode = hit.isoCountryCode
            }
        }
        let formatted = addresses.formattedAddress(address)
        place.formattedAddress = formatted.isEmpty ? nil : formatted
        let country = place.isoCountryCode ?? region
        place.phoneNumbers = phones.compactMap {
            try? PhoneNumber(parsing: $0, defaultRegion: country, validation: .possible).e164
        }
        return place
    }

    /// The sightings to store for an entry's places.
    static func records(
        _ places: [(place: Place, navigable: Bool)], entryID: Int64, app: String, activityType: String?,
        url: String?,
        seenAt: Date, expiresAt: Date?
    ) -> [PlaceSightingRecord] {
        places.map { place, navigable in
            PlaceSightingRecord(
                entryID: entryID, app: app, activityType: activityType, url: url, seenAt: seenAt,
                expiresAt: expiresAt,
                supportsNavigation: navigable, nameKey: TextFolding.fold(place.name),
                cityKey: place.city.map { TextFolding.fold($0) },
                latitude: place.latitude, longitude: place.longitude,
                coordinateSource: place.coordinateSource?.rawValue,
                place: place.storedJSON)
        }
    }

    /// Merges sightings (newest first) into places, scored by freshness (a half-life) and by
    /// how often each was seen; best first.
    /// Distance at which a destination's score is halved.
    static let nearbyDistance: Double = 5_000

    /// Places re-ranked for a device at `location`: each score divided by `1 + d / 5 km`
    /// (places without coordinates count as 20 km away).
    static func nearFirst(_ ranked: [RankedPlace], to location: Coordinate) -> [RankedPlace] {
        ranked.map { place in
            var place = place
            place.score /= 1 + (place.distance(from: location) ?? 20_000) / nearbyDistance
            return place
        }.sorted { $0.score > $1.score || ($0.score == $1.score && $0.latest.seenAt > $1.latest.seenAt) }
    }

    static func rank(_ sightings: [PlaceSightingRecord], now: Date, halfLife: TimeInterval) -> [RankedPlace] {
        var places: [RankedPlace] = []
        var byName: [UTF8Key: [Int]] = [:]
        places.reserveCapacity(sightings.count)
        byName.reserveCapacity(sightings.count)
        for sighting in sightings {
            // Keys stored folded as `TextFolding` folds; 臺北 and 台北 are the same name.
            let name = UTF8Key(SimplifiedChinese.fold(sighting.nameKey))
            let same = byName[name, default: []].first { index in
                let existing = places[index].latest
                if let a = existing.latitude, let b = existing.longitude, let c = sighting.latitude,
                    let d = sighting.longitude,
                    existing.coordinateSource != "geocoded", sighting.coordinateSource != "geocoded"
                {
                    return Coordinate(latitude: a, longitude: b).distance(
                        to: Coordinate(latitude: c, longitude: d)) < 150
                }
                return existing.cityKey.map(SimplifiedChinese.fold)
                    == sighting.cityKey.map(SimplifiedChinese.fold)
            }
            if let same {
                places[same].sightings.append(sighting)
            } else {
                byName[name, default: []].append(places.count)
                places.append(RankedPlace(sightings: [sighting], score: 0))
            }
        }
        for i in places.indices {
            let age = max(now.timeIntervalSince(places[i].latest.seenAt), 0)
            places[i].score = pow(2, -age / halfLife) * (1 + 0.25 * log2(Double(places[i].sightings.count)))
        }
        return places.sorted {
            $0.score > $1.score || ($0.score == $1.score && $0.latest.seenAt > $1.latest.seenAt)
        }
    }

    /// The place of a ranked group: its latest sighting, with the most precise coordinates, the
    /// most complete address and every phone number among its sightings.
    static func place(of ranked: RankedPlace, decoder: JSONDecoder, json: [Int64: String] = [:]) -> Place? {
        let places = ranked.sightings.compactMap { sighting in
            (sighting.place.isEmpty ? json[sighting.id] : sighting.place).flatMap { text in
                decodedPlaces.value(for: UTF8Key(text)) {
                    try? decoder.decode(Place.self, from: Data(text.utf8))
                }
            }
        }
        guard var merged = places.first else { return nil }
        for other in places.dropFirst() {
            if merged.thoroughfare == nil, other.thoroughfare != nil {
                let coordinate = (merged.latitude, merged.longitude, merged.coordinateSource)
                merged = Place(
                    name: merged.name, address: other.postalAddress, formattedAddress: other.formattedAddress)
                (merged.latitude, merged.longitude, merged.coordinateSource) = coordinate
                merged.phoneNumbers = places[0].phoneNumbers
            }
            if merged.coordinate == nil || merged.coordinateSource == .geocoded, let c = other.coordinate,
                other.coordinateSource != .geocoded
            {
                (merged.latitude, merged.longitude, merged.coordinateSource) = (
                    c.latitude, c.longitude, other.coordinateSource
                )
            }
            merged.phoneNumbers = Array(Set(merged.phoneNumbers + other.phoneNumbers)).sorted()
        }
        return merged
    }
}
