import GRDB
import ProactiveStorage

/// Access to the SQLite store inside one transaction, for one user.
///
/// Only valid inside the closure passed to ``SQLiteStorage/write(user:_:)`` or
/// ``SQLiteStorage/read(user:_:)``.
struct SQLiteTransaction: StorageTransaction {
    let db: Database
    let user: UserID
    let isWritable: Bool
    let index: DeferredIndex
    /// What this transaction learned of the full-text index (read transactions only).
    let searchMemo: SearchIndexMemo?

    init(db: Database, user: UserID, isWritable: Bool) {
        self.db = db
        self.user = user
        self.isWritable = isWritable
        self.index = DeferredIndex()
        self.searchMemo = isWritable ? nil : SearchIndexMemo()
    }

    /// The user's identifier, as bound in statements.
    var userID: String { user.rawValue }
}

extension AppScope {
    /// The condition (on the entry alias `e`) and its arguments.
    var sql: (clause: String, arguments: StatementArguments) {
        switch self {
        case .app(let app): ("AND e.app = ?", [app])
        case .system: ("", [])
        }
    }
}
