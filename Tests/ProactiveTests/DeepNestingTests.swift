import Foundation
import Proactive
import ProactiveModel
import Testing

/// Deeply nested JSON is refused by a depth limit, never by a stack overflow: in a document's
/// userInfo, as a body's top-level array, and past the size limit (where the largest field is
/// looked for).
@Suite struct DeepNestingTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func deeplyNestedJSONIsRefused() throws {
        let f = try EngineFixture()
        try f.declare("com.example.notes", types: ["com.example.notes.view"])
        let deep = Self.nested(100_000)
        let receipts = try f.donate(
            #"{"type":"activity","app":"com.example.notes","activityType":"com.example.notes.view","title":"Deep","userInfo":{"a":\#(deep)}}"#
        )
        let receipt = try #require(receipts.first)
        #expect(receipt.status == .rejected)
        #expect(receipt.code == .malformedJSON)
        // As a body: a top-level array nested past the limit is one document, rejected.
        let documents = DonationDocuments.split(Data(deep.utf8))
        #expect(documents.count == 1)
        let parsed = f.engine.parse(documents: documents)
        #expect(parsed.count == 1)
        if case .success = parsed.results[0] { Issue.record("a nested array was accepted") }
    }

    @Test func aDeepDocumentOverTheSizeLimitIsRejectedForItsSize() throws {
        let f = try EngineFixture()
        // 12 MB: over every document's limit, so the size check (which looks for the largest
        // field) reads it before any decoding.
        let deep = Self.nested(6_000_000)
        let receipts = try f.donate(
            #"{"type":"activity","app":"com.example.notes","activityType":"t","userInfo":{"a":\#(deep)}}"#)
        let receipt = try #require(receipts.first)
        #expect(receipt.status == .rejected)
        #expect(receipt.code == .tooLarge)
    }
}
