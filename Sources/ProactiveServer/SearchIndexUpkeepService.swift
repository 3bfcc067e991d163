import Foundation
import Logging
import Proactive
import ProactiveStorage
import ServiceLifecycle

/// Keeps the search index merged (see ``ProactiveEngine/maintainSearchIndex(pages:)``): every
/// `searchIndexUpkeepInterval` it asks whether upkeep is due and, while it is, runs short steps
/// with pauses between them, so that donations and searches interleave with the work.
struct SearchIndexUpkeepService: Service {
    let server: ProactiveServer

    /// The most index pages one step writes (about 20 ms of work).
    static let pagesPerStep = 200
    /// The pause between steps.
    static let pause = Duration.milliseconds(20)

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [server] in try await Self.upkeep(server) }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private static func upkeep(_ server: ProactiveServer) async throws {
        let engine = server.engine
        let interval = Duration.milliseconds(Int64(server.configuration.searchIndexUpkeepInterval * 1000))
        var failing = false
        while !Task.isCancelled {
            // A store that cannot be written for a while is logged once and tried again.
            do {
                while try await blocking({ try engine.maintainSearchIndex(pages: pagesPerStep) }) {
                    try await Task.sleep(for: pause)
                }
                if failing {
                    failing = false
                    server.logger.notice("the search index can be merged again")
                }
            } catch let error as StorageError {
                if !failing {
                    failing = true
                    server.logger.warning("cannot merge the search index", metadata: ["error": "\(error)"])
                }
            }
            try await Task.sleep(for: interval)
        }
    }
}
