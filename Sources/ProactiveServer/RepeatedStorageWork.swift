import Foundation
import Logging
import ProactiveStorage

/// Runs `work` now and then every `interval` seconds until the task is cancelled (the daemon
/// shutting down). Storage that cannot be used for a while (a full disk, a database outage)
/// never stops it: the first ``StorageError`` is logged as a warning saying `failure`, and the
/// first success after it as a notice saying `recovery`; other errors end it.
func repeatStorageWork(
    every interval: TimeInterval, logger: Logger, failure: Logger.Message, recovery: Logger.Message,
    _ work: () async throws -> Void
) async throws {
    let pause = Duration.milliseconds(Int64(interval * 1000))
    var failing = false
    while !Task.isCancelled {
        do {
            try await work()
            if failing {
                failing = false
                logger.notice(recovery)
            }
        } catch let error as StorageError {
            if !failing {
                failing = true
                logger.warning(failure, metadata: ["error": "\(error)"])
            }
        }
        try await Task.sleep(for: pause)
    }
}
