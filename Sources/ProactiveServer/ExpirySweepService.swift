import Foundation
import Logging
import Proactive
import ProactiveStorage
import ServiceLifecycle

/// Deletes every user's expired data every `expirySweepInterval` (see
/// ``ProactiveEngine/purgeExpiredData()``), from the daemon's start until it shuts down.
struct ExpirySweepService: Service {
    let server: ProactiveServer

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [server] in try await Self.sweep(server) }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private static func sweep(_ server: ProactiveServer) async throws {
        let engine = server.engine
        try await repeatStorageWork(
            every: server.configuration.expirySweepInterval, logger: server.logger,
            failure: "cannot delete expired data", recovery: "expired data can be deleted again"
        ) {
            let purged = try await blocking { try engine.purgeExpiredData() }
            if purged > 0 {
                server.logger.debug("expired data deleted", metadata: ["items": "\(purged)"])
            }
        }
    }
}
