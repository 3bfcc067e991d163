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
    /// The store's frequent words' matches, for searches (read transactions only).
    let frequentWords: FrequentWordMatches?

    init(db: Database, user: UserID, isWritable: Bool, frequentWords: FrequentWordMatches? = nil) {
        self.db = db
        self.user = user
        self.isWritable = isWritable
        self.index = DeferredIndex()
        self.searchMemo = isWritable ? nil : SearchIndexMemo()
        self.frequentWords = isWritable ? nil : frequentWords
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
