import Logging

/// Writes log messages to standard error exactly as swift-log's `StreamLogHandler` does, but
/// renders its metadata only when a message is written.
///
/// `StreamLogHandler` renders its whole metadata again each time one value is set. Hummingbird
/// sets a request identifier on its logger for every request, so a daemon logging only
/// warnings spent about 2 % of its CPU rendering identifiers it never wrote
/// (docs/benchmarks.md, "The daemon under load").
struct StandardErrorLogHandler: LogHandler {
    /// The handler that writes; its own metadata stays empty.
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    /// A handler labelled `label` writing messages of `level` or above.
    init(label: String, level: Logger.Level) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            // The message's own values win over the logger's, as in `StreamLogHandler`.
            event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        stream.log(event: event)
    }
}
