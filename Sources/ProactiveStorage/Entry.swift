import Foundation

/// What kind of searchable thing an entry is.
public enum EntryKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A donated `UserActivity`.
    case activity
    /// An indexed `SearchableItem`.
    case item
    /// A visited web page.
    case page
}

/// The text of an entry as the full-text index holds it, field by field (already in
/// `IndexText.indexForm`). Fields are weighted title > keywords > address > description.
public struct IndexedText: Sendable, Hashable {
    /// Title and display name.
    public var title: String?
    /// Keywords.
    public var keywords: String?
    /// Description and text content.
    public var description: String?
    /// Named location and address fields.
    public var address: String?

    /// Creates indexed text.
    public init(
        title: String? = nil, keywords: String? = nil, description: String? = nil, address: String? = nil
    ) {
        self.title = title
        self.keywords = keywords
        self.description = description
        self.address = address
    }
}

/// A document that is about to become an entry's payload, with the text its entry will index
/// (see ``Storage/prepareToStore(_:)``).
public struct PayloadDraft: Sendable {
    /// The document's JSON bytes, stored as the payload.
    public var document: Data
    /// What the entry will index: ``EntryDraft/indexedText``, or none for an entry not
    /// eligible for search.
    public var indexedText: IndexedText

    /// Creates a payload draft.
    public init(document: Data, indexedText: IndexedText) {
        self.document = document
        self.indexedText = indexedText
    }
}

/// An entry to insert or update.
public struct EntryDraft: Sendable {
    /// The owning app.
    public var app: String
    /// The kind.
    public var kind: EntryKind
    /// What makes two donations the same entry within an app and kind.
    public var identityKey: String
    /// The item's unique identifier, for items.
    public var uniqueIdentifier: String?
    /// The item's domain, for items.
    public var domainIdentifier: String?
    /// The activity's persistent identifier.
    public var persistentIdentifier: String?
    /// The activity's type.
    public var activityType: String?
    /// The web page URL.
    public var url: String?
    /// The title to show.
    public var title: String?
    /// Eligibility: search.
    public var isEligibleForSearch: Bool
    /// Eligibility: handoff.
    public var isEligibleForHandoff: Bool
    /// Eligibility: public indexing.
    public var isEligibleForPublicIndexing: Bool
    /// Eligibility: prediction.
    public var isEligibleForPrediction: Bool
    /// When it was donated.
    public var donatedAt: Date
    /// When it expires.
    public var expiresAt: Date?
    /// The JSON payload (the donated value).
    public var payload: String
    /// What the full-text index holds; ignored (nothing indexed) when not eligible for search.
    public var indexedText: IndexedText

    /// Creates a draft.
    public init(
        app: String, kind: EntryKind, identityKey: String, donatedAt: Date, payload: String,
        isEligibleForSearch: Bool, isEligibleForHandoff: Bool = false,
        isEligibleForPublicIndexing: Bool = false,
        isEligibleForPrediction: Bool = false, indexedText: IndexedText = .init()
    ) {
        self.app = app
        self.kind = kind
        self.identityKey = identityKey
        self.donatedAt = donatedAt
        self.payload = payload
        self.isEligibleForSearch = isEligibleForSearch
        self.isEligibleForHandoff = isEligibleForHandoff
        self.isEligibleForPublicIndexing = isEligibleForPublicIndexing
        self.isEligibleForPrediction = isEligibleForPrediction
        self.indexedText = indexedText
    }
}

/// An entry as stored.
public struct StoredEntry: Sendable, Hashable {
    /// The row identifier.
    public var id: Int64
    /// The owning app.
    public var app: String
    /// The kind.
    public var kind: EntryKind
    /// The identity key within app and kind.
    public var identityKey: String
    /// The item's unique identifier.
    public var uniqueIdentifier: String?
    /// The item's domain.
    public var domainIdentifier: String?
    /// The activity's persistent identifier.
    public var persistentIdentifier: String?
    /// The activity's type.
    public var activityType: String?
    /// The web page URL.
    public var url: String?
    /// The title.
    public var title: String?
    /// Eligibility: search.
    public var isEligibleForSearch: Bool
    /// Eligibility: handoff.
    public var isEligibleForHandoff: Bool
    /// Eligibility: public indexing.
    public var isEligibleForPublicIndexing: Bool
    /// Eligibility: prediction.
    public var isEligibleForPrediction: Bool
    /// Whether this is its app's current activity.
    public var isCurrent: Bool
    /// When first donated.
    public var firstDonatedAt: Date
    /// When last donated.
    public var donatedAt: Date
    /// When it expires.
    public var expiresAt: Date?
    /// How many times it was donated.
    public var donationCount: Int
    /// How many times the user engaged with it (opened it from a suggestion or result).
    public var engagementCount: Int
    /// When the user last engaged with it.
    public var lastEngagedAt: Date?
    /// The JSON payload.
    public var payload: String

    /// Creates a stored entry (backends read them from their rows).
    public init(
        id: Int64, app: String, kind: EntryKind, identityKey: String, uniqueIdentifier: String?,
        domainIdentifier: String?, persistentIdentifier: String?, activityType: String?, url: String?,
        title: String?, isEligibleForSearch: Bool, isEligibleForHandoff: Bool,
        isEligibleForPublicIndexing: Bool,
        isEligibleForPrediction: Bool, isCurrent: Bool, firstDonatedAt: Date, donatedAt: Date,
        expiresAt: Date?,
        donationCount: Int, engagementCount: Int, lastEngagedAt: Date?, payload: String
    ) {
        self.id = id
        self.app = app
        self.kind = kind
        self.identityKey = identityKey
        self.uniqueIdentifier = uniqueIdentifier
        self.domainIdentifier = domainIdentifier
        self.persistentIdentifier = persistentIdentifier
        self.activityType = activityType
        self.url = url
        self.title = title
        self.isEligibleForSearch = isEligibleForSearch
        self.isEligibleForHandoff = isEligibleForHandoff
        self.isEligibleForPublicIndexing = isEligibleForPublicIndexing
        self.isEligibleForPrediction = isEligibleForPrediction
        self.isCurrent = isCurrent
        self.firstDonatedAt = firstDonatedAt
        self.donatedAt = donatedAt
        self.expiresAt = expiresAt
        self.donationCount = donationCount
        self.engagementCount = engagementCount
        self.lastEngagedAt = lastEngagedAt
        self.payload = payload
    }
}

/// The result of inserting or updating an entry.
public struct EntryWriteResult: Sendable, Hashable {
    /// The entry's row identifier.
    public var id: Int64
    /// Whether an existing entry was updated rather than a new one created.
    public var merged: Bool

    /// Creates a result.
    public init(id: Int64, merged: Bool) {
        self.id = id
        self.merged = merged
    }
}
