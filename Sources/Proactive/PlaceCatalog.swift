import Foundation
import ProactiveGeocoding
import ProactiveMarkup
import ProactiveModel
import ProactivePhoneNumbers
import ProactiveStore
import ProactiveText

/// One place seen in one donation.
struct PlaceSighting {
    var place: Place
    var app: String
    var activityType: String?
    var url: String?
    var entryID: Int64
    var seenAt: Date
    var supportsNavigation: Bool
}

/// A place with every donation it was seen in (newest first) and its score.
struct RankedPlace {
    var place: Place
    var sightings: [PlaceSighting]
    var score: Double
}

/// Places from donations: activities' map items and location attributes, indexed items with a
/// named location, and pages' schema.org places. The same place seen in several donations is
/// one place (same folded name, and same city or within 150 m) that remembers each source.
enum PlaceCatalog {
    /// The gazetteer, loaded once per process, for places without coordinates.
    static let gazetteer: OfflineGeocoder? = try? OfflineGeocoder()

    static func sightings(in entry: StoredEntry, attributes: SearchableAttributes, phoneRegion: String)
        -> [PlaceSighting]
    {
        var found: [(Place, Bool)] = []
        if entry.kind == .activity,
            !(entry.isEligibleForSearch || entry.isEligibleForPrediction || entry.isCurrent)
        {
            return []
        }
        if let item = attributes.activity?.mapItem, let name = item.name, let placemark = item.placemark {
            var place = Place(name: name, address: placemark.postalAddress)
            if let coordinate = placemark.coordinate {
                (place.latitude, place.longitude, place.coordinateSource) = (
                    coordinate.latitude, coordinate.longitude, .donated
                )
            }
            place.phoneNumbers = phones(
                [item.phoneNumber].compactMap { $0 }, place: place, region: phoneRegion)
            found.append((place, true))
        }
        if let set = attributes.attributeSet, let name = set.namedLocation {
            var place = Place(name: name, address: set.postalAddress)
            if let coordinate = set.coordinate {
                (place.latitude, place.longitude, place.coordinateSource) = (
                    coordinate.latitude, coordinate.longitude, .donated
                )
            }
            place.phoneNumbers = phones(set.phoneNumbers ?? [], place: place, region: phoneRegion)
            found.append((place, set.supportsNavigation ?? true))
        }
        for extracted in attributes.page?.places ?? [] {
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
            place.phoneNumbers = phones(extracted.telephones, place: place, region: phoneRegion)
            found.append((place, true))
        }
        return found.map { place, navigable in
            var place = place
            complete(&place)
            return PlaceSighting(
                place: place, app: entry.app, activityType: entry.activityType, url: entry.url,
                entryID: entry.id,
                seenAt: entry.donatedAt, supportsNavigation: navigable)
        }
    }

    /// Fills in the country code, the formatted address and, from the gazetteer, coordinates.
    static func complete(_ place: inout Place) {
        var address = place.postalAddress
        if address.isoCountryCode == nil, let country = address.country,
            let code = Country.named(country)?.isoCode
        {
            address.isoCountryCode = code
            place.isoCountryCode = code
        }
        let formatted = AddressFormatter().string(from: address)
        place.formattedAddress = formatted.isEmpty ? nil : formatted
        if place.coordinate == nil, !address.isEmpty, let gazetteer {
            let query = GeocodingQuery(address: address, isoCountryCode: address.isoCountryCode)
            if let hit = (try? gazetteer.places(for: query))?.first {
                (place.latitude, place.longitude, place.coordinateSource) =
                    (hit.coordinate.latitude, hit.coordinate.longitude, .geocoded)
                if place.isoCountryCode == nil { place.isoCountryCode = hit.isoCountryCode }
            }
        }
    }

    static func phones(_ numbers: [String], place: Place, region: String) -> [String] {
        let country = place.isoCountryCode ?? place.country.flatMap { Country.named($0)?.isoCode } ?? region
        return numbers.compactMap {
            try? PhoneNumber(parsing: $0, defaultRegion: country, validation: .possible).e164
        }
    }

    /// Merges sightings into places, scored by freshness (a half-life) and by how often seen.
    static func rank(_ sightings: [PlaceSighting], now: Date, halfLife: TimeInterval) -> [RankedPlace] {
        var places: [RankedPlace] = []
        for sighting in sightings.sorted(by: { $0.seenAt > $1.seenAt }) {
            let name = TextFolding.fold(sighting.place.name)
            let city = sighting.place.city.map(TextFolding.fold)
            if let index = places.firstIndex(where: { existing in
                guard TextFolding.fold(existing.place.name) == name else { return false }
                if let a = existing.place.coordinate, let b = sighting.place.coordinate,
                    existing.place.coordinateSource != .geocoded, sighting.place.coordinateSource != .geocoded
                {
                    return a.distance(to: b) < 150
                }
                return existing.place.city.map(TextFolding.fold) == city
            }) {
                places[index].sightings.append(sighting)
                // The most precise coordinates and the most complete address win.
                var merged = places[index].place
                if merged.coordinateSource == .geocoded || merged.coordinate == nil,
                    let coordinate = sighting.place.coordinate,
                    sighting.place.coordinateSource != .geocoded
                {
                    (merged.latitude, merged.longitude, merged.coordinateSource) =
                        (coordinate.latitude, coordinate.longitude, sighting.place.coordinateSource)
                }
                if merged.thoroughfare == nil, sighting.place.thoroughfare != nil {
                    let keep = merged
                    merged = sighting.place
                    if keep.coordinateSource != .geocoded, let c = keep.coordinate {
                        (merged.latitude, merged.longitude, merged.coordinateSource) = (
                            c.latitude, c.longitude, keep.coordinateSource
                        )
                    }
                }
                merged.phoneNumbers = Array(Set(merged.phoneNumbers + sighting.place.phoneNumbers)).sorted()
                places[index].place = merged
            } else {
                places.append(RankedPlace(place: sighting.place, sightings: [sighting], score: 0))
            }
        }
        for i in places.indices {
            let age = max(now.timeIntervalSince(places[i].sightings[0].seenAt), 0)
            let freshness = pow(2, -age / halfLife)
            places[i].score = freshness * (1 + 0.25 * log2(Double(places[i].sightings.count)))
        }
        return places.sorted { $0.score > $1.score }
    }
}
