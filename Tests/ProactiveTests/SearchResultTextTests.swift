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

    /// Documents as people write them: spaces, escaped names and text, `null`, fields and
    /// values the result does not show (nested arrays and objects), the same field twice,
    /// a field of the wrong type. Where ``SearchResultText/scan(_:)`` reads fields, they are
    /// what `JSONDecoder` decodes; it reads every document written without a doubtful field.
    @Test func scanningReadsWhatDecodingDecodes() throws {
        var rng = SplitMix64(seed: 11)
        let decoder = DonationCoding.makeDecoder()
        let texts = [
            #""Café""#, #""Caf\u00e9 \"Le Zinc\"""#, #""a\/b\\c\n\t\r\b\f""#, #""\ud83c\udf63 sushi""#,
            #""台北 101""#, "null", #""""#,
        ]
        let doubtful = ["12", "true", "[\"a\"]", "{}", #""\ud800""#, #""\x41""#]
        let extras = [
            #""keywords": ["a", {"b": [1, 2.5e3, -3, null, true, false]}, []]"#, #""rating": 4.5"#,
            #""nested": {"title": 5, "x": {"y": {}}}"#, #""contentType": null"#,
        ]
        func field(_ name: String, _ value: String) -> String {
            let escapedName =
                Bool.random(using: &rng)
                ? name : "\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst()
            return "\"\(escapedName)\"" + (Bool.random(using: &rng) ? ":" : " :\n ") + value
        }
        func object(_ fields: [String]) -> String {
            "{" + fields.shuffled(using: &rng).joined(separator: Bool.random(using: &rng) ? "," : ",\n  ")
                + "}"
        }
        var scanned = 0
        for round in 0..<3_000 {
            let isDoubtful = round % 4 == 0
            var attributeFields = [
                "title", "displayName", "namedLocation", "contentDescription", "city", "thoroughfare",
            ]
            .filter { _ in Bool.random(using: &rng) }
            .map { field($0, texts.randomElement(using: &rng)!) }
            attributeFields += extras.filter { _ in Bool.random(using: &rng) }
            if isDoubtful {
                attributeFields.append(
                    field(
                        ["title", "city", "displayName"].randomElement(using: &rng)!,
                        doubtful.randomElement(using: &rng)!))
            }
            let attributes = Bool.random(using: &rng) ? object(attributeFields) : "null"
            let kind = [EntryKind.item, .activity, .page].randomElement(using: &rng)!
            var fields: [String]
            switch kind {
            case .item: fields = [field("uniqueIdentifier", #""u1""#), field("attributeSet", attributes)]
            case .activity:
                fields = [
                    field("activityType", #""com.example.view""#), field("contentAttributeSet", attributes),
                ]
            case .page:
                fields = [
                    field("url", #""https://example.com/a""#),
                    field("title", texts.randomElement(using: &rng)!),
                    field("description", texts.randomElement(using: &rng)!),
                ]
            }
            fields = fields.filter { _ in Int.random(in: 0..<8, using: &rng) > 0 }
            fields += extras.filter { _ in Bool.random(using: &rng) }
            if isDoubtful && Bool.random(using: &rng), let first = fields.first { fields.append(first) }
            var entry = try Self.entry(&rng)
            entry.kind = kind
            entry.payload = object(fields)
            let decoded = SearchResultText.decode(entry, decoder: decoder)
            if let read = SearchResultText.scan(entry) {
                scanned += 1
                #expect(read.0 == decoded.0, "\(entry.payload)")
                #expect(read.1 == decoded.1, "\(entry.payload)")
            } else if !isDoubtful {
                // Only a document missing a required field is left to decoding, which rejects it.
                #expect(decoded.0 == nil && decoded.1 == nil, "\(entry.payload)")
            }
        }
        #expect(scanned > 1_500)
    }
}
