import Foundation
import ProactiveText

/// The public index: entries many users contributed to, findable by every user of the store or
/// service once enough distinct users did (see `docs/public-index.md`).
///
/// Its rows are not keyed by user and hold only public fields: contributors are counted by an
/// opaque key the engine derives from the user's identifier with a secret the storage never
/// holds, and no row says when anything happened.
public protocol PublicIndexStorage {
    /// Records the transaction's user's contribution (as `contributor`) to the public entry of
    /// `contribution.key`, creating the entry if needed; a contribution the same contributor
    /// made before to that entry is replaced. The entry's fields become the most common ones
    /// among its contributors.
    func contributePublic(_ contribution: PublicContribution, contributor: Data) throws

    /// Counts `contributor` among the users of a public entry they engaged with (a
    /// contribution without fields, kept until withdrawn with ``withdrawPublicEngagements``);
    /// returns whether the entry exists.
    @discardableResult
    func engagePublic(entryID: Int64, contributor: Data) throws -> Bool

    /// Withdraws `contributor`'s contributions (not engagements) to every public entry whose
    /// key is not in `keeping`, updating or removing those entries.
    func withdrawPublicContributions(contributor: Data, keeping: Set<PublicEntryKey>) throws

    /// Withdraws `contributor`'s engagements with an app's public entries (or every app's).
    func withdrawPublicEngagements(contributor: Data, app: String?) throws

    /// The transaction's user's entries that are eligible for public indexing and not expired
    /// (what their contributions are made of).
    func entriesEligibleForPublicIndexing(now: Date) throws -> [StoredEntry]

    /// Public entries that at least `threshold` distinct users contributed to, of one app or
    /// every app, matching every term of a query, with their fields; at most `limit`, in no
    /// particular order (when more match, which ones is the backend's choice: SQLite's newest,
    /// the first PostgreSQL finds). Callers rank them.
    func publicSearchCandidates(_ query: FullTextQuery, app: String?, threshold: Int, limit: Int) throws
        -> [PublicSearchCandidate]
}

/// A public entry's identity: its app, and the canonical URL or the required `userInfo`
/// values that identify it within the app.
public struct PublicEntryKey: Sendable, Hashable {
    /// The app.
    public var app: String
    /// `url:` and the canonical URL, or `keys:`, the activity type and the required values.
    public var key: String

    /// Creates a key.
    public init(app: String, key: String) {
        self.app = app
        self.key = key
    }
}

/// One user's contribution to a public entry: its identity and only public fields.
public struct PublicContribution: Sendable, Hashable {
    /// The entry it contributes to.
    public var key: PublicEntryKey
    /// The activity type.
    public var activityType: String?
    /// The title.
    public var title: String?
    /// The description.
    public var description: String?
    /// The keywords, comma-separated.
    public var keywords: String?
    /// The canonical web page URL.
    public var url: String?
    /// A thumbnail image URL.
    public var thumbnail: String?
    /// The JSON object of the required `userInfo` keys and their values (the entry's identity
    /// when it has no URL).
    public var userInfo: String?

    /// Creates a contribution.
    public init(
        key: PublicEntryKey, activityType: String? = nil, title: String? = nil, description: String? = nil,
        keywords: String? = nil, url: String? = nil, thumbnail: String? = nil, userInfo: String? = nil
    ) {
        self.key = key
        self.activityType = activityType
        self.title = title
        self.description = description
        self.keywords = keywords
        self.url = url
        self.thumbnail = thumbnail
        self.userInfo = userInfo
    }
}

/// A public entry as stored: the most common value of each field among its contributors.
public struct StoredPublicEntry: Sendable, Hashable {
    /// The row identifier (`public/12`).
    public var id: Int64
    /// Its fields.
    public var fields: PublicContribution
    /// How many distinct users contributed to it or engaged with it.
    public var contributors: Int

    /// Creates a stored public entry.
    public init(id: Int64, fields: PublicContribution, contributors: Int) {
        self.id = id
        self.fields = fields
        self.contributors = contributors
    }
}

/// A public entry that matched a full-text query: the entry (read with its match, so that
/// showing it costs no second statement) and the indexed text ranking reads.
public struct PublicSearchCandidate: Sendable, Hashable {
    /// The entry.
    public var entry: StoredPublicEntry
    /// The indexed text of its fields (title, keywords, description).
    public var indexedText: IndexedText

    /// Creates a candidate.
    public init(entry: StoredPublicEntry, indexedText: IndexedText) {
        self.entry = entry
        self.indexedText = indexedText
    }
}

extension PublicContribution {
    /// The fields of a public entry: for each one, the value most contributors gave (ties go
    /// to the smallest value), so that one contributor's odd title does not define it.
    /// Contributions without fields (engagements) count for none.
    public static func consensus(of contributions: [PublicContribution], key: PublicEntryKey)
        -> PublicContribution
    {
        func common(_ field: KeyPath<PublicContribution, String?>) -> String? {
            var counts: [String: Int] = [:]
            for contribution in contributions {
                if let value = contribution[keyPath: field] { counts[value, default: 0] += 1 }
            }
            return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        }
        return PublicContribution(
            key: key, activityType: common(\.activityType), title: common(\.title),
            description: common(\.description), keywords: common(\.keywords), url: common(\.url),
            thumbnail: common(\.thumbnail), userInfo: common(\.userInfo))
    }

    /// What the public index holds for search, in the index form of the private entries.
    public var indexedText: IndexedText {
        IndexedText(
            title: title.map(IndexText.indexForm), keywords: keywords.map(IndexText.indexForm),
            description: description.map(IndexText.indexForm))
    }
}
