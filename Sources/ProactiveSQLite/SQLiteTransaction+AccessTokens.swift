import Foundation
import GRDB
import ProactiveStorage

extension SQLiteTransaction {
    /// Stores a token's digest.
    public func insertAccessToken(_ token: StoredAccessToken) throws {
        try db.execute(
            sql: "INSERT INTO accessToken (digest, userId, app, createdAt, label) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                token.digest, token.user.rawValue, token.app, token.createdAt.timeIntervalSince1970,
                token.label,
            ])
    }

    /// The token with this digest, if any.
    public func accessToken(digest: String) throws -> StoredAccessToken? {
        try Row.fetchOne(
            db, sql: "SELECT digest, userId, app, createdAt, label FROM accessToken WHERE digest = ?",
            arguments: [digest]
        ).map(StoredAccessToken.init(row:))
    }

    /// Every token, oldest first.
    public func accessTokens() throws -> [StoredAccessToken] {
        try Row.fetchAll(
            db, sql: "SELECT digest, userId, app, createdAt, label FROM accessToken ORDER BY createdAt"
        )
        .map(StoredAccessToken.init(row:))
    }

    /// Deletes tokens whose digest starts with a prefix; returns how many.
    @discardableResult
    public func deleteAccessTokens(digestPrefix prefix: String) throws -> Int {
        try db.execute(
            sql: "DELETE FROM accessToken WHERE substr(digest, 1, ?) = ?", arguments: [prefix.count, prefix])
        return db.changesCount
    }
}

extension StoredAccessToken {
    init(row: some ColumnValues) {
        self.init(
            digest: row[0], user: UserID(rawValue: row[1]) ?? .device, app: row[2],
            createdAt: Date(timeIntervalSince1970: row[3]), label: row[4])
    }
}
