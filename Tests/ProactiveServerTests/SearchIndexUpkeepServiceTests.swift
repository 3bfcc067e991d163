import Foundation
import GRDB
import Proactive
import ProactiveServer
import Testing

/// The daemon merges the search index's segments while it runs, between donations.
@Suite struct SearchIndexUpkeepServiceTests {
    /// The segments of the store's `entry_fts` index (a data row's segment is its identifier's
    /// bits 37 and up).
    static func segments(_ store: String) throws -> Int {
        try DatabaseQueue(path: store).read { db in
            try Int.fetchOne(db, sql: "SELECT count(DISTINCT id >> 37) FROM entry_fts_data WHERE id > 10")
                ?? 0
        }
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
        var count = try Self.segments(store)
        // Up to 30 s: the acceptance suites run beside it, and starve it of threads at times.
        for _ in 0..<300 where count > 1 {
            try await Task.sleep(for: .milliseconds(100))
            count = try Self.segments(store)
        }
        #expect(count == 1, "the daemon left \(count) segments")
        let found = try await server.request(
            "GET", "/v1/search?q=upkeep%20report&limit=5", token: server.appA)
        #expect(found.status == 200, "\(found.text)")
        #expect((found.json["results"] as? [[String: Any]])?.count == 5)
        await server.stop()
    }
}
