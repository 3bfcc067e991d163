import Foundation
import Proactive
import ProactiveTesting
import Testing

/// Typed entry references: what receipts, results and suggestions name, read and written.
@Suite struct EntryReferenceTests {
    @Test func readsWritesAndRejects() throws {
        #expect(EntryReference(.activity, 12).description == "activity/12")
        #expect(EntryReference("item/57") == EntryReference(.item, 57))
        #expect(EntryReference("page/3#spotlight") == EntryReference(.page, 3))
        for bad in [
            "", "item", "item/", "item/x", "reminder/3", "app/com.example", "item/99999999999999999999",
            "item/٣",
        ] {
            #expect(EntryReference(bad) == nil, "\(bad)")
        }
        let json = try JSONEncoder().encode([EntryReference(.activity, 7)])
        #expect(String(decoding: json, as: UTF8.self) == #"["activity\/7"]"#)
        #expect(try JSONDecoder().decode([EntryReference].self, from: json) == [EntryReference(.activity, 7)])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([EntryReference].self, from: Data(#"["x/1"]"#.utf8))
        }
    }

    @Test func receiptsAndResultsCarryReferences() throws {
        let engine = try ProactiveEngine.inMemory()
        let receipts = try engine.donate(documents: [
            TestDocument.searchableItem(app: "com.example.notes", id: "n1", title: "Harbour lantern").data
        ])
        let id = try #require(receipts.first?.id)
        let reference = try #require(EntryReference(id))
        #expect(reference.kind == .item)
        let result = try #require(try engine.search(SearchRequest("lantern")).first)
        #expect(result.reference == reference)
    }
}
