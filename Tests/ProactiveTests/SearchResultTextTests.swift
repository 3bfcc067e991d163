import Foundation
import ProactiveModel
import ProactiveStorage
import ProactiveTesting
import Testing

@testable import Proactive

/// A search result's title and second line, decoded alone (``SearchResultText``), are those
/// every attribute decoded gives (``SearchableAttributes``), for items, activities and pages.
@Suite struct SearchResultTextTests {
    static let pieces = [
        "Café de Flore", "Straße", "台北 101", "\"Le Zinc\"", "", " ", "12", "Rue de Rivoli", "Paris",
    ]

    static func maybe(_ rng: inout SplitMix64) -> String? {
        Bool.random(using: &rng) ? pieces.randomElement(using: &rng)! : nil
    }

    static func attributes(_ rng: inout SplitMix64) -> SearchableItemAttributeSet {
        var set = SearchableItemAttributeSet(contentType: maybe(&rng))
        set.title = maybe(&rng)
        set.displayName = maybe(&rng)
        set.namedLocation = maybe(&rng)
        set.contentDescription = maybe(&rng)
        set.subThoroughfare = maybe(&rng)
        set.thoroughfare = maybe(&rng)
        set.city = maybe(&rng)
        set.country = maybe(&rng)
        set.keywords = Bool.random(using: &rng) ? ["a", "b"] : nil
        set.latitude = Bool.random(using: &rng) ? 48.85 : nil
        set.rating = Bool.random(using: &rng) ? 4.5 : nil
        return set
    }

    static func entry(_ rng: inout SplitMix64) throws -> StoredEntry {
        let encoder = DonationCoding.makeEncoder()
        let kind = [EntryKind.item, .activity, .page].randomElement(using: &rng)!
        let payload: Data
        switch kind {
        case .item:
            var item = SearchableItem(uniqueIdentifier: "u1", attributeSet: attributes(&rng))
            item.domainIdentifier = maybe(&rng)
            if Bool.random(using: &rng) { item.expirationDate = Date(timeIntervalSince1970: 1_900_000_000) }
            payload = try encoder.encode(item)
        case .activity:
            var activity = UserActivity(activityType: "com.example.view")
            activity.title = maybe(&rng)
            activity.keywords = Bool.random(using: &rng) ? ["k"] : []
            activity.contentAttributeSet = Bool.random(using: &rng) ? attributes(&rng) : nil
            payload = try encoder.encode(activity)
        case .page:
            payload = try encoder.encode(
                StoredPage(
                    url: "https://example.com/a", title: maybe(&rng), description: maybe(&rng), places: []))
        }
        return StoredEntry(
            id: 1, app: "com.example", kind: kind, identityKey: "key", uniqueIdentifier: nil,
            domainIdentifier: nil,
            persistentIdentifier: nil, activityType: nil,
            url: Bool.random(using: &rng) ? "https://e.com" : nil,
            title: Int.random(in: 0..<4, using: &rng) == 0 ? "Stored" : nil, isEligibleForSearch: true,
            isEligibleForHandoff: false, isEligibleForPublicIndexing: false, isEligibleForPrediction: false,
            isCurrent: false, firstDonatedAt: Date(), donatedAt: Date(), expiresAt: nil, donationCount: 1,
            engagementCount: 0, lastEngagedAt: nil, payload: String(decoding: payload, as: UTF8.self))
    }

    @Test func theResultTextIsTheAttributesText() throws {
        var rng = SplitMix64(seed: 7)
        let decoder = DonationCoding.makeDecoder()
        var subtitles = 0
        for _ in 0..<2_000 {
            let entry = try Self.entry(&rng)
            let attributes = SearchableAttributes(entry: entry, decoder: decoder)
            let text = SearchResultText(entry: entry, decoder: decoder)
            #expect(text.title == attributes.title, "\(entry.payload)")
            #expect(text.subtitle == attributes.subtitle, "\(entry.payload)")
            if text.subtitle != nil { subtitles += 1 }
        }
        #expect(subtitles > 500)
    }
}
