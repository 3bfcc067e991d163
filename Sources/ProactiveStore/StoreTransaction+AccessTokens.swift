import Foundation
import GRDB

/// A daemon access token as stored: its digest and whom it acts for.
public struct StoredAccessToken: Sendable, Hashable {
    /// The token's SHA-256 digest, in hexadecimal.
    public var digest: String
    /// The bundle identifier it acts for, or `nil` for a system token.
    public var app: String?
    /// When it was created.
    public var createdAt: Date
    /// A note saying what it is for.
    public var label: String?

    /// Creates a stored token.
    public init(digest: String, app: String?, createdAt: Date, label: String? = nil) {
        self.digest = digest
        self.app = app
        self.createdAt = createdAt
        self.label = label
    }
}

extension StoreTransaction {
    /// Stores a token's digest.
    public func insertAccessToken(_ token: StoredAccessToken) throws {
        try db.execute(
            sql: "INSERT INTO accessToken (digest, app, createdAt, label) VALUES (?, ?, ?, ?)",
            arguments: [token.digest, token.app, token.createdAt.timeIntervalSince1970, token.label])
    }

    /// The token with this digest, if any.
    public func accessToken(digest: String) throws -> StoredAccessToken? {
        try Row.fetchOne(
            db, sql: "SELECT digest, app, createdAt, label FROM accessToken WHERE digest = ?",
            arguments: [digest]
        ).map(StoredAccessToken.init(row:))
    }

    /// Every token, oldest first.
    public func accessTokens() throws -> [StoredAccessToken] {
        try Row.fetchAll(db, sql: "SELECT digest, app, createdAt, label FROM accessToken ORDER BY createdAt")
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
    init(row: Row) {
        self.init(
            digest: row[0], app: row[1], createdAt: Date(timeIntervalSince1970: row[2]), label: row[3])
    }
}
