import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import ProactiveTesting
import Testing

/// A system clock that jumps backwards neither brings expired data back nor expires data early.
@Suite struct ClockJumpTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)

    static func item(_ id: String, expiring: Date) -> String {
        #"{"type":"searchableItem","app":"com.example.notes","uniqueIdentifier":"\#(id)","attributeSet":{"title":"Clock note \#(id)"},"expirationDate":"\#(DonationCoding.formatDate(expiring))"}"#
    }

    func found(_ engine: ProactiveEngine) throws -> Set<String> {
        Set(try engine.search(SearchRequest("clock note")).map(\.title))
    }

    @Test func aClockJumpingBackDoesNotResurrectExpiredData() throws {
        let clock = TestClock(Self.t0)
        let engine = try ProactiveEngine(storage: SQLiteStorage(), configuration: .withClock(clock))
        try engine.donate(documents: [
            Data(Self.item("soon", expiring: Self.t0.addingTimeInterval(3600)).utf8),
            Data(Self.item("later", expiring: Self.t0.addingTimeInterval(5 * 3600)).utf8),
        ])
        #expect(try found(engine) == ["Clock note soon", "Clock note later"])
        // Two hours later "soon" has expired (no write since: it is not purged yet).
        clock.advance(by: 2 * 3600)
        #expect(try found(engine) == ["Clock note later"])
        // The system clock jumps back three hours (NTP, a wrong RTC, a user): "soon" stays gone.
        clock.set(Self.t0.addingTimeInterval(-3600))
        #expect(engine.now == Self.t0.addingTimeInterval(2 * 3600))
        #expect(try found(engine) == ["Clock note later"])
        // Time resumes once the clock passes where it was; "later" expires when it is due.
        clock.set(Self.t0.addingTimeInterval(4 * 3600))
        #expect(try found(engine) == ["Clock note later"])
        clock.set(Self.t0.addingTimeInterval(6 * 3600))
        #expect(try found(engine).isEmpty)
    }

    /// What the sweep deleted stays gone when the process restarts with a clock set back
    /// (a dead RTC battery): only data not swept yet could come back. Every user is swept.
    @Test func sweptDataStaysGoneAfterARestartWithTheClockSetBack() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("clock-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let clock = TestClock(Self.t0)
        let storage = try SQLiteStorage(path: path)
        let engine = try ProactiveEngine(storage: storage, configuration: .withClock(clock))
        let other = engine.forUser("other")
        for user in [engine, other] {
            try user.donate(documents: [
                Data(Self.item("soon", expiring: Self.t0.addingTimeInterval(3600)).utf8),
                Data(Self.item("later", expiring: Self.t0.addingTimeInterval(5 * 3600)).utf8),
            ])
        }
        clock.advance(by: 2 * 3600)
        #expect(try engine.purgeExpiredData() == 2)
        #expect(try engine.purgeExpiredData() == 0)
        // The process restarts on the same store, its clock three hours behind.
        let restarted = try ProactiveEngine(
            storage: try SQLiteStorage(path: path),
            configuration: .withClock(TestClock(Self.t0.addingTimeInterval(-3600))))
        #expect(try found(restarted) == ["Clock note later"])
        #expect(try found(restarted.forUser("other")) == ["Clock note later"])
    }
}
