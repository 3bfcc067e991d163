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
}
