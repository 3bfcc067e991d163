import Foundation
public import Proactive
import ProactiveSQLite

extension ProactiveEngine {
    /// An engine on a fresh in-memory SQLite store (gone when the engine is), reading the time
    /// from `clock`: what a test needs to donate, search and ask for suggestions without files.
    ///
    /// - Parameters:
    ///   - clock: the engine's clock (default: a ``TestClock`` at ``TestClock/referenceDate``).
    ///   - configuration: any other settings; its `clock` is replaced by `clock`.
    public static func inMemory(
        clock: TestClock = TestClock(), configuration: EngineConfiguration = EngineConfiguration()
    ) throws -> ProactiveEngine {
        var configuration = configuration
        configuration.clock = clock.function
        return try ProactiveEngine(storage: SQLiteStorage(), configuration: configuration)
    }
}

extension EngineConfiguration {
    /// The default configuration, reading the time from `clock` (for an engine on a storage
    /// of the test's own).
    public static func withClock(_ clock: TestClock) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.clock = clock.function
        return configuration
    }
}
