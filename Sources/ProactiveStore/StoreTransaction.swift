import GRDB

/// Access to the store inside one transaction (read-only or read-write, as opened).
///
/// Only valid inside the closure passed to ``Store/write(_:)`` or ``Store/read(_:)``.
public struct StoreTransaction {
    let db: Database
    let index: DeferredIndex

    init(db: Database) {
        self.db = db
        self.index = DeferredIndex()
    }
}
