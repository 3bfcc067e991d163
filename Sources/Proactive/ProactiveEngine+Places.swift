import Foundation
import ProactiveGeocoding
import ProactiveMarkup
import ProactiveModel
import ProactiveStore

extension ProactiveEngine {
    /// The places already seen in donations with exact coordinates (activities' map items and
    /// attribute sets, indexed items, pages' markup), as a geocoder that answers first.
    public func learnedPlaces(now: Date? = nil) throws -> LearnedPlaces {
        let now = now ?? self.now
        let learned = LearnedPlaces()
        let decoder = DonationCoding.makeDecoder()
        let entries = try store.read { try $0.entries(scope: .system, now: now, limit: 100_000) }
        for entry in entries {
            let attributes = SearchableAttributes(entry: entry, decoder: decoder)
            var places: [LearnedPlaces.Place] = []
            if let item = attributes.activity?.mapItem, let placemark = item.placemark,
                let coordinate = placemark.coordinate
            {
                places.append(
                    .init(name: item.name, address: placemark.postalAddress, coordinate: coordinate))
            }
            if let set = attributes.attributeSet, let coordinate = set.coordinate {
                places.append(
                    .init(
                        name: set.namedLocation ?? set.effectiveTitle, address: set.postalAddress,
                        coordinate: coordinate))
            }
            for place in attributes.page?.places ?? [] {
                guard let latitude = place.latitude, let longitude = place.longitude else { continue }
                let address = PostalAddress(
                    thoroughfare: place.streetAddress, city: place.locality, stateOrProvince: place.region,
                    postalCode: place.postalCode, country: place.country)
                places.append(
                    .init(
                        name: place.name, address: address,
                        coordinate: Coordinate(latitude: latitude, longitude: longitude)))
            }
            for place in places where place.coordinate.isValid { try? learned.learn(place) }
        }
        return learned
    }
}
