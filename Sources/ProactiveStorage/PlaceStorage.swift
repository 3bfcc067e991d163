import Foundation

/// Places seen in donations, computed (and geocoded) once when donated, so that place
/// surfaces read a few recent rows instead of re-reading donations.
public protocol PlaceStorage {
    /// Replaces the places seen in an entry with `records`.
    func replacePlaceSightings(entryID: Int64, with records: [PlaceSightingRecord]) throws

    /// Replaces the places seen in several entries: the same as calling
    /// ``replacePlaceSightings(entryID:with:)`` for each element in order (an entry given
    /// twice keeps the records of its last element). The records' `entryID` is ignored: each
    /// element's `entryID` is used.
    ///
    /// Backends whose statements cost a round trip write them with a few statements (the
    /// default calls ``replacePlaceSightings(entryID:with:)`` for each element).
    func replacePlaceSightings(_ sightings: [(entryID: Int64, records: [PlaceSightingRecord])]) throws

    /// ``replacePlaceSightings(_:)`` where the entries of `newEntryIDs` were created in this
    /// transaction and have no sightings yet: a backend need not look for theirs to replace
    /// (the default ignores it).
    func replacePlaceSightings(
        _ sightings: [(entryID: Int64, records: [PlaceSightingRecord])], newEntryIDs: Set<Int64>
    ) throws

    /// The place JSON of the given sightings, by sighting identifier (missing ones left out).
    func placeJSON(ids: [Int64]) throws -> [Int64: String]

    /// Sightings seen between `since` and `now`, not expired, newest first; with
    /// `includingPlace` false the place JSON is left empty (for ranking before decoding).
    func placeSightings(since: Date, now: Date, limit: Int, includingPlace: Bool) throws
        -> [PlaceSightingRecord]
}

extension PlaceStorage {
    /// Calls ``replacePlaceSightings(entryID:with:)`` for each element, in order.
    public func replacePlaceSightings(_ sightings: [(entryID: Int64, records: [PlaceSightingRecord])]) throws
    {
        for (entryID, records) in sightings { try replacePlaceSightings(entryID: entryID, with: records) }
    }

    /// Calls ``replacePlaceSightings(_:)``.
    public func replacePlaceSightings(
        _ sightings: [(entryID: Int64, records: [PlaceSightingRecord])], newEntryIDs: Set<Int64>
    ) throws {
        try replacePlaceSightings(sightings)
    }

    /// Sightings seen between `since` and `now`, not expired, newest first, with their place.
    public func placeSightings(since: Date, now: Date, limit: Int) throws -> [PlaceSightingRecord] {
        try placeSightings(since: since, now: now, limit: limit, includingPlace: true)
    }
}
