import ArgumentParser
import Foundation
import Logging
import Proactive
import ProactiveServer
import Synchronization

/// `proactive serve [--host H] [--port P] [--store PATH | --postgres URL]`
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the daemon: the HTTP + WebSocket API and the inspector at /, until SIGTERM or SIGINT.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "The address to listen on (127.0.0.1 is this device only).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port = 8787

    @Option(name: .long, help: "Documents an app may donate per second, sustained.")
    var rateLimit: Double = 20_000

    @Option(
        name: .long,
        help:
            "Seconds a computed suggestion list is reused for the same request while nothing changes (0: never)."
    )
    var suggestionReuse: Double = 1

    @Option(name: .long, help: "The log level: trace, debug, info, notice, warning, error (default info).")
    var logLevel = "info"

    @Option(
        name: .long,
        help:
            "Distinct users who must contribute before a public entry is found by everyone (default: $PROACTIVE_PUBLIC_THRESHOLD, else 5)."
    )
    var publicThreshold: Int?

    @Option(
        name: .long,
        help:
            "The public index's secret key file, the same for every daemon of a service (default: $PROACTIVE_PUBLIC_INDEX_KEY_FILE, else beside the store; made if missing)."
    )
    var publicIndexKeyFile: String?

    @Option(
        name: .long,
        help:
            "A Handoff relay to connect this device to, e.g. http://relay.example:8790 (default: $PROACTIVE_RELAY; none: no Handoff)."
    )
    var relay: String?

    @Option(name: .long, help: "This device's name in its Handoff group (default: the host name).")
    var deviceName: String?

    @Option(
        name: .long,
        help:
            "The file keeping this device's Handoff keys and group (default: beside the store, STORE.handoff; on PostgreSQL, the user's data directory's handoff.sqlite)."
    )
    var handoffFile: String?

    func run() throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw UsageError(
                message: "--log-level: expected trace, debug, info, notice, warning, error or critical")
        }
        guard (0...65535).contains(port) else { throw UsageError(message: "--port: expected 0 to 65535") }
        guard rateLimit > 0 else { throw UsageError(message: "--rate-limit must be positive") }
        guard suggestionReuse >= 0 else { throw UsageError(message: "--suggestion-reuse must be 0 or more") }
        if let publicThreshold, publicThreshold < 1 {
            throw UsageError(message: "--public-threshold: expected a whole number of users, 1 or more")
        }
        LoggingSystem.bootstrap { label in StandardErrorLogHandler(label: label, level: level) }
        let logger = Logger(label: "proactive")
        let engine = try options.openEngine(
            publicThreshold: publicThreshold, publicIndexKeyFile: publicIndexKeyFile)
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.donationRate = rateLimit
        configuration.donationBurst = rateLimit * 2
        configuration.suggestionReuse = suggestionReuse
        if let relay = relay
            ?? ProcessInfo.processInfo.environment["PROACTIVE_RELAY"].flatMap({ $0.isEmpty ? nil : $0 })
        {
            guard let url = URL(string: relay), url.scheme == "http" || url.scheme == "https", url.host != nil
            else {
                throw UsageError(
                    message: "--relay: expected the relay's http(s) URL, e.g. http://127.0.0.1:8790")
            }
            configuration.relay = url
            if let deviceName {
                guard !deviceName.isEmpty, deviceName.count <= 100 else {
                    throw UsageError(message: "--device-name: expected 1 to 100 characters")
                }
                configuration.deviceName = deviceName
            }
            configuration.handoffStatePath =
                handoffFile
                ?? (options.postgresURL == nil
                    ? options.storePath + ".handoff" : options.dataDirectory + "/handoff.sqlite")
        }
        let server = try ProactiveServer(engine: engine, configuration: configuration, logger: logger)
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let store = engine.storageDescription
        let host = host
        Task {
            do {
                try await server.run { port in
                    logger.info(
                        "listening", metadata: ["url": "http://\(host):\(port)/", "storage": "\(store)"])
                    // One line on stdout that scripts and tests wait for.
                    FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)/\n".utf8))
                }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        logger.info("stopped")
    }
}
