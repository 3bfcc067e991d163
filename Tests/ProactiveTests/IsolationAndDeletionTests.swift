import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import Testing

@Suite struct IsolationAndDeletionTests {
    @Test func anAppSeesOnlyItsOwnData() throws {
        let f = try EngineFixture()
        try f.donate(f.item("com.a.one", "1", title: "Shared word alpha"), donor: .app("com.a.one"))
        try f.donate(f.item("com.a.two", "2", title: "Shared word beta"), donor: .app("com.a.two"))
        #expect(try f.search("shared", donor: .app("com.a.one")).map(\.app) == ["com.a.one"])
        #expect(try f.search("shared", donor: .app("com.a.two")).map(\.app) == ["com.a.two"])
        #expect(try f.search("shared").count == 2)
        #expect(throws: EngineError.self) {
            try f.search("shared", app: "com.a.two", donor: .app("com.a.one"))
        }
        // An app cannot donate for another, nor delete another's data.
        let receipt = try f.donate(f.item("com.a.two", "3", title: "Forged"), donor: .app("com.a.one"))[0]
        #expect(receipt.status == .rejected && receipt.code == .forbidden)
        #expect(throws: EngineError.self) {
            try f.engine.delete(DeletionRequest(app: "com.a.two", target: .all), donor: .app("com.a.one"))
        }
        #expect(try f.search("shared").count == 2)
    }

    @Test func deletionByIdentifierDomainAndAll() throws {
        let f = try EngineFixture()
        let app = "com.a.b"
        try f.donate(
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"1","domainIdentifier":"food","attributeSet":{"title":"Walrus one"}}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"2","domainIdentifier":"food.asian","attributeSet":{"title":"Walrus two"}}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"3","domainIdentifier":"foodie","attributeSet":{"title":"Walrus three"}}"#,
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"4","attributeSet":{"title":"Walrus four"}}"#
        )
        #expect(try f.engine.delete(DeletionRequest(app: app, target: .identifiers(["4"]))).deleted == 1)
        #expect(try f.engine.delete(DeletionRequest(app: app, target: .domains(["food"]))).deleted == 2)
        #expect(try f.search("walrus").map(\.uniqueIdentifier) == ["3"])
        #expect(try f.storage.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "walrus")) } == 1)
        #expect(try f.engine.delete(DeletionRequest(app: app, target: .all)).deleted == 1)
        #expect(try f.storage.read { try $0.indexedRowCount(matching: FullTextQuery(typed: "walrus")) } == 0)
    }

    /// A value holding U+0000 (NUL) names nothing stored, and is refused by name: SQLite's text
    /// binding ends a string at NUL, so deleting "a\0b" used to delete the item "a".
    @Test func aNULCharacterIsRefusedNotCutShort() throws {
        let f = try EngineFixture()
        try f.donate(f.item("com.a.b", "a", title: "Walrus kept"))
        func refused(_ parameter: String, _ body: () throws -> Void) {
            do {
                try body()
                Issue.record("accepted a NUL in \(parameter)")
            } catch let error as EngineError {
                #expect(error.code == .invalidRequest && error.parameter == parameter, "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
        refused("identifiers") {
            _ = try f.engine.delete(DeletionRequest(app: "com.a.b", target: .identifiers(["a\u{0}b"])))
        }
        refused("domains") {
            _ = try f.engine.delete(DeletionRequest(app: "com.a.b", target: .domains(["\u{0}"])))
        }
        refused("app") { _ = try f.engine.delete(DeletionRequest(app: "com.a.b\u{0}x", target: .all)) }
        refused("app") { _ = try f.search("walrus", app: "com.a.b\u{0}") }
        refused("app") { _ = try f.engine.export(app: "com.a.b\u{0}") }
        refused("person") {
            _ = try f.engine.suggestions(for: SuggestionRequest(surface: .contactCard).person("+331\u{0}"))
        }
        refused("utterance") { _ = try f.engine.ask("call this pl\u{0}ace") }
        #expect(try f.search("walrus").map(\.uniqueIdentifier) == ["a"])
    }

    @Test func deletingInteractionGroups() throws {
        let f = try EngineFixture()
        let message = { (group: String) in
            #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","recipients":[{"handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]},"groupIdentifier":"\#(group)"}"#
        }
        try f.donate(message("alice"), message("alice"), message("bob"))
        #expect(
            try f.engine.delete(
                DeletionRequest(app: "com.example.chat", target: .interactionGroups(["alice"]))
            ).deleted == 2)
        #expect(try f.storage.read { try $0.interactions(app: "com.example.chat") }.count == 1)
    }

    @Test func batchesStoreTheirClientStateAtomically() throws {
        let f = try EngineFixture()
        let client = f.engine.app("com.a.b")
        #expect(try client.fetchLastClientState() == nil)
        let items = (0..<3).map { SearchableItem(uniqueIdentifier: "\($0)", attributeSet: .init()) }
        try client.indexBatch(SearchableItemBatch(items: items, clientState: "after-3"))
        #expect(try client.fetchLastClientState() == "after-3")
        // A batch expecting another state is refused as a whole.
        #expect(throws: DonationError.self) {
            try client.indexBatch(
                SearchableItemBatch(items: items, expectedClientState: "after-9", clientState: "after-6"))
        }
        #expect(try client.fetchLastClientState() == "after-3")
        try client.indexBatch(
            SearchableItemBatch(
                items: [], deletedIdentifiers: ["0"], expectedClientState: "after-3", clientState: "after-4"))
        #expect(try client.fetchLastClientState() == "after-4")
    }

    @Test func undeclaredAppsCannotDonateActivities() throws {
        let f = try EngineFixture()
        let receipt = try f.donate(
            #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.view","title":"x"}"#)[0]
        #expect(receipt.status == .rejected && receipt.code == .unknownApp && receipt.field == "app")
    }

    @Test func batchReceiptsAreIndependent() throws {
        let f = try EngineFixture()
        let receipts = try f.donate(
            f.item("com.a.b", "1", title: "One"), "{bad", f.item("com.a.b", "1", title: "One again"),
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"2","attributeSet":{"latitude":100,"longitude":0,"title":"x"}}"#
        )
        #expect(receipts.map(\.status) == [.accepted, .rejected, .merged, .rejected])
        #expect(receipts[2].id == receipts[0].id)
        #expect(receipts[3].field == "attributeSet.latitude")
        #expect(try f.search("one").map(\.title) == ["One again"])
    }
}
