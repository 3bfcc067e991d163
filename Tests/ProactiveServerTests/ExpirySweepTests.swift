import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveServer
import Testing

/// The daemon deletes expired data on a schedule, for a user who donates nothing more.
@Suite struct ExpirySweepTests {
    @Test func theDaemonDeletesExpiredDataFromTheStore() async throws {
        let server = try await TestServer(configure: { $0.expirySweepInterval = 0.1 })
        // Far enough ahead that a busy machine answers the donation before it (an item that has
        // expired when it arrives is refused), near enough for a test.
        let expiresAt = Date().addingTimeInterval(15)
        let expires = DonationCoding.formatDate(expiresAt)
        let answer = try await server.donate(
            #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"s1","attributeSet":{"title":"Sweep canary"},"expirationDate":"\#(expires)"}"#,
            token: server.appA)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json["accepted"] as? Int == 1)
        // The store as a process started with its clock an hour behind would read it: the item
        // is there until the sweep deletes it (hiding it at expiry is not enough).
        var behind = EngineConfiguration()
        behind.clock = { Date().addingTimeInterval(-3600) }
        let store = server.directory.appendingPathComponent("store.sqlite").path
        let reader = try ProactiveEngine(storage: SQLiteStorage(path: store), configuration: behind)
        let found = try reader.search(SearchRequest("sweep canary")).count
        // Read before it expired, it must be there (on a machine so busy that 15 seconds went by,
        // the sweep may already have deleted it: the accepted receipt says it was stored).
        if Date() < expiresAt { #expect(found == 1) }
        var left = 1
        for _ in 0..<450 where left > 0 {
            try await Task.sleep(for: .milliseconds(100))
            left = try reader.search(SearchRequest("sweep canary")).count
        }
        #expect(left == 0, "the expired item is still in the store")
        await server.stop()
    }
}
