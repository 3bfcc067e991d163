import Foundation
import ProactiveModel
import Testing

/// A key given twice in one object is found and named by its path; different keys, keys in
/// different objects and look-alikes inside strings are not duplicates.
@Suite struct JSONDuplicateKeysTests {
    static func duplicate(_ json: String) -> String? {
        JSONDuplicateKeys.firstDuplicate(in: Data(json.utf8))
    }

    @Test func aRepeatedKeyIsNamedByItsPath() {
        #expect(Self.duplicate(#"{"app":"com.a","title":"x","app":"com.b"}"#) == "app")
        #expect(
            Self.duplicate(#"{"type":"x","attributeSet":{"title":"a","city":"b","title":"c"}}"#)
                == "attributeSet.title")
        #expect(
            Self.duplicate(
                #"{"items":[{"uniqueIdentifier":"a"},{"uniqueIdentifier":"b","uniqueIdentifier":"c"}]}"#)
                == "items[1].uniqueIdentifier")
        #expect(Self.duplicate(#"[[1,2],[{"a":1}],{"b":{"c":[0,{"d":1,"d":2}]}}]"#) == "[2].b.c[1].d")
        // Empty keys, and keys that differ only by their escapes, decode to the same string.
        #expect(Self.duplicate(#"{"":1,"":2}"#) == "")
        #expect(Self.duplicate(#"{"title":1,"\u0074itle":2}"#) == "title")
        #expect(Self.duplicate(#"{"caf\u00e9":1,"café":2}"#) == "café")
    }

    @Test func differentKeysAreNotDuplicates() {
        #expect(Self.duplicate(#"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#) == nil)
        #expect(Self.duplicate(#"{"a":"\"a\":1,\"a\":2","b":"{\"b\":1,\"b\":2}"}"#) == nil)
        #expect(Self.duplicate(#"{"a\"":1,"a":2,"a\\":3}"#) == nil)
        #expect(Self.duplicate(#"{"title":1,"Title":2,"titl":3,"title ":4}"#) == nil)
        #expect(Self.duplicate(#"["a","a",{"x":"a","y":"a"}]"#) == nil)
        #expect(Self.duplicate(#"{}"#) == nil)
        #expect(Self.duplicate(#" { "a" : [ ] , "b" : { } } "#) == nil)
    }

    /// Past 16 keys an object's keys are looked up by hash: a repeat among thousands is found,
    /// and thousands of different keys are not one.
    @Test func manyKeysAreLookedUpByHash() {
        let keys = (0..<5_000).map { #""k\#($0)":\#($0)"# }
        #expect(Self.duplicate("{" + keys.joined(separator: ",") + "}") == nil)
        #expect(Self.duplicate("{" + keys.joined(separator: ",") + #","k4321":0}"#) == "k4321")
        #expect(Self.duplicate("{" + keys.joined(separator: ",") + #","k17":0}"#) == "k17")
        #expect(Self.duplicate("{" + keys.prefix(17).joined(separator: ",") + #","k\u0031":0}"#) == "k1")
    }

    /// A document decodes only when no object gives a key twice; the rejection names the key.
    @Test func aDonationGivingAKeyTwiceIsRejectedByName() throws {
        let json =
            #"{"type":"searchableItem","app":"com.a","app":"com.b","uniqueIdentifier":"x","attributeSet":{"title":"a"}}"#
        #expect {
            try DonationCoding.decode(Data(json.utf8))
        } throws: { error in
            let error = try #require(error as? DonationError)
            return error.code == .malformedJSON && error.field == "app" && error.reason.contains("twice")
        }
        let nested =
            #"{"type":"activity","app":"com.a","activityType":"com.a.view","userInfo":{"k":1,"k":2}}"#
        #expect(throws: DonationError.duplicateKey(field: "userInfo.k")) {
            try DonationCoding.decode(Data(nested.utf8))
        }
    }
}
