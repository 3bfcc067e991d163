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
        let interval = Duration.milliseconds(Int64(server.configuration.expirySweepInterval * 1000))
        var failing = false
        while !Task.isCancelled {
            // A storage that cannot be written for a while (a full disk, a database outage) is
            // logged once and tried again next time; it never stops the daemon.
            do {
                let purged = try await blocking { try engine.purgeExpiredData() }
                if purged > 0 {
                    server.logger.debug("expired data deleted", metadata: ["items": "\(purged)"])
                }
                if failing {
                    failing = false
                    server.logger.notice("expired data can be deleted again")
                }
            } catch let error as StorageError {
                if !failing {
                    failing = true
                    server.logger.warning("cannot delete expired data", metadata: ["error": "\(error)"])
                }
            }
            try await Task.sleep(for: interval)
        }
    }
}
