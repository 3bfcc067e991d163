import Foundation
import Testing

@testable import ProactiveModel

/// The scan of a document's field names before decoding (`KnownFieldsScan`): it says "known"
/// only where the decoding types' own checks would accept every field, and decoding with it
/// gives what decoding without it gives.
@Suite struct KnownFieldsScanTests {
    static let item =
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"r-1","attributeSet":{"title":"Café","keywords":["a","b"],"latitude":48.8,"supportsNavigation":true}}"#
    static let activity =
        #"{"type":"activity","app":"com.a","current":true,"activityType":"com.a.v","userInfo":{"titel":{"x":[1,"}",null]}},"mapItem":{"name":"Flore","placemark":{"latitude":48.8,"locality":"Paris"}},"contentAttributeSet":{"namedLocation":"Flore"}}"#

    @Test(arguments: [
        item, activity,
        // Whitespace anywhere JSON allows it, escapes in values, nested shaped fields null.
        " {\n \"app\" : \"com.a\" ,\t\"type\":\"searchableItem\",\r\n\"uniqueIdentifier\":\"a\\\"b\\u00e9\",\"attributeSet\":null} \n",
        #"{"type":"activity","app":"com.a","activityType":"x","mapItem":{"placemark":null}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{}}"#,
        #"{"type":"searchableItemBatch","app":"com.a","clientState":"p","items":[{"uniqueIdentifier":"1","attributeSet":{"title":"a"}}, {"uniqueIdentifier":"2"}],"deletedIdentifiers":["3"]}"#,
        #"{"type":"searchableItemBatch","app":"com.a","items":[]}"#,
    ])
    func everyCheckedFieldKnownIsSaidSo(_ json: String) throws {
        #expect(KnownFieldsScan.fieldsAreKnown(in: Data(json.utf8)))
        _ = try DonationCoding.decode(Data(json.utf8))
    }

    @Test(arguments: [
        // A field the type does not have, at the top or in a checked object.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","titel":"x"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"titel":"x"}}"#,
        #"{"type":"activity","app":"com.a","activityType":"x","mapItem":{"placemark":{"lat":1}}}"#,
        #"{"type":"activity","app":"com.a","activityType":"x","contentAttributeSet":{"name":"x"}}"#,
        #"{"type":"searchableItemBatch","app":"com.a","items":[{"uniqueIdentifier":"1"},{"uniqueIdentifer":"2"}]}"#,
        #"{"type":"searchableItemBatch","app":"com.a","items":[{"uniqueIdentifier":"1","attributeSet":{"titel":"a"}}]}"#,
        #"{"type":"searchableItemBatch","app":"com.a","items":[{"uniqueIdentifier":"1"}],"item":[]}"#,
        // A field of the other covered type's shape.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","activityType":"x"}"#,
        // Unsure: a key written with an escape, a key or the type given twice.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"\u0074itle":"x"}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","app":"com.b"}"#,
        #"{"type":"searchableItem","type":"searchableItem","app":"com.a","uniqueIdentifier":"1"}"#,
        #"{"type":"searchableItem","app":"com.a","attributeSet":{"title":"a","title":"b"}}"#,
        #"{"type":"searchable\u0049tem","app":"com.a","uniqueIdentifier":"1"}"#,
        // Types it does not cover, no type, and what is not one JSON object.
        #"{"type":"app","bundleIdentifier":"com.a"}"#,
        #"{"app":"com.a","uniqueIdentifier":"1"}"#,
        #"{"type":1,"app":"com.a"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1""#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1"} {}"#,
        #"[{"type":"searchableItem"}]"#,
        "",
    ])
    func anyDoubtIsLeftToTheDecodingChecks(_ json: String) {
        #expect(!KnownFieldsScan.fieldsAreKnown(in: Data(json.utf8)))
    }

    /// Random field names (allowed here, allowed elsewhere, misspelt, escaped) put in random
    /// objects of items, batches and activities, in a random order: wherever the scan says "known", the
    /// decoding checks accept every field; and `DonationCoding.decode`, which trusts the scan,
    /// answers exactly as decoding with every check does.
    @Test func theScanAgreesWithTheDecodingChecks() throws {
        var random = SplitMix64(seed: 20_261_129)
        let names = [
            "title", "titel", "app", "type", "at", "uniqueIdentifier", "attributeSet", "activityType",
            "latitude", "lattitude", "name", "placemark", "locality", "city", "keywords", "current",
            "userInfo", "mapItem", "contentAttributeSet", "domainIdentifier", "\\u0074itle", "x",
        ]
        let values = [#""v""#, "1", "true", "null", "[]", #"["a",1]"#, "{}", #"{"title":"t"}"#, "-2.5e3"]
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
        var known = 0
        var batchesKnown = 0
        for _ in 0..<3_000 {
            let kind = random.next() % 3
            let isItem = kind == 0
            var top: [(String, String)] =
                isItem
                ? [("type", #""searchableItem""#), ("app", #""com.a""#), ("uniqueIdentifier", #""u""#)]
                : kind == 1
                    ? [("type", #""activity""#), ("app", #""com.a""#), ("activityType", #""com.a.v""#)]
                    : [("type", #""searchableItemBatch""#), ("app", #""com.a""#)]
            var nested: [(String, String)] = [("title", #""t""#)]
            var placemark: [(String, String)] = []
            for _ in 0..<Int(random.next() % 3) {
                let name = names[Int(random.next() % UInt64(names.count))]
                let value = values[Int(random.next() % UInt64(values.count))]
                switch random.next() % 3 {
                case 0: top.append((name, value))
                case 1: nested.append((name, value))
                default: placemark.append((name, value))
                }
            }
            if isItem {
                top.append(("attributeSet", object(nested)))
            } else if kind == 2 {
                // Items of a batch: the random fields of the "placemark" group go to the item.
                var items: [String] = []
                for i in 0..<Int(1 + random.next() % 3) {
                    var fields: [(String, String)] = [("uniqueIdentifier", "\"\(i)\"")]
                    if i == 0 { fields += placemark }
                    fields.append(("attributeSet", object(nested)))
                    items.append(object(fields))
                }
                top.append(("items", "[" + items.joined(separator: ",") + "]"))
            } else {
                top.append(("contentAttributeSet", object(nested)))
                top.append(("mapItem", object([("name", #""n""#), ("placemark", object(placemark))])))
            }
            top.shuffle(using: &random)
            let data = Data(object(top).utf8)
            let isKnown = KnownFieldsScan.fieldsAreKnown(in: data)
            let text = String(decoding: data, as: UTF8.self)
            let checked = Result { () throws(DonationError) in
                try DonationCoding.decode(data, using: DonationCoding.makeDecoder(), scanningFields: false)
            }
            if isKnown {
                known += 1
                if kind == 2 { batchesKnown += 1 }
                if case .failure(let error) = checked {
                    #expect(error.code != .unknownField, "\(text): \(error)")
                }
            }
            let trusted = Result { () throws(DonationError) in try DonationCoding.decode(data) }
            switch (checked, trusted) {
            case (.success(let a), .success(let b)):
                #expect(a == b)
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.field == b.field && a.reason == b.reason, "\(text)")
            default:
                Issue.record("\(text): \(checked) with every check, \(trusted) trusting the scan")
            }
        }
        // Both answers were reached often.
        #expect(known > 300 && known < 2_700, "\(known) of 3,000 said known")
        #expect(batchesKnown > 50, "\(batchesKnown) batches said known")
    }
}

/// A small seeded generator (SplitMix64), so that the random documents are the same each run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
