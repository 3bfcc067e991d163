import Foundation
import GRDB
import Proactive
import ProactiveServer
import Testing

@testable import ProactiveSQLite

/// The daemon merges the search index's segments while it runs, between donations.
@Suite struct SearchIndexUpkeepServiceTests {
    /// The layout of the store's `entry_fts` index (its structure record).
    static func layout(_ store: String) throws -> FTS5Structure? {
        try DatabaseQueue(path: store).read { db in try SQLiteStorage.structure(of: "entry_fts", db) }
    }

    /// Whether the upkeep is done with a layout: it merged (fewer segments than donations) and
    /// nothing is due. Segments that arrive after a merge wait, by design, until they reach
    /// half the largest one (`FTS5Structure.needsMerging`), so how many are left depends on
    /// when the upkeep ran between donations.
    static func isMaintained(_ layout: FTS5Structure?, donations: Int) -> Bool {
        guard let layout else { return false }
        return layout.segments.count < donations && !layout.needsMerging && !layout.isMerging
    }

    @Test func theDaemonMergesTheSegmentsOfSeparateDonations() async throws {
        let server = try await TestServer(configure: { $0.searchIndexUpkeepInterval = 0.1 })
        let store = server.directory.appendingPathComponent("store.sqlite").path
        // Each request is a transaction: each writes a segment of its own.
        for request in 0..<12 {
            let lines = (0..<40).map { i in
                #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"u\#(request)-\#(i)","attributeSet":{"title":"Upkeep report \#(request) number \#(i)","contentDescription":"word\#(i) batch\#(request)"}}"#
            }
            let answer = try await server.donate(lines.joined(separator: "\n"), token: server.appA)
            #expect(answer.status == 200, "\(answer.text)")
        }
        var layout = try Self.layout(store)
        for _ in 0..<300 where !Self.isMaintained(layout, donations: 12) {
            try await Task.sleep(for: .milliseconds(100))
            layout = try Self.layout(store)
        }
        #expect(
            Self.isMaintained(layout, donations: 12),
            "the daemon left segments of \(layout?.segments.map(\.pages) ?? []) pages")
        let found = try await server.request(
            "GET", "/v1/search?q=upkeep%20report&limit=5", token: server.appA)
        #expect(found.status == 200, "\(found.text)")
        #expect((found.json["results"] as? [[String: Any]])?.count == 5)
        await server.stop()
    }

    /// How many times `word` occurs in the store's files (database, log, shared memory).
    static func traces(of word: String, in store: String) -> Int {
        ["", "-wal", "-shm"].reduce(0) { sum, suffix in
            guard let data = FileManager.default.contents(atPath: store + suffix) else { return sum }
            let text = String(decoding: data.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
            return sum + text.components(separatedBy: word).count - 1
        }
    }

    /// A deleted item's words leave the store's files while the daemon runs: its upkeep purges
    /// the index's segments, which keep them behind delete markers.
    @Test func theDaemonPurgesDeletedWordsFromTheStoreFiles() async throws {
        let server = try await TestServer(configure: { $0.searchIndexUpkeepInterval = 0.1 })
        let store = server.directory.appendingPathComponent("store.sqlite").path
        func donate(_ lines: [String]) async throws {
            let answer = try await server.donate(lines.joined(separator: "\n"), token: server.appA)
            #expect(answer.status == 200, "\(answer.text)")
        }
        for request in 0..<6 {
            try await donate(
                (0..<20).map { i in
                    #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"p\#(request)-\#(i)","attributeSet":{"title":"Purge report \#(request) number \#(i)"}}"#
                })
            if request == 2 {
                try await donate([
                    #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"secret","attributeSet":{"title":"Zebulonsecret plan"}}"#
                ])
            }
        }
        #expect(Self.traces(of: "zebulonsecret", in: store) > 0)
        let deleted = try await server.request(
            "POST", "/v1/deletions", token: server.appA,
            body: #"{"app":"com.example.alpha","identifiers":["secret"]}"#)
        #expect(deleted.status == 200, "\(deleted.text)")
        var left = Self.traces(of: "zebulonsecret", in: store)
        for _ in 0..<300 where left > 0 {
            try await Task.sleep(for: .milliseconds(100))
            left = Self.traces(of: "zebulonsecret", in: store)
        }
        #expect(left == 0, "the deleted title is still in the store's files")
        let found = try await server.request(
            "GET", "/v1/search?q=purge%20report&limit=200", token: server.appA)
        #expect((found.json["results"] as? [[String: Any]])?.count == 120)
        await server.stop()
    }
}
