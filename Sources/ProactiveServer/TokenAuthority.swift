import Crypto
import Foundation
import Proactive
import ProactiveStorage
import Synchronization

/// Creates and checks the daemon's bearer tokens. A token is 256 random bits (base64url,
/// prefixed `pk_`); the store keeps only its SHA-256 digest, so a copy of the store reveals no
/// usable token. A token acts for one user: an app token for one of the user's apps, a system
/// token for the user's device (or the user's whole account on a service).
public final class TokenAuthority: Sendable {
    /// The engine whose storage holds the digests.
    public let engine: ProactiveEngine
    /// Checked tokens (kept in this process's memory only), with when they were checked.
    private let known = Mutex<[String: (principal: Principal, checkedAt: Date)]>([:])
    /// How long a checked token is trusted before the store is asked again (so that a token
    /// revoked by another process stops working).
    static let trust: TimeInterval = 5

    /// Creates an authority on an engine's storage.
    public init(engine: ProactiveEngine) {
        self.engine = engine
    }

    /// The hexadecimal SHA-256 digest of a token.
    public static func digest(_ token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Creates a token acting for `donor` of `user` and returns it (it is not stored, only its
    /// digest).
    public func create(for donor: Donor, user: UserID = .device, label: String? = nil, now: Date = Date())
        throws -> String
    {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token =
            "pk_"
            + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let app: String? = if case .app(let bundle) = donor { bundle } else { nil }
        try engine.saveAccessToken(
            StoredAccessToken(digest: Self.digest(token), user: user, app: app, createdAt: now, label: label))
        return token
    }

    /// Whom a token acts for if it was checked less than `trust` (5) seconds ago (no storage
    /// read), else `nil`.
    public func cachedPrincipal(forToken token: String, now: Date = Date()) -> Principal? {
        guard let cached = known.withLock({ $0[token] }), now.timeIntervalSince(cached.checkedAt) < Self.trust
        else { return nil }
        return cached.principal
    }

    /// Whom a token acts for, or `nil` when it is unknown or revoked.
    public func principal(forToken token: String, now: Date = Date()) throws -> Principal? {
        if let cached = cachedPrincipal(forToken: token, now: now) { return cached }
        guard let stored = try engine.accessToken(digest: Self.digest(token)) else {
            known.withLock { _ = $0.removeValue(forKey: token) }
            return nil
        }
        let principal = Principal(user: stored.user, donor: stored.app.map { .app($0) } ?? .system)
        known.withLock { known in
            // Unknown tokens are never kept, so the cache holds at most the tokens in use.
            if known.count > 10_000 { known.removeAll() }
            known[token] = (principal, now)
        }
        return principal
    }

    /// Every token of the store or service, oldest first (digests only).
    public func list() throws -> [StoredAccessToken] { try engine.accessTokens() }

    /// Revokes the tokens whose digest starts with `prefix` (at least 8 hexadecimal digits, as
    /// `proactive token list` shows them); returns how many.
    public func revoke(digestPrefix prefix: String) throws -> Int {
        let count = try engine.revokeAccessTokens(digestPrefix: prefix.lowercased())
        known.withLock { $0.removeAll() }
        return count
    }
}
