/// The daemon's bearer tokens, stored as digests: they belong to the whole store or service
/// and say which user (and app) each acts for.
public protocol AccessTokenStorage {
    /// Stores a token's digest.
    func insertAccessToken(_ token: StoredAccessToken) throws

    /// The token with this digest, if any.
    func accessToken(digest: String) throws -> StoredAccessToken?

    /// Every token, oldest first.
    func accessTokens() throws -> [StoredAccessToken]

    /// Deletes tokens whose digest starts with a prefix; returns how many.
    @discardableResult
    func deleteAccessTokens(digestPrefix prefix: String) throws -> Int
}
