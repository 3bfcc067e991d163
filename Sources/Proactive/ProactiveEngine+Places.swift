import Foundation
import ProactiveGeocoding
import ProactiveModel
import ProactiveStorage

extension ProactiveEngine {
    /// The places already seen in donations with exact coordinates (given by the app or by a
    /// page's markup, not geocoded), as a geocoder that answers first.
    public func learnedPlaces(now: Date? = nil) throws -> LearnedPlaces {
        let now = now ?? self.now
        let learned = LearnedPlaces()
        let decoder = DonationCoding.makeDecoder()
        let sightings = try storage.read(user: user) { tx in
            try tx.placeSightings(since: .distantPast, now: now, limit: 100_000)
        }
        for sighting in sightings where sighting.coordinateSource != Place.CoordinateSource.geocoded.rawValue
        {
            guard let place = try? decoder.decode(Place.self, from: Data(sighting.place.utf8)),
                let coordinate = place.coordinate, coordinate.isValid
            else { continue }
            try? learned.learn(.init(name: place.name, address: place.postalAddress, coordinate: coordinate))
        }
        return learned
    }
}
