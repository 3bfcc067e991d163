import Foundation

/// A place seen in one donation, as stored: the keys that merge sightings of the same place,
/// its coordinates, and the place itself as JSON (decoded only for the places shown).
public struct PlaceSightingRecord: Sendable, Hashable {
    /// The row identifier (0 before it is stored).
    public var id: Int64
    /// The entry (activity, item, page) it was seen in; deleting the entry deletes it.
    public var entryID: Int64
    /// The app that donated it.
    public var app: String
    /// The activity type, for activities.
    public var activityType: String?
    /// The web page, if any.
    public var url: String?
    /// When it was seen.
    public var seenAt: Date
    /// When it expires (the entry's expiration).
    public var expiresAt: Date?
    /// Whether the donor allows navigating to it.
    public var supportsNavigation: Bool
    /// The folded name.
    public var nameKey: String
    /// The folded city.
    public var cityKey: String?
    /// Latitude, if known.
    public var latitude: Double?
    /// Longitude, if known.
    public var longitude: Double?
    /// Where the coordinates come from ("donated", "markup", "geocoded").
    public var coordinateSource: String?
    /// The place, as JSON.
    public var place: String

    /// Creates a record.
    public init(
        entryID: Int64, app: String, activityType: String?, url: String?, seenAt: Date, expiresAt: Date?,
        supportsNavigation: Bool, nameKey: String, cityKey: String?, latitude: Double?, longitude: Double?,
        coordinateSource: String?, place: String
    ) {
        self.id = 0
        self.entryID = entryID
        self.app = app
        self.activityType = activityType
        self.url = url
        self.seenAt = seenAt
        self.expiresAt = expiresAt
        self.supportsNavigation = supportsNavigation
        self.nameKey = nameKey
        self.cityKey = cityKey
        self.latitude = latitude
        self.longitude = longitude
        self.coordinateSource = coordinateSource
        self.place = place
    }
}
