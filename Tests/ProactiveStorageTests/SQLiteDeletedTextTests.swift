import Foundation
import GRDB
import Proactive
import ProactiveModel
import ProactiveStorage
import ProactiveText
import Synchronization
import Testing

@testable import ProactiveSQLite

/// Deleted and replaced text leaves the embedded store's files, index included: FTS5 (SQLite
/// 3.40) keeps a deleted row's words in its older segments until they are merged.
@Suite struct SQLiteDeletedTextTests {
    /// Canary words, each starting with a letter no other word of the store starts with, so
    /// that the index writes each whole: a deleted item's title and description, and the
    /// title an item had before it was donated again.
    static let deleted = ["zebulonsecret", "xylophonesecret"]
    static let replaced = "jackalopesecret"

    /// How often each canary occurs in the store's files (the database, its log and its
    /// shared memory), ignoring case; a word is also looked for without its first three
    /// letters, in case the index wrote it after a word sharing them.
    static func occurrences(_ words: [String], in path: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for suffix in ["", "-wal", "-shm"] {
            guard let data = FileManager.default.contents(atPath: path + suffix) else { continue }
            let bytes = Data(data.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
            for word in words {
                for needle in [word, String(word.dropFirst(3))] {
                    var found = 0
                    var range = bytes.startIndex..<bytes.endIndex
                    while let hit = bytes.range(of: Data(needle.utf8), in: range) {
                        found += 1
                        range = hit.upperBound..<bytes.endIndex
                    }
                    counts[needle, default: 0] += found
                }
            }
        }
        return counts
    }

    static func item(_ id: String, title: String, description: String? = nil) -> EntryDraft {
        var draft = Fixture.item("com.a", id, title)
        draft.indexedText.description = description.map(IndexText.indexForm)
        draft.indexedText.keywords = IndexText.indexForm("kept words")
        return draft
    }

    /// A store of many segments holding the canaries, then the deletion and the new donation.
    static func storeWithDeletions() throws -> (SQLiteStorage, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deleted-\(UUID()).sqlite")
            .path
        let storage = try SQLiteStorage(path: path)
        func filler(_ t: Int) throws {
            try storage.write { tx in
                for i in 0..<25 {
                    try tx.upsertEntry(item("f\(t)-\(i)", title: "report \(t) number \(i) word\(i % 7)"))
                }
            }
        }
        for t in 0..<6 { try filler(t) }
        try storage.write { tx in
            try tx.upsertEntry(
                item("secret", title: "Zebulonsecret meeting", description: "the xylophonesecret plan"))
            try tx.upsertEntry(item("edited", title: "Jackalopesecret notes"))
        }
        for t in 6..<12 { try filler(t) }
        return (storage, path)
    }

    @Test func deletedAndReplacedWordsLeaveTheFilesOnceTheIndexIsPurged() throws {
        let (storage, path) = try Self.storeWithDeletions()
        defer { Fixture.removeStore(path) }
        let canaries = Self.deleted + [Self.replaced]
        // The files hold every canary: the search for them can find them.
        for word in canaries {
            #expect(try Self.occurrences([word], in: path)[word, default: 0] > 0, "\(word)")
        }
        try storage.write { tx in
            #expect(try tx.deleteItems(app: "com.a", uniqueIdentifiers: ["secret"]) == 1)
            try tx.upsertEntry(Self.item("edited", title: "Ordinary notes"))
        }
        // Deleted from the rows (overwritten with zeros), the words stay in the index's older
        // segments behind delete markers.
        let left = try Self.occurrences(canaries, in: path)
        #expect(left.values.reduce(0, +) > 0, "\(left)")
        #expect(
            try storage.writer.read(SQLiteStorage.indexesWithDeletedText) == ["entry_fts", "entry_title_fts"])

        var steps = 1
        while try storage.purgeDeletedText(pages: 3) { steps += 1 }
        #expect(steps >= 2)
        let after = try Self.occurrences(canaries, in: path)
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
        #expect(try storage.writer.read(SQLiteStorage.indexesWithDeletedText).isEmpty)
        // The index answers as before, for the words kept and the new title.
        let found = try storage.read { tx in
            (
                try tx.searchCandidates(
                    FullTextQuery(typed: "report"), scope: .system, now: Fixture.now, limit: 1_000
                )
                .count,
                try tx.searchCandidates(
                    FullTextQuery(typed: "ordinary"), scope: .system, now: Fixture.now, limit: 10
                )
                .count,
                try tx.searchCandidates(
                    FullTextQuery(typed: "zebulonsecret"), scope: .system, now: Fixture.now, limit: 10
                )
                .count
            )
        }
        #expect(found.0 == 300 && found.1 == 1 && found.2 == 0, "\(found)")
        #expect(try storage.checkIntegrity().isEmpty)
    }

    @Test func upkeepPurgesWhenDueAndSpacesPurgesByTheirCost() throws {
        let (storage, path) = try Self.storeWithDeletions()
        defer { Fixture.removeStore(path) }
        try storage.write { tx in _ = try tx.deleteItems(app: "com.a", uniqueIdentifiers: ["secret"]) }
        // This process has not purged yet: upkeep purges now.
        while try storage.maintainSearchIndex(pages: 50) {}
        #expect(try Self.occurrences(Self.deleted, in: path).values.allSatisfy { $0 == 0 })
        // A deletion right after waits for the next purge (a minute at least) ...
        try storage.write { tx in try tx.upsertEntry(Self.item("edited", title: "Ordinary notes")) }
        #expect(try storage.maintainSearchIndex(pages: 50) == false)
        #expect(try Self.occurrences([Self.replaced], in: path).values.reduce(0, +) > 0)
        // ... unless asked for at once.
        while try storage.purgeDeletedText(pages: 50) {}
        #expect(try Self.occurrences([Self.replaced], in: path).values.allSatisfy { $0 == 0 })
    }

    /// A public entry all its contributors deleted leaves the public index's file too.
    @Test func aWithdrawnPublicEntryLeavesTheFiles() throws {
        let service = try PublicIndexConformanceTests.Service(.sqlite)
        defer { service.cleanUp() }
        let path = try #require(service.directory).appendingPathComponent("store.sqlite").path
        let users = (0..<5).map { "user\($0)" }
        for (index, user) in users.enumerated() {
            try service.engine(user).donate(documents: [
                PublicIndexConformanceTests.activity(
                    user, url: PublicIndexConformanceTests.urls[index], title: "Zebulonsecret tart")
            ])
        }
        let found = try service.engine("someone").search(SearchRequest("zebulonsecret")).filter(\.isPublic)
        #expect(found.count == 1)
        #expect(try Self.occurrences(["zebulonsecret"], in: path).values.reduce(0, +) > 0)
        for user in users {
            _ = try service.engine(user).delete(
                DeletionRequest(
                    app: PublicIndexConformanceTests.app, target: .persistentIdentifiers(["tatin"])))
        }
        #expect(try service.engine("someone").search(SearchRequest("zebulonsecret")).isEmpty)
        // FTS5's own merges of a small index may have dropped the words already: the index is
        // listed for a purge whatever they did.
        let storage = try #require(service.storage as? SQLiteStorage)
        #expect(try storage.writer.read(SQLiteStorage.indexesWithDeletedText).contains("publicEntry_fts"))
        try service.engine("someone").purgeDeletedSearchText(pages: 5)
        let after = try Self.occurrences(["zebulonsecret"], in: path)
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
    }

    @Test func purgesAreAThousandTimesTheirWorkApartAndAMinuteAtLeast() {
        var purges = SearchIndexPurges()
        let start = Fixture.now
        #expect(purges.isDue(at: start))
        purges.add(.milliseconds(4))
        purges.add(.milliseconds(6))
        purges.end(at: start)
        #expect(purges.lastWork == .milliseconds(10) && purges.work == .zero && purges.logTruncationDue)
        #expect(!purges.isDue(at: start + 59))
        #expect(purges.isDue(at: start + 60))
        purges.add(.seconds(2))
        purges.end(at: start)
        #expect(!purges.isDue(at: start + 1_999))
        #expect(purges.isDue(at: start + 2_000))
        // A clock set back before the last purge: due, not held for as long as it went back.
        #expect(purges.isDue(at: start - 1))
    }

    /// The schedule is kept in the store: a process that opens it (a CLI command) waits for
    /// the purge another made, and purges when that is due.
    @Test func theScheduleOutlivesTheProcessThatPurged() throws {
        let (storage, path) = try Self.storeWithDeletions()
        defer { Fixture.removeStore(path) }
        try storage.write { tx in _ = try tx.deleteItems(app: "com.a", uniqueIdentifiers: ["secret"]) }
        while try storage.maintainSearchIndex(pages: 50) {}
        #expect(try Self.occurrences(Self.deleted, in: path).values.allSatisfy { $0 == 0 })
        // Another process: the purge just made is known, the next waits.
        let again = try SQLiteStorage(path: path)
        try again.write { tx in try tx.upsertEntry(Self.item("edited", title: "Ordinary notes")) }
        #expect(try again.maintainSearchIndex(pages: 50) == false)
        let recorded = again.purges.withLock { $0 }
        #expect(recorded.lastEnded != nil && recorded.lastWork > .zero)
        #expect(try Self.occurrences([Self.replaced], in: path).values.reduce(0, +) > 0)
        // A process opening the store once the purge is due (the record moved an hour back,
        // as if that long had passed) purges.
        try again.writer.write { db in
            try db.execute(sql: "UPDATE searchIndexPurgeRecord SET endedAt = endedAt - 3600")
        }
        let later = try SQLiteStorage(path: path)
        while try later.maintainSearchIndex(pages: 50) {}
        #expect(try Self.occurrences([Self.replaced], in: path).values.allSatisfy { $0 == 0 })
        // The processes open before take the newer purge as theirs.
        _ = try storage.maintainSearchIndex(pages: 50)
        let newest = later.purges.withLock { $0.lastEnded }
        #expect(newest != nil && newest! > recorded.lastEnded!)
        let adopted = try #require(storage.purges.withLock { $0.lastEnded })
        #expect(abs(adopted.timeIntervalSince(newest!)) < 0.001)
    }
}
