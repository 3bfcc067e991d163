import Foundation
import Proactive
import ProactiveModel
import ProactiveTesting
import PropertyBased
import Testing

/// The engine's promises as properties over generated donations (swift-property-based): what
/// is donated is found, what is deleted or expired is gone from search and from the export,
/// and a batch's accepted documents are exactly those its receipts report.
@Suite struct EnginePropertyTests {
    /// Words in the six languages, accents, ß and Chinese included.
    static let words = [
        "bistro", "harbour", "lantern", "café", "crêpe", "église", "città", "gelato", "piazza", "pão",
        "coração", "açaí", "straße", "bäckerei", "brötchen", "牛肉麵", "台北", "咖啡", "garden", "river",
    ]
    static let app = "com.example.notes"

    /// A title of 1–4 words of ``words`` (indices).
    static let title = Gen.int(in: 0...(words.count - 1)).array(of: 1...4)

    static func title(_ indices: [Int]) -> String { indices.map { words[$0] }.joined(separator: " ") }

    /// Every match of `text`, through every page.
    static func everyMatch(_ engine: ProactiveEngine, _ text: String) throws -> [SearchResult] {
        var results: [SearchResult] = []
        var cursor = ""
        for _ in 0..<50 {
            let page = try engine.searchPage(SearchRequest(text).limit(7).cursor(cursor))
            results += page.results
            guard let next = page.nextCursor else { return results }
            cursor = next
        }
        Issue.record("paging did not end for \(text)")
        return results
    }

    @Test func whatIsDonatedIsFoundByEachOfItsWords() async throws {
        await propertyCheck(count: 40, input: Self.title.array(of: 1...12)) { titles in
            let engine = try ProactiveEngine.inMemory()
            let documents = titles.enumerated().map { index, title in
                TestDocument.searchableItem(app: Self.app, id: "n\(index)", title: Self.title(title)).data
            }
            let receipts = try engine.donate(documents: documents)
            #expect(receipts.allSatisfy { $0.status == .accepted })
            for (index, title) in titles.enumerated() {
                for word in Set(title.map { Self.words[$0] }) {
                    let found = try Self.everyMatch(engine, word).compactMap(\.uniqueIdentifier)
                    #expect(found.contains("n\(index)"), "\(word) does not find “\(Self.title(title))”")
                    #expect(Set(found).count == found.count, "\(word): a result repeats across pages")
                }
            }
        }
    }

    @Test func whatIsDeletedOrExpiredIsGone() async throws {
        await propertyCheck(
            count: 30, input: Self.title.array(of: 2...10), Gen.bool.array(of: 10), Gen.bool.array(of: 10)
        ) {
            titles, deleted, expiring in
            let clock = TestClock()
            let engine = try ProactiveEngine.inMemory(clock: clock)
            let documents = titles.enumerated().map { index, title in
                TestDocument.searchableItem(
                    app: Self.app, id: "n\(index)", title: Self.title(title),
                    extra: expiring[index]
                        ? ["expirationDate": .date(TestClock.referenceDate.addingTimeInterval(3600))] : [:]
                ).data
            }
            try engine.donate(documents: documents)
            let gone = titles.indices.filter { deleted[$0] }.map { "n\($0)" }
            if !gone.isEmpty {
                _ = try engine.delete(DeletionRequest(app: Self.app, target: .identifiers(gone)))
            }
            clock.advance(by: 7200)
            let absent = Set(gone + titles.indices.filter { expiring[$0] }.map { "n\($0)" })
            let present = Set(titles.indices.map { "n\($0)" }).subtracting(absent)
            var found: Set<String> = []
            for word in Set(titles.flatMap { $0 }.map { Self.words[$0] }) {
                found.formUnion(try Self.everyMatch(engine, word).compactMap(\.uniqueIdentifier))
            }
            #expect(found == present, "deleted \(gone), expiring \(expiring)")
            let exported = try engine.export(app: Self.app).entries.compactMap { entry -> String? in
                guard case .object(let fields) = entry.document,
                    case .string(let id)? = fields["uniqueIdentifier"]
                else { return nil }
                return id
            }
            #expect(Set(exported).isDisjoint(with: absent), "the export holds deleted or expired items")
        }
    }

    @Test func aBatchAcceptsExactlyWhatItsReceiptsReport() async throws {
        await propertyCheck(count: 40, input: Gen.int(in: 0...3).array(of: 1...20)) { kinds in
            let engine = try ProactiveEngine.inMemory()
            // 0, 1: a valid item; 2: an item without its identifier; 3: not a document.
            let documents: [Data] = kinds.enumerated().map { index, kind in
                switch kind {
                case 0, 1:
                    TestDocument.searchableItem(app: Self.app, id: "n\(index)", title: "Note \(index)").data
                case 2: TestDocument(type: "searchableItem", ["app": .string(Self.app)]).data
                default: Data("[1, 2".utf8)
                }
            }
            let receipts = try engine.donate(documents: documents)
            #expect(receipts.map(\.index) == Array(kinds.indices))
            let accepted = Set(receipts.filter { $0.status == .accepted }.map(\.index))
            #expect(accepted == Set(kinds.indices.filter { kinds[$0] <= 1 }))
            let exported = try engine.export(app: Self.app).entries.count
            #expect(exported == accepted.count)
        }
    }
}

/// Export then restore: a fresh store given an app's export answers as the exported one did.
@Suite struct ExportRestorePropertyTests {
    typealias P = EnginePropertyTests

    /// The identifiers of every match of each word, in ranked order, at the clock's time.
    static func answers(_ engine: ProactiveEngine, words: Set<String>) throws -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for word in words {
            answers[word] = try P.everyMatch(engine, word).compactMap(\.uniqueIdentifier)
        }
        return answers
    }

    @Test func exportThenRestoreGivesTheSameAnswers() async throws {
        await propertyCheck(
            count: 25, input: P.title.array(of: 1...10), Gen.int(in: 0...3).array(of: 10),
            Gen.int(in: 1...600).array(of: 10)
        ) { titles, fates, gaps in
            // Items donated one after another (minutes apart), some later updated, deleted or
            // set to expire before the export.
            let clock = TestClock()
            let engine = try ProactiveEngine.inMemory(clock: clock)
            try engine.donate(documents: [
                Data(#"{"type":"app","bundleIdentifier":"\#(P.app)","name":"Notes"}"#.utf8)
            ])
            for (index, title) in titles.enumerated() {
                clock.advance(by: TimeInterval(gaps[index]))
                let expiring = fates[index] == 2
                try engine.donate(documents: [
                    TestDocument.searchableItem(
                        app: P.app, id: "n\(index)", title: P.title(title),
                        extra: expiring ? ["expirationDate": .date(clock.now.addingTimeInterval(60))] : [:]
                    ).data
                ])
            }
            for (index, title) in titles.enumerated() where fates[index] == 1 {
                clock.advance(by: 5)
                try engine.donate(documents: [
                    TestDocument.searchableItem(app: P.app, id: "n\(index)", title: P.title(title.reversed()))
                        .data
                ])
            }
            let deleted = titles.indices.filter { fates[$0] == 3 }.map { "n\($0)" }
            if !deleted.isEmpty {
                _ = try engine.delete(DeletionRequest(app: P.app, target: .identifiers(deleted)))
            }
            clock.advance(by: 120)
            let words = Set(titles.flatMap { $0 }.map { P.words[$0] })
            let before = try Self.answers(engine, words: words)
            let export = try engine.export(app: P.app)

            // A fresh store, at the same time, given the export.
            let restoredClock = TestClock()
            restoredClock.advance(by: clock.now.timeIntervalSince(restoredClock.now))
            let restored = try ProactiveEngine.inMemory(clock: restoredClock)
            let receipts = try restored.restore(export)
            #expect(
                receipts.allSatisfy { $0.status == .accepted },
                "\(receipts.filter { $0.status != .accepted })")
            let after = try Self.answers(restored, words: words)
            #expect(after == before, "fates \(fates)")
            for id in deleted { #expect(!after.values.contains { $0.contains(id) }, "\(id) came back") }
            // And the restored store exports the same entries.
            let again = try restored.export(app: P.app)
            #expect(again.entries.map(\.document) == export.entries.map(\.document))
            #expect(again.entries.map(\.donatedAt) == export.entries.map(\.donatedAt))
        }
    }
}
