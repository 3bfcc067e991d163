import Logging

/// Logs what `wrapped` logs, except HummingbirdWebSocket's error for a connection closed before
/// its upgrade was decided, which it logs at debug level.
///
/// The ``RequestHeadGuard`` answers a head that is too large or too slow (431, 408) and closes
/// the connection before the WebSocket upgrade handler sees a request; that handler then logs
/// "Error handling upgrade result" (`inappropriateOperationForState`) at error level. One
/// unauthenticated request could so write an error line to the daemon's log, a flood away from
/// filling it.
struct ClosedUpgradeLogHandler: LogHandler {
    var wrapped: any LogHandler

    /// Whether an event is the upgrade handler's error for a connection already closed.
    static func isClosedUpgrade(_ event: LogEvent) -> Bool {
        guard event.level == .error, event.message.description == "Error handling upgrade result" else {
            return false
        }
        guard case .string(let type)? = event.metadata?["error.type"] else { return false }
        return type.contains("inappropriateOperationForState")
            || type.contains("Inappropriate operation for state")
    }

    func log(event: LogEvent) {
        guard Self.isClosedUpgrade(event) else { return wrapped.log(event: event) }
        guard wrapped.logLevel <= .debug else { return }
        var quiet = event
        quiet.level = .debug
        wrapped.log(event: quiet)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }
}
