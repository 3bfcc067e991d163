import Foundation
import Proactive
import ProactiveModel
import Testing

/// A batch is staged and written in parts; whatever the parts, it gives the receipts, entries
/// and places that donating its documents one by one gives.
@Suite struct BatchDonationTests {
    /// 100 documents: items whose identifiers repeat across parts (each donation of an item
    /// moves it to another place), activities, and broken documents here and there.
    static func documents(_ fixture: EngineFixture) -> [String] {
        (0..<100).map { i in
            if i % 13 == 5 { return #"{"type":"searchableItem","app":"com.example.batch""# }
            if i % 7 == 3 {
                return
                    #"{"type":"activity","app":"com.example.batch","activityType":"view","title":"Activity \#(i)","persistentIdentifier":"a\#(i % 20)","isEligibleForSearch":true}"#
            }
            let city = ["Roma", "Paris", "Berlin", "Lisboa"][i % 4]
            return fixture.item(
                "com.example.batch", "i\(i % 45)", title: "Batch item \(i)",
                extra: #","namedLocation":"Place \#(i)","city":"\#(city)""#)
        }
    }

    @Test func aBatchGivesWhatOneByOneGives() throws {
        let batch = try EngineFixture()
        let single = try EngineFixture()
        for fixture in [batch, single] {
            try fixture.declare("com.example.batch", types: ["view"])
        }
        let documents = Self.documents(batch)
        let together = try batch.engine.donate(
            documents: documents.map { Data($0.utf8) }, donor: .system, now: EngineFixture.t0)
        var apart: [DonationReceipt] = []
        for (index, document) in documents.enumerated() {
            var receipt = try single.donate(document)[0]
            receipt.index = index
            apart.append(receipt)
        }
        #expect(together.count == 100)
        for (a, b) in zip(together, apart) {
            #expect(a.index == b.index && a.status == b.status && a.id == b.id, "document \(a.index)")
            #expect(a.became == b.became && a.places == b.places && a.code == b.code, "document \(a.index)")
        }
        #expect(together.contains { $0.status == .merged } && together.contains { $0.status == .rejected })
        var request = SuggestionRequest(surface: .maps)
        request.limit = 50
        let batchPlaces = try batch.engine.suggestions(for: request).map(\.title)
        #expect(batchPlaces == (try single.engine.suggestions(for: request).map(\.title)))
        #expect(batchPlaces.count > 10)
        #expect(try batch.search("batch").map(\.id) == (try single.search("batch").map(\.id)))
    }
}
