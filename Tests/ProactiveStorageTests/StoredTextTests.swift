import Foundation
import GRDB
import ProactiveStorage
import ProactiveText
import Testing

@testable import ProactiveSQLite

/// The embedded store keeps documents compressed with a preset dictionary (``StoredText``):
/// every text reads back exactly, a typical document takes about half its size, and documents
/// stored as text before read as they are.
@Suite struct StoredTextTests {
    static let document = #"""
        {"type":"searchableItem","app":"com.bistro.app","uniqueIdentifier":"order-8812","domainIdentifier":"orders",\#
        "attributeSet":{"title":"Dîner au Café de Flore","contentDescription":"Table pour deux, 20 h 30, \#
        près de la fenêtre; 牛肉麵 et crêpes","keywords":["dîner","réservation"],"city":"Paris",\#
        "namedLocation":"Café de Flore","thoroughfare":"Boulevard Saint-Germain","subThoroughfare":"172"}}
        """#

    static func roundTrip(_ text: String, _ format: StoredText.Format) throws -> String {
        try StoredText.text(StoredText.databaseValue(text, format: format))
    }

    @Test func everyTextReadsBackExactly() throws {
        var rng = SystemRandomNumberGenerator()
        let scalars: [Unicode.Scalar] = [
            "a", "é", "\"", "\\", "\n", "\u{0}", "台", "😀", "\u{301}", " ", "{", "}",
        ]
        var texts = [
            "", "x", String(repeating: "a", count: 47), String(repeating: "a", count: 48),
            String(repeating: "ab", count: 25), Self.document, String(repeating: Self.document, count: 300),
        ]
        for _ in 0..<300 {
            let count = Int.random(in: 0...2_000, using: &rng)
            texts.append(
                String(String.UnicodeScalarView((0..<count).map { _ in scalars.randomElement(using: &rng)! }))
            )
        }
        for text in texts {
            for format in StoredText.Format.allCases {
                #expect(try Self.roundTrip(text, format) == text)
            }
        }
        // A form prepared ahead (on a parsing thread) is the one a write stores.
        StoredText.prepare(Self.document, companion: [])
        #expect(
            try StoredText.text(StoredText.documentValue(Self.document, companion: [])) == Self.document)
    }

    /// An entry's document is compressed beside its row's index-form text: what it repeats of
    /// that text costs a few bytes, it reads back exactly with the same text (whatever its
    /// length, beyond deflate's window too), and read beside other text it is an error.
    @Test func aDocumentIsStoredBesideItsEntrysText() throws {
        let text = IndexedText(
            title: IndexText.indexForm("Dîner au Café de Flore"), keywords: "dîner réservation",
            description: IndexText.indexForm("Table pour deux, 20 h 30, près de la fenêtre; 牛肉麵 et crêpes"),
            address: "Café de Flore Boulevard Saint-Germain 172 Paris")
        let companion = StoredText.companion(SQLiteTransaction.storedForms(text))
        guard case .blob(let beside) = StoredText.documentValue(Self.document, companion: companion).storage,
            case .blob(let alone) = StoredText.documentValue(Self.document, companion: []).storage
        else {
            Issue.record("not compressed")
            return
        }
        #expect(
            beside.count * 100 < alone.count * 60, "\(beside.count) beside its text, \(alone.count) alone")
        #expect(try StoredText.text(beside.databaseValue, companion: companion) == Self.document)
        #expect(throws: (any Error).self) { try StoredText.text(beside.databaseValue) }
        #expect(throws: (any Error).self) {
            try StoredText.text(beside.databaseValue, companion: companion.dropLast() + [0x21])
        }
        // A prepared form made beside other text is not taken.
        StoredText.prepare(Self.document, companion: [])
        #expect(StoredText.documentValue(Self.document, companion: companion) == beside.databaseValue)

        let long = String(repeating: "Table pour deux près de la fenêtre 牛肉麵 ", count: 2_000)
        for companionText in [long, String(long.prefix(9_000)), String(long.prefix(40_000))] {
            let companion = Array(companionText.utf8)
            for document in [Self.document, long, String(long.reversed())] {
                let stored = StoredText.documentValue(document, companion: companion)
                #expect(try StoredText.text(stored, companion: companion) == document)
            }
        }
    }

    @Test func aTypicalDocumentTakesAboutHalfItsSize() throws {
        let stored = StoredText.databaseValue(Self.document)
        guard case .blob(let data) = stored.storage else {
            Issue.record("a document of \(Self.document.utf8.count) bytes was stored as text")
            return
        }
        #expect(
            data.count * 100 < Self.document.utf8.count * 60, "\(data.count) of \(Self.document.utf8.count)")
        // Small or incompressible texts stay text.
        #expect(StoredText.databaseValue("{\"a\":1}").storage == .string("{\"a\":1}"))
    }

    @Test func aDamagedDocumentIsAnErrorNotACrash() throws {
        guard case .blob(var data) = StoredText.databaseValue(Self.document).storage else {
            Issue.record("not compressed")
            return
        }
        for index in [0, 1, data.count / 2, data.count - 1] {
            var damaged = data
            damaged[index] ^= 0x5A
            _ = try? StoredText.text(damaged.databaseValue)
        }
        data.removeLast(data.count / 2)
        #expect(throws: (any Error).self) { try StoredText.text(data.databaseValue) }
        #expect(throws: (any Error).self) { try StoredText.text(Data([9, 1, 2]).databaseValue) }
    }

    /// An entry's payload and a sighting's place are compressed in the file, and payloads
    /// stored as text (before compression) still read.
    @Test func theStoreCompressesAndReadsOldText() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID()).sqlite").path
        defer { Fixture.removeStore(path) }
        let storage = try SQLiteStorage(path: path)
        var draft = Fixture.item("com.bistro.app", "order-8812", "Dîner")
        draft.payload = Self.document
        let id = try storage.write { tx in
            let id = try tx.upsertEntry(draft).id
            try tx.replacePlaceSightings(
                entryID: id,
                with: [
                    PlaceSightingRecord(
                        entryID: id, app: draft.app, activityType: nil, url: nil, seenAt: Fixture.now,
                        expiresAt: nil,
                        supportsNavigation: true, nameKey: "cafe de flore", cityKey: "paris",
                        latitude: 48.854,
                        longitude: 2.333, coordinateSource: "donated", place: Self.document)
                ])
            return id
        }
        let raw = try DatabaseQueue(path: path).read { db in
            try [
                String.fetchOne(db, sql: "SELECT typeof(payload) FROM entry WHERE id = ?", arguments: [id]),
                String.fetchOne(
                    db, sql: "SELECT typeof(place) FROM placeSighting WHERE entryId = ?", arguments: [id]),
            ]
        }
        #expect(raw == ["blob", "blob"])
        #expect(
            try storage.read { try $0.entry(id: id, scope: .system, now: Fixture.now) }?.payload
                == Self.document)
        let sightings = try storage.read {
            try $0.placeSightings(since: .distantPast, now: Fixture.now, limit: 10, includingPlace: true)
        }
        #expect(sightings.map(\.place) == [Self.document])
        #expect(
            try storage.read { try $0.placeJSON(ids: sightings.map(\.id)) }.values.first
                == Self.document)

        #expect(try storage.checkIntegrity() == [])
        // A damaged document is a problem `proactive check` names (and only that row fails).
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "UPDATE placeSighting SET place = substr(place, 1, length(place) - 4) WHERE entryId = ?",
                arguments: [id])
        }
        #expect(
            try storage.checkIntegrity() == [
                "placeSighting \(sightings[0].id): its place cannot be decompressed"
            ])
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "UPDATE entry SET payload = ? WHERE id = ?", arguments: [#"{"old":"text"}"#, id])
        }
        #expect(
            try storage.read { try $0.entry(id: id, scope: .system, now: Fixture.now) }?.payload
                == #"{"old":"text"}"#)
    }
}
