import Logging
import Synchronization
import Testing

@testable import ProactiveServer

/// HummingbirdWebSocket's error for a connection the head guard closed is logged at debug level,
/// every other event as it is: before, each refused head (431, 408) wrote an error line.
@Suite struct ClosedUpgradeLogHandlerTests {
    /// What a capture was given.
    final class Events: Sendable {
        let list = Mutex<[(Logger.Level, String)]>([])
    }

    /// Keeps what it is given in `events`.
    struct Capture: LogHandler {
        let events: Events
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            events.list.withLock { $0.append((event.level, event.message.description)) }
        }
    }

    static func logged(level: Logger.Level, _ body: (Logger) -> Void) -> [(Logger.Level, String)] {
        let events = Events()
        var logger = Logger(label: "test") { _ in
            ClosedUpgradeLogHandler(wrapped: Capture(events: events, logLevel: level))
        }
        logger.logLevel = level
        body(logger)
        return events.list.withLock { $0 }
    }

    @Test func aClosedUpgradeIsDebugAndOtherErrorsStay() {
        let info = Self.logged(level: .info) { logger in
            logger.error(
                "Error handling upgrade result", metadata: ["error.type": "Inappropriate operation for state"]
            )
            logger.error("Error handling upgrade result", metadata: ["error.type": "ioOnClosedChannel"])
            logger.error("something else")
        }
        #expect(info.map(\.0) == [.error, .error])
        #expect(info.map(\.1) == ["Error handling upgrade result", "something else"])
        let debug = Self.logged(level: .debug) { logger in
            logger.error(
                "Error handling upgrade result", metadata: ["error.type": "Inappropriate operation for state"]
            )
        }
        #expect(debug.map(\.0) == [.debug])
    }
}
