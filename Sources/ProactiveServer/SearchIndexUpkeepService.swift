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
        try await repeatStorageWork(
            every: server.configuration.searchIndexUpkeepInterval, logger: server.logger,
            failure: "cannot merge the search index", recovery: "the search index can be merged again"
        ) {
            while try await blocking({ try engine.maintainSearchIndex(pages: pagesPerStep) }) {
                try await Task.sleep(for: pause)
            }
        }
    }
}
