import Foundation
import PostgresNIO
import ProactiveStorage

extension StoredAccessToken {
    init(reader r: inout RowReader) throws {
        let digest: String = try r.next()
        let user: String = try r.next()
        self.init(
            digest: digest, user: UserID(rawValue: user) ?? .device, app: try r.next(),
            createdAt: try r.date(),
            label: try r.next())
    }
}

/// Access tokens belong to the whole service: these methods see every user's tokens (each
/// token says which user it acts for).
extension PostgresTransaction {
    func insertAccessToken(_ token: StoredAccessToken) throws {
        try write(
            """
            INSERT INTO access_token (digest, user_id, app, created_at, label)
            VALUES (\(token.digest), \(token.user.rawValue), \(token.app), \(token.createdAt.timeIntervalSince1970),
              \(token.label))
            """, "storing an access token")
    }

    func accessToken(digest: String) throws -> StoredAccessToken? {
        let doing = "reading an access token"
        return try firstRow(
            read(
                "SELECT digest, user_id, app, created_at, label FROM access_token WHERE digest = \(digest)",
                doing),
            doing, StoredAccessToken.init(reader:))
    }

    func accessTokens() throws -> [StoredAccessToken] {
        let doing = "reading access tokens"
        return try rows(
            read(
                """
                SELECT digest, user_id, app, created_at, label FROM access_token
                ORDER BY created_at, digest COLLATE "C"
                """, doing), doing, StoredAccessToken.init(reader:))
    }

    func deleteAccessTokens(digestPrefix prefix: String) throws -> Int {
        try write(
            "DELETE FROM access_token WHERE left(digest, char_length(\(prefix))) = \(prefix)",
            "deleting access tokens"
        ).metadata.rows ?? 0
    }
}
