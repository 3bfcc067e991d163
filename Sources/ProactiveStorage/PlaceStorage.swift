import Foundation

/// Places seen in donations, computed (and geocoded) once when donated, so that place
/// surfaces read a few recent rows instead of re-reading donations.
public protocol PlaceStorage {
    /// Replaces the places seen in an entry with `records`.
    func replacePlaceSightings(entryID: Int64, with records: [PlaceSightingRecord]) throws

    /// The place JSON of the given sightings, by sighting identifier (missing ones left out).
    func placeJSON(ids: [Int64]) throws -> [Int64: String]

    /// Sightings seen between `since` and `now`, not expired, newest first; with
    /// `includingPlace` false the place JSON is left empty (for ranking before decoding).
    func placeSightings(since: Date, now: Date, limit: Int, includingPlace: Bool) throws
        -> [PlaceSightingRecord]
}

extension PlaceStorage {
    /// Sightings seen between `since` and `now`, not expired, newest first, with their place.
    public func placeSightings(since: Date, now: Date, limit: Int) throws -> [PlaceSightingRecord] {
        try placeSightings(since: since, now: now, limit: limit, includingPlace: true)
    }
}
