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

    /// A batch of 64 or more documents is parsed as two halves at once: the receipts keep the
    /// documents' order and indexes, the broken ones on either side of the middle included.
    @Test(arguments: [63, 64, 65, 129])
    func aBatchParsedInHalvesKeepsEveryDocumentInPlace(count: Int) throws {
        let fixture = try EngineFixture()
        let broken: Set<Int> = [0, count / 2 - 1, count / 2, count / 2 + 1, count - 1]
        let documents = (0..<count).map { i in
            broken.contains(i)
                ? #"{"type":"searchableItem","app":"com.example.batch","uniqueIdentifier":"b\#(i)""#
                : fixture.item("com.example.batch", "b\(i)", title: "Halves item \(i)")
        }
        let receipts = try fixture.engine.donate(
            documents: documents.map { Data($0.utf8) }, donor: .system, now: EngineFixture.t0, firstIndex: 10)
        #expect(receipts.map(\.index) == Array(10..<(10 + count)))
        for (i, receipt) in receipts.enumerated() {
            #expect(receipt.status == (broken.contains(i) ? .rejected : .accepted), "document \(i)")
        }
        let found = try fixture.engine.search(
            SearchRequest("halves").app("com.example.batch").limit(200).at(EngineFixture.t0), donor: .system)
        #expect(
            Set(found.map(\.title))
                == Set((0..<count).filter { !broken.contains($0) }.map { "Halves item \($0)" }))
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
