import Foundation
import Proactive
import ProactiveModel
import Testing

/// A document over the size limit is rejected naming its largest field, not the document alone.
@Suite struct SizeRejectionTests {
    @Test func aHugeUserInfoIsNamed() throws {
        let f = try EngineFixture()
        try f.declare("com.example.notes", types: ["com.example.notes.view"])
        let blob = String(repeating: "x", count: 2_000_000)
        let receipts = try f.donate(
            #"{"type":"activity","app":"com.example.notes","activityType":"com.example.notes.view","title":"Big","userInfo":{"a":1,"blob":"\#(blob)"}}"#
        )
        let receipt = try #require(receipts.first)
        #expect(receipt.status == .rejected)
        #expect(receipt.code == .tooLarge)
        #expect(receipt.field == "userInfo")
        #expect(receipt.reason?.contains("userInfo takes") == true)
    }

    @Test func aHugeItemFieldIsNamedWithItsPath() throws {
        let f = try EngineFixture()
        let text = String(repeating: "word ", count: 60_000)
        let receipts = try f.donate(
            f.item("com.example.notes", "n1", title: "Big", extra: #","contentDescription":"\#(text)""#))
        let receipt = try #require(receipts.first)
        #expect(receipt.code == .tooLarge)
        #expect(receipt.field == "attributeSet.contentDescription")
    }

    @Test func theLargestFieldDescendsOnlyIntoDocumentContainers() throws {
        let document = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(
                #"{"type":"searchableItemBatch","items":[{"attributeSet":{"title":"a"}},{"attributeSet":{"title":"a much longer title"}}],"userInfo":{"k":"v"}}"#
                    .utf8))
        #expect(document.largestField?.path == "items[1].attributeSet.title")
        let payload = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(#"{"userInfo":{"k":"a long value inside the payload"},"title":"t"}"#.utf8))
        #expect(payload.largestField?.path == "userInfo")
    }
}
