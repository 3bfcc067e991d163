import Dispatch

/// Runs blocking work (SQLite reads and writes) on a dispatch queue instead of Swift's
/// cooperative threads, which serve every request and must not wait on the disk.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
