import Foundation
public import Proactive
import ProactiveSQLite

extension ProactiveEngine {
    /// An engine on a fresh in-memory SQLite store (gone when the engine is), reading the time
    /// from `clock`: what a test needs to donate, search and ask for suggestions without files.
    ///
    /// - Parameters:
    ///   - clock: the engine's clock (default: a ``TestClock`` at ``TestClock/referenceDate``).
    ///   - configuration: any other settings; its `clock` is replaced by `clock`, and a random
    ///     public index key is set when it has none.
    public static func inMemory(
        clock: TestClock = TestClock(), configuration: EngineConfiguration = EngineConfiguration()
    ) throws -> ProactiveEngine {
        var configuration = configuration
        configuration.clock = clock.function
        if configuration.publicIndexKey == nil { configuration.publicIndexKey = PublicIndexKeyFile.newKey() }
        return try ProactiveEngine(storage: SQLiteStorage(), configuration: configuration)
    }
}

extension EngineConfiguration {
    /// The default configuration, reading the time from `clock` (for an engine on a storage
    /// of the test's own), with a random public index key: engines of several users made from
    /// one such configuration count their contributions together.
    public static func withClock(_ clock: TestClock) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.clock = clock.function
        configuration.publicIndexKey = PublicIndexKeyFile.newKey()
        return configuration
    }
}
