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
    /// The keys of the users and apps this transaction used.
    let names = InternedNames()

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

    /// The user's key in `entry` and `placeSighting` (``InternedNames/none`` when the store
    /// holds nothing of the user).
    func userKey() throws -> Int64 { try names.key(of: userID, db) }

    /// An app's key in `entry` and `placeSighting` (``InternedNames/none`` when the store
    /// holds nothing of the app).
    func appKey(_ app: String) throws -> Int64 { try names.key(of: app, db) }

    /// The condition a scope puts on the entry alias `e`, and its arguments.
    func condition(_ scope: AppScope) throws -> (clause: String, arguments: StatementArguments) {
        switch scope {
        case .app(let app): ("AND e.appKey = ?", [try appKey(app)])
        case .system: ("", [])
        }
    }
}
