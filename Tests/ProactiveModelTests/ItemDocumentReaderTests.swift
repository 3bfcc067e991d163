import Foundation
import Testing

@testable import ProactiveModel

/// Items read straight from their bytes (`ItemDocumentReader`): the same value `JSONDecoder`
/// decodes, and `nil` (so `JSONDecoder` answers) whenever the document is anything else.
@Suite struct ItemDocumentReaderTests {
    /// What decoding with `JSONDecoder` and every check gives.
    static func decoded(_ data: Data) -> Result<Donation, DonationError> {
        Result { () throws(DonationError) in
            try DonationCoding.decode(data, using: DonationCoding.makeDecoder(), scanningFields: false)
        }
    }

    @Test(arguments: [
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"r-1","attributeSet":{"title":"Café","keywords":["a","b"],"latitude":48.8,"supportsNavigation":true}}"#,
        // Whitespace anywhere JSON allows it, keys in any order, null where a value may be absent.
        " {\n \"app\" : \"com.a\" ,\t\"type\":\"searchableItem\",\r\n\"uniqueIdentifier\":\"a\",\"attributeSet\":null} \n",
        #"{"uniqueIdentifier":"1","type":"searchableItem","app":"com.a","domainIdentifier":null,"at":null}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{}}"#,
        // Escapes of every kind, a surrogate pair, text in other scripts.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a\"b\\c\/d\b\f\n\r\t","attributeSet":{"title":"\u00e9t\u00C9 \ud83d\ude00 東京 Straße","keywords":["\u4e2d\u6587",""]}}"#,
        // Every field of the attribute set, numbers in every JSON form, dates with offsets.
        #"{"type":"searchableItem","app":"com.a","at":"2026-11-21T12:00:00Z","uniqueIdentifier":"1","domainIdentifier":"d","expirationDate":"2027-01-01T00:00:00.250+02:00","attributeSet":{"contentType":"public.text","title":"t","displayName":"n","contentDescription":"d","textContent":"x","thumbnailURL":"https://e/t.png","contentURL":"https://e/","keywords":[],"namedLocation":"Flore","subThoroughfare":"172","thoroughfare":"Bd Saint-Germain","fullyFormattedAddress":"172 Bd","city":"Paris","stateOrProvince":"IDF","postalCode":"75006","country":"France","isoCountryCode":"FR","latitude":-0,"longitude":2.5e1,"phoneNumbers":["+33 1"],"emailAddresses":["a@b.c"],"supportsPhoneCalls":false,"supportsNavigation":null,"rating":4.75E-1}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":12345678901234567890,"longitude":-0.000001,"rating":0}}"#,
    ])
    func anItemIsReadAsJSONDecoderReadsIt(_ json: String) throws {
        let data = Data(json.utf8)
        let read = try #require(ItemDocumentReader.donation(from: data))
        #expect(read == (try Self.decoded(data).get()))
    }

    @Test(arguments: [
        // Other types and what is not one item object.
        #"{"type":"activity","app":"com.a","activityType":"x"}"#,
        #"{"type":"searchableItemBatch","app":"com.a","items":[]}"#,
        #"{"app":"com.a","uniqueIdentifier":"1"}"#,
        #"{"type":1,"app":"com.a","uniqueIdentifier":"1"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1""#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1"} {}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1",}"#,
        #"[{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1"}]"#,
        "",
        // Unknown fields, fields of other types, escaped keys, fields given twice.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","titel":"x"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","current":true}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"titel":"x"}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"\u0074itle":"x"}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","app":"com.b"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"title":"a","title":"b"}}"#,
        // Required fields missing or null, values of another type.
        #"{"type":"searchableItem","app":"com.a"}"#,
        #"{"type":"searchableItem","app":null,"uniqueIdentifier":"1"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":1}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":[]}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"title":true}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":"48"}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"supportsNavigation":1}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"keywords":["a",null]}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"keywords":"a"}}"#,
        // Numbers JSON does not write, or a Double cannot hold.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":01}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":1.}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":.5}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":+1}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":1e}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":1e999}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":1e-999}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"latitude":NaN}}"#,
        // Strings it leaves to JSONDecoder: NUL, lone surrogates, unknown escapes, raw control characters.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a\u0000b"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"\ud83d"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"\ude00x"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"\x"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"\u12"}"#,
        "{\"type\":\"searchableItem\",\"app\":\"com.a\",\"uniqueIdentifier\":\"a\tb\"}",
        // Dates it does not read.
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","at":"2026-02-30T00:00:00Z"}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","expirationDate":1700000000}"#,
    ])
    func anyDoubtIsLeftToJSONDecoder(_ json: String) {
        #expect(ItemDocumentReader.donation(from: Data(json.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var data = Data(#"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a"#.utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data(#""}"#.utf8))
        #expect(ItemDocumentReader.donation(from: data) == nil)
        #expect(throws: DonationError.self) { try DonationCoding.decode(data) }
    }

    /// Random items (random fields, values of every JSON kind, escapes, numbers, dates, in a
    /// random order): wherever the reader answers, `JSONDecoder` with every check decodes the
    /// same value; and `DonationCoding.decode`, which tries the reader first, answers exactly as
    /// `JSONDecoder` does, errors included.
    @Test func theReaderAgreesWithJSONDecoder() {
        var random = SplitMix64(seed: 20_261_129_2)
        let top = ["app", "at", "uniqueIdentifier", "domainIdentifier", "expirationDate", "type", "titel"]
        let attributes = SearchableItemAttributeSet.CodingKeys.allCases.map(\.stringValue) + ["titel"]
        let values = [
            #""v""#, #""Caf\u00e9 \ud83d\ude00""#, #""a\"b\\n\/""#, #""東京 ß""#, #""\u0000""#, #""\ud800""#,
            "1", "-2.5e3", "0", "01", "1e999", "true", "false", "null", "[]", #"["a","b"]"#, #"["a",1]"#,
            "{}", #"{"title":"t"}"#, #""2026-11-21T12:00:00Z""#, #""2026-11-21T12:00:00.5+01:00""#,
            #""2026-13-01T00:00:00Z""#,
        ]
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
        func pick<T>(_ array: [T]) -> T { array[Int(random.next() % UInt64(array.count))] }
        var read = 0
        for _ in 0..<3_000 {
            var fields: [(String, String)] = [
                ("type", #""searchableItem""#), ("app", #""com.a""#), ("uniqueIdentifier", #""u""#),
            ]
            var set: [(String, String)] = [("title", #""t""#)]
            for _ in 0..<Int(random.next() % 4) {
                if random.next() % 3 == 0 {
                    fields.append((pick(top), pick(values)))
                } else {
                    set.append((pick(attributes), pick(values)))
                }
            }
            if random.next() % 8 != 0 { fields.append(("attributeSet", object(set))) }
            fields.shuffle(using: &random)
            let data = Data(object(fields).utf8)
            let text = String(decoding: data, as: UTF8.self)
            let checked = Self.decoded(data)
            if let fast = ItemDocumentReader.donation(from: data) {
                read += 1
                #expect(checked == .success(fast), "\(text)")
            }
            let tried = Result { () throws(DonationError) in try DonationCoding.decode(data) }
            switch (checked, tried) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.field == b.field && a.reason == b.reason, "\(text)")
            default:
                Issue.record("\(text): \(checked) with JSONDecoder, \(tried) trying the reader first")
            }
        }
        // Both answers were reached often.
        #expect(read > 600 && read < 2_700, "\(read) of 3,000 read straight")
    }
}
