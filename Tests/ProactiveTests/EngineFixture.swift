import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import ProactiveTesting

/// An engine on a fresh in-memory store with a fixed clock, and helpers to donate JSON.
struct EngineFixture {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z
    let engine: ProactiveEngine
    /// The engine's storage, for checking what it holds.
    let storage: any Storage

    init() throws {
        // The in-memory engine of ProactiveTesting, on a storage kept here to check what it holds.
        storage = try SQLiteStorage()
        engine = try ProactiveEngine(
            storage: storage, configuration: EngineConfiguration.withClock(TestClock(EngineFixture.t0)))
    }

    @discardableResult
    func donate(_ json: String..., donor: Donor = .system, at: Date = EngineFixture.t0) throws
        -> [DonationReceipt]
    {
        try engine.donate(documents: json.map { Data($0.utf8) }, donor: donor, now: at)
    }

    func declare(_ app: String, types: [String] = []) throws {
        let types = types.map { "\"\($0)\"" }.joined(separator: ",")
        try donate(
            #"{"type":"app","bundleIdentifier":"\#(app)","name":"\#(app)","activityTypes":[\#(types)]}"#)
    }

    func item(_ app: String, _ id: String, title: String, extra: String = "") -> String {
        guard extra.isEmpty else {
            return
                #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"\#(id)","attributeSet":{"title":"\#(title)"\#(extra)}}"#
        }
        return TestDocument.searchableItem(app: app, id: id, title: title).json
    }

    func search(_ text: String, app: String? = nil, donor: Donor = .system, at: Date = EngineFixture.t0)
        throws -> [SearchResult]
    {
        try engine.search(SearchRequest(text).app(app).at(at), donor: donor)
    }
}
