import Foundation
import ProactiveStorage

extension ProactiveEngine {
    /// Stores a daemon access token's digest (tokens belong to the whole store or service and
    /// name the user they act for).
    public func saveAccessToken(_ token: StoredAccessToken) throws {
        try storage.write(user: token.user) { tx in try tx.insertAccessToken(token) }
    }

    /// The access token with this digest, if any.
    public func accessToken(digest: String) throws -> StoredAccessToken? {
        try storage.read(user: user) { tx in try tx.accessToken(digest: digest) }
    }

    /// Every access token of the store or service, oldest first.
    public func accessTokens() throws -> [StoredAccessToken] {
        try storage.read(user: user) { tx in try tx.accessTokens() }
    }

    /// Deletes the access tokens whose digest starts with `prefix`; returns how many.
    public func revokeAccessTokens(digestPrefix prefix: String) throws -> Int {
        try storage.write(user: user) { tx in try tx.deleteAccessTokens(digestPrefix: prefix) }
    }
}
