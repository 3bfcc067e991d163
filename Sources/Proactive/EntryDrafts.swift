import Foundation
import ProactiveModel
import ProactiveStorage
import ProactiveText

/// Turning donated values into store entries: identity, payload and indexed text.
enum EntryDrafts {
    static let encoder = DonationCoding.makeEncoder()

    static func payload(_ value: some Encodable) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func join(_ parts: [String?]) -> String? {
        let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return present.isEmpty ? nil : IndexText.indexForm(present.joined(separator: " "))
    }

    static func addressText(_ set: SearchableItemAttributeSet?, mapItem: MapItem? = nil) -> String? {
        let placemark = mapItem?.placemark
        return join([
            set?.namedLocation, set?.subThoroughfare, set?.thoroughfare, set?.fullyFormattedAddress,
            set?.city,
            set?.stateOrProvince, set?.postalCode, set?.country, mapItem?.name, placemark?.subThoroughfare,
            placemark?.thoroughfare, placemark?.locality, placemark?.administrativeArea,
            placemark?.postalCode,
            placemark?.country,
        ])
    }

    /// An activity without a persistent identifier is the same activity when its type, title,
    /// web page and payload are the same.
    static func identityKey(for activity: UserActivity) -> String {
        if let persistent = activity.persistentIdentifier { return "p:" + persistent }
        var hasher = StableHasher()
        hasher.combine(activity.activityType)
        hasher.combine(activity.title ?? "")
        hasher.combine(activity.webpageURL ?? "")
        hasher.combine(payload(JSONValue.object(activity.userInfo)))
        return "h:" + hasher.hexDigest
    }

    /// The text an activity's entry indexes.
    static func indexedText(of activity: UserActivity) -> IndexedText {
        IndexedText(
            title: join([
                activity.title, activity.contentAttributeSet?.displayName,
                activity.contentAttributeSet?.title,
            ]),
            keywords: join(activity.keywords + (activity.contentAttributeSet?.keywords ?? [])),
            description: join([
                activity.contentAttributeSet?.contentDescription, activity.contentAttributeSet?.textContent,
            ]),
            address: addressText(activity.contentAttributeSet, mapItem: activity.mapItem))
    }

    /// The text an item's entry indexes.
    static func indexedText(of item: SearchableItem) -> IndexedText {
        let set = item.attributeSet
        return IndexedText(
            title: join([set.displayName, set.title]), keywords: join(set.keywords ?? []),
            description: join([set.contentDescription, set.textContent]), address: addressText(set))
    }

    /// A document staged as an entry's payload (an item, or an activity not made current), with
    /// the text that entry indexes when it is eligible for search; `nil` for other documents.
    static func payloadDraft(_ donation: Donation, document: Data) -> PayloadDraft? {
        switch donation.content {
        case .searchableItem(let item):
            return PayloadDraft(document: document, indexedText: indexedText(of: item))
        case .activity(let activity, false):
            return PayloadDraft(
                document: document,
                indexedText: activity.isEligibleForSearch ? indexedText(of: activity) : IndexedText())
        default:
            return nil
        }
    }

    static func activity(_ activity: UserActivity, app: String, at date: Date, payload json: String? = nil)
        -> EntryDraft
    {
        var draft = EntryDraft(
            app: app, kind: .activity, identityKey: identityKey(for: activity), donatedAt: date,
            payload: json ?? payload(activity), isEligibleForSearch: activity.isEligibleForSearch,
            isEligibleForHandoff: activity.isEligibleForHandoff,
            isEligibleForPublicIndexing: activity.isEligibleForPublicIndexing,
            isEligibleForPrediction: activity.isEligibleForPrediction,
            indexedText: indexedText(of: activity))
        draft.persistentIdentifier = activity.persistentIdentifier
        draft.activityType = activity.activityType
        draft.url = activity.webpageURL
        draft.title = activity.effectiveTitle
        draft.expiresAt = activity.expirationDate
        return draft
    }

    /// The last moment a default lifetime may reach: 9999-12-31T23:59:59Z, the last that
    /// ISO 8601's four-digit years write (a donation dated near it would otherwise expire in a
    /// year that receipts, exports and most readers of dates cannot write or read).
    static let latestExpiry = Date(timeIntervalSince1970: DonationCoding.endOfYear9999 - 1)

    /// `lifetime` after `date`, at most ``latestExpiry``.
    static func expiry(after date: Date, lifetime: TimeInterval) -> Date {
        min(date.addingTimeInterval(lifetime), latestExpiry)
    }

    static func item(
        _ item: SearchableItem, app: String, at date: Date, defaultLifetime: TimeInterval,
        payload json: String? = nil
    ) -> EntryDraft {
        let set = item.attributeSet
        var draft = EntryDraft(
            app: app, kind: .item, identityKey: item.uniqueIdentifier, donatedAt: date,
            payload: json ?? payload(item),
            isEligibleForSearch: true,
            indexedText: indexedText(of: item))
        draft.uniqueIdentifier = item.uniqueIdentifier
        draft.domainIdentifier = item.domainIdentifier
        draft.url = set.contentURL
        draft.title = set.effectiveTitle
        draft.expiresAt = item.expirationDate ?? expiry(after: date, lifetime: defaultLifetime)
        return draft
    }

    static func page(
        _ visit: PageVisit, app: String, at date: Date, lifetime: TimeInterval, title: String?,
        description: String?, address: String?, payload json: String
    ) -> EntryDraft {
        var draft = EntryDraft(
            app: app, kind: .page, identityKey: visit.url, donatedAt: date, payload: json,
            isEligibleForSearch: true,
            indexedText: IndexedText(
                title: join([title]), description: join([description]), address: join([address])))
        draft.url = visit.url
        draft.title = title
        draft.expiresAt = expiry(after: date, lifetime: lifetime)
        return draft
    }
}

/// FNV-1a, 64 bits: a hash that is the same in every process (Swift's `Hasher` is seeded).
struct StableHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ string: String) {
        for byte in string.utf8 {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01b3
        }
        state ^= 0xff
        state &*= 0x0000_0100_0000_01b3
    }

    var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
