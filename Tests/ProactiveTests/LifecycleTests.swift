import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import Synchronization
import Testing

@Suite struct LifecycleTests {
    static let type = "com.example.reviews.restaurant"

    func makeClient() throws -> (EngineFixture, AppClient) {
        let f = try EngineFixture()
        let client = f.engine.app("com.example.reviews")
        try client.declare(
            App(bundleIdentifier: "com.example.reviews", name: "Reviews", activityTypes: [Self.type]))
        return (f, client)
    }

    func restaurant(_ name: String, id: String) -> UserActivity {
        var activity = UserActivity(activityType: Self.type)
        activity.title = name
        activity.persistentIdentifier = id
        activity.userInfo = ["restaurantID": .string(id)]
        activity.requiredUserInfoKeys = ["restaurantID"]
        activity.webpageURL = "https://example.com/\(id)"
        activity.isEligibleForSearch = true
        return activity
    }

    func current(_ f: EngineFixture) throws -> [String] {
        try f.storage.read { try $0.currentActivities(scope: .system, now: EngineFixture.t0) }
            .compactMap(\.title)
    }

    @Test func oneCurrentActivityPerApp() throws {
        let (f, client) = try makeClient()
        let first = try client.becomeCurrent(restaurant("Yank Sing", id: "1"))
        #expect(try current(f) == ["Yank Sing"])
        let second = try client.becomeCurrent(restaurant("Zuni Café", id: "2"))
        #expect(try current(f) == ["Zuni Café"])
        try client.becomeCurrent(first)
        #expect(try current(f) == ["Yank Sing"])
        try client.resignCurrent(first)
        #expect(try current(f).isEmpty)
        // Resigned activities stay saved and searchable.
        #expect(try f.search("zuni").map(\.id) == [second.id])
    }

    @Test func invalidatedActivitiesCannotBeUsed() throws {
        let (_, client) = try makeClient()
        let handle = try client.becomeCurrent(restaurant("Yank Sing", id: "1"))
        try client.invalidate(handle)
        #expect(throws: EngineError.self) { try client.becomeCurrent(handle) }
        #expect(throws: EngineError.self) { try client.engine.continueActivity(handle.id) }
        // Donating it anew makes a usable activity again.
        let again = try client.becomeCurrent(restaurant("Yank Sing", id: "1"))
        #expect(throws: Never.self) { try client.engine.continueActivity(again.id) }
    }

    final class CountingDelegate: UserActivityDelegate {
        let calls = Mutex(0)
        func userActivityWillSave(_ activity: UserActivity) -> UserActivity {
            let n = calls.withLock { count -> Int in
                count += 1
                return count
            }
            var fresh = activity
            fresh.title = "Yank Sing (page \(n))"
            fresh.userInfo["page"] = .number(Double(n))
            return fresh
        }
    }

    @Test func needsSaveAsksTheDelegateOnceBeforeUse() throws {
        let (f, client) = try makeClient()
        let handle = try client.becomeCurrent(restaurant("Yank Sing", id: "1"))
        let delegate = CountingDelegate()
        try client.setNeedsSave(handle, delegate: delegate)
        #expect(delegate.calls.withLock { $0 } == 0)
        guard case .launchApp(_, let activity) = try f.engine.continueActivity(handle.id) else {
            Issue.record("expected launchApp")
            return
        }
        #expect(activity.title == "Yank Sing (page 1)")
        #expect(activity.userInfo["page"] == .number(1))
        _ = try f.engine.continueActivity(handle.id)
        #expect(delegate.calls.withLock { $0 } == 1)
        #expect(try f.search("page").map(\.id) == [handle.id])
    }

    @Test func continuingDispatchesToTheRegisteredHandler() throws {
        let (f, client) = try makeClient()
        let received = Mutex<[String]>([])
        client.register(forActivityType: Self.type) { activity in
            received.withLock { $0.append(activity.userInfo["restaurantID"]?.stringValue ?? "?") }
            return true
        }
        let handle = try client.becomeCurrent(restaurant("Yank Sing", id: "42"))
        #expect(
            try f.engine.continueActivity(handle.id)
                == .restored(app: "com.example.reviews", activity: restaurant("Yank Sing", id: "42")))
        #expect(received.withLock { $0 } == ["42"])
        #expect(
            try f.engine.continueActivity(handle.id, appInstalled: false)
                == .openWebpage(url: "https://example.com/42"))
    }

    @Test func deletingSavedActivities() throws {
        let (f, client) = try makeClient()
        try client.save(restaurant("Alpha Diner", id: "a"))
        try client.save(restaurant("Beta Diner", id: "b"))
        try client.save(restaurant("Gamma Diner", id: "c"))
        #expect(try client.deleteSavedUserActivities(withPersistentIdentifiers: ["a", "zzz"]) == 1)
        #expect(try f.search("diner").count == 2)
        #expect(try client.deleteAllSavedUserActivities() == 2)
        #expect(try f.search("diner").isEmpty)
    }

    @Test func sameActivityWithoutIdentifierMerges() throws {
        let (f, _) = try makeClient()
        let doc =
            #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","title":"Same","userInfo":{"a":1}}"#
        let receipts = try f.donate(doc, doc)
        #expect(receipts.map(\.status) == [.accepted, .merged])
        #expect(receipts[0].id == receipts[1].id)
    }
}
