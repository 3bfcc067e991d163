import ArgumentParser
import Foundation
import Logging
import ProactiveRelay
import Synchronization

/// `proactive relay [--host H] [--port P] [--store PATH]`
struct RelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract:
            "Run a Handoff relay: it forwards sealed envelopes between a user's devices and can read none of them.",
        discussion: "Device daemons connect to it with `proactive serve --relay URL`. See docs/handoff.md.")

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port = 8790

    @Option(
        name: .long,
        help:
            "The relay's SQLite file: groups' signed lists and waiting envelopes (default: the user's data directory's relay.sqlite)."
    )
    var store: String?

    @Option(name: .long, help: "The log level: trace, debug, info, notice, warning, error.")
    var logLevel = "info"

    func run() throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw UsageError(
                message: "--log-level: expected trace, debug, info, notice, warning, error or critical")
        }
        guard (0...65535).contains(port) else { throw UsageError(message: "--port: expected 0 to 65535") }
        LoggingSystem.bootstrap { label in StandardErrorLogHandler(label: label, level: level) }
        let path: String
        if let store {
            path = store
        } else {
            try FileManager.default.createDirectory(
                atPath: GlobalOptions.dataDirectory, withIntermediateDirectories: true)
            path = GlobalOptions.dataDirectory + "/relay.sqlite"
        }
        let logger = Logger(label: "proactive.relay")
        let relay = try RelayServer(
            storePath: path, configuration: .init(host: host, port: port), logger: logger)
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let host = host
        Task {
            do {
                try await relay.run { port in
                    logger.info("listening", metadata: ["url": "http://\(host):\(port)/"])
                    FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)/\n".utf8))
                }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
