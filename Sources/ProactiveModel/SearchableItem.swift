import Foundation

/// An item an app indexes for search, like Core Spotlight's `CSSearchableItem`.
public struct SearchableItem: Sendable, Hashable, Codable {
    /// The app's identifier for the item, unique within the app.
    public var uniqueIdentifier: String
    /// A group the item belongs to, for deleting by domain ("restaurants").
    public var domainIdentifier: String?
    /// When the item is deleted; `nil` means the default lifetime (see ``defaultLifetime``).
    public var expirationDate: Date?
    /// The item's searchable metadata.
    public var attributeSet: SearchableItemAttributeSet

    /// How long an item without an expiration date lives, like Core Spotlight's one month.
    public static let defaultLifetime: TimeInterval = 30 * 24 * 3600

    /// Creates an item.
    public init(
        uniqueIdentifier: String, domainIdentifier: String? = nil,
        attributeSet: SearchableItemAttributeSet, expirationDate: Date? = nil
    ) {
        self.uniqueIdentifier = uniqueIdentifier
        self.domainIdentifier = domainIdentifier
        self.attributeSet = attributeSet
        self.expirationDate = expirationDate
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case uniqueIdentifier, domainIdentifier, expirationDate, attributeSet
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if !DocumentFields.fieldsAreKnown {
            try DocumentFields.rejectUnknown(in: decoder, keys: CodingKeys.self)  // in a batch
            try c.rejectUnknownFields(at: .attributeSet, SearchableItemAttributeSet.CodingKeys.self)
        }
        uniqueIdentifier = try c.decode(String.self, forKey: .uniqueIdentifier)
        domainIdentifier = try c.decodeIfPresent(String.self, forKey: .domainIdentifier)
        expirationDate = try c.decodeIfPresent(Date.self, forKey: .expirationDate)
        attributeSet =
            try c.decodeIfPresent(SearchableItemAttributeSet.self, forKey: .attributeSet) ?? .init()
    }
}
