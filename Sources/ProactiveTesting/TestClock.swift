import Foundation
import Synchronization

/// A clock that stands still until told to move, for tests whose answers depend on the time
/// (freshness, expiry, "leave now" reminders, relative times in `why`).
///
/// ```swift
/// let clock = TestClock(TestClock.referenceDate)
/// let engine = try ProactiveEngine.inMemory(clock: clock)
/// clock.advance(by: 3600)  // an hour later
/// ```
public final class TestClock: Sendable {
    /// 2026-11-21T12:00:00Z, the date the project's examples and tests use.
    public static let referenceDate = Date(timeIntervalSince1970: 1_795_262_400)

    private let current: Mutex<Date>

    /// A clock showing `date` (default ``referenceDate``).
    public init(_ date: Date = TestClock.referenceDate) {
        current = Mutex(date)
    }

    /// The time the clock shows.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    /// The clock as `EngineConfiguration.clock` takes it.
    public var function: @Sendable () -> Date { { [self] in now } }
}
