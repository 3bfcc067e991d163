import Foundation
import ProactiveStorage

extension ProactiveEngine {
    /// Reads the whole store — every user's rows and the indexes over them — and answers the
    /// problems found, one sentence each; empty when the store is intact (`proactive check`).
    ///
    /// On the embedded store this is SQLite's `integrity_check` and each full-text index's own
    /// check; on PostgreSQL, a read of every table and, with the `amcheck` extension, a check of
    /// every B-tree index.
    public func checkIntegrity() throws -> [String] {
        try storage.checkIntegrity()
    }
}
