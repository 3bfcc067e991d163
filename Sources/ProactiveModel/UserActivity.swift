import Foundation

/// A state of an app the user is in, like Foundation's `NSUserActivity`: what they are looking
/// at or doing, donated so the system can search it, hand it off, predict it, and restore it.
///
/// Eligibility defaults follow Apple's: an activity is eligible for handoff, and not for
/// search, public indexing or prediction unless the app says so.
public struct UserActivity: Sendable, Hashable, Codable {
    /// The activity's type, reverse-DNS and declared by its app ("com.example.reviews.restaurant").
    public var activityType: String
    /// A title shown to the user.
    public var title: String?
    /// The payload the app needs to restore the activity.
    public var userInfo: [String: JSONValue]
    /// The `userInfo` keys the app needs to restore the activity; continuing checks they are present.
    public var requiredUserInfoKeys: [String]
    /// Words the activity is found by.
    public var keywords: [String]
    /// A web page showing the same content, opened on devices without the app (http or https only).
    public var webpageURL: String?
    /// The URL of the page that led to this activity.
    public var referrerURL: String?
    /// An identifier the app chooses so it can delete the saved activity later.
    public var persistentIdentifier: String?
    /// When the activity stops being suggested and is deleted.
    public var expirationDate: Date?
    /// Whether the activity may be found by search.
    public var isEligibleForSearch: Bool
    /// Whether the activity may be continued on the user's other devices.
    public var isEligibleForHandoff: Bool
    /// Whether the activity may become public once enough users engage with it.
    public var isEligibleForPublicIndexing: Bool
    /// Whether the activity may be suggested proactively.
    public var isEligibleForPrediction: Bool
    /// Searchable metadata, including location fields.
    public var contentAttributeSet: SearchableItemAttributeSet?
    /// The place the activity is about.
    public var mapItem: MapItem?

    /// Creates an activity of a type, with Apple's default eligibility.
    public init(activityType: String) {
        self.activityType = activityType
        self.userInfo = [:]
        self.requiredUserInfoKeys = []
        self.keywords = []
        self.isEligibleForSearch = false
        self.isEligibleForHandoff = true
        self.isEligibleForPublicIndexing = false
        self.isEligibleForPrediction = false
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case activityType, title, userInfo, requiredUserInfoKeys, keywords, webpageURL, referrerURL
        case persistentIdentifier, expirationDate, isEligibleForSearch, isEligibleForHandoff
        case isEligibleForPublicIndexing, isEligibleForPrediction, contentAttributeSet, mapItem
    }

    public init(from decoder: any Decoder) throws {
        try DocumentFields.rejectUnknown(in: decoder, keys: CodingKeys.self)  // in an interaction
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if !DocumentFields.fieldsAreKnown {
            try c.rejectUnknownFields(at: .contentAttributeSet, SearchableItemAttributeSet.CodingKeys.self)
            try c.rejectUnknownFields(at: .mapItem, MapItem.CodingKeys.self)
            if let mapItem = try? c.nestedContainer(keyedBy: MapItem.CodingKeys.self, forKey: .mapItem) {
                try mapItem.rejectUnknownFields(at: .placemark, Placemark.CodingKeys.self)
            }
        }
        activityType = try c.decode(String.self, forKey: .activityType)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        userInfo = try c.decodeIfPresent([String: JSONValue].self, forKey: .userInfo) ?? [:]
        requiredUserInfoKeys = try c.decodeIfPresent([String].self, forKey: .requiredUserInfoKeys) ?? []
        keywords = try c.decodeIfPresent([String].self, forKey: .keywords) ?? []
        webpageURL = try c.decodeIfPresent(String.self, forKey: .webpageURL)
        referrerURL = try c.decodeIfPresent(String.self, forKey: .referrerURL)
        persistentIdentifier = try c.decodeIfPresent(String.self, forKey: .persistentIdentifier)
        expirationDate = try c.decodeIfPresent(Date.self, forKey: .expirationDate)
        isEligibleForSearch = try c.decodeIfPresent(Bool.self, forKey: .isEligibleForSearch) ?? false
        isEligibleForHandoff = try c.decodeIfPresent(Bool.self, forKey: .isEligibleForHandoff) ?? true
        isEligibleForPublicIndexing =
            try c.decodeIfPresent(Bool.self, forKey: .isEligibleForPublicIndexing) ?? false
        isEligibleForPrediction = try c.decodeIfPresent(Bool.self, forKey: .isEligibleForPrediction) ?? false
        contentAttributeSet = try c.decodeIfPresent(
            SearchableItemAttributeSet.self, forKey: .contentAttributeSet)
        mapItem = try c.decodeIfPresent(MapItem.self, forKey: .mapItem)
    }

    /// The title to show: ``title``, else the attribute set's display name or title.
    public var effectiveTitle: String? { title ?? contentAttributeSet?.effectiveTitle ?? mapItem?.name }
}
