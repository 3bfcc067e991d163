import Crypto
import Foundation
import Proactive
import ProactiveStore
import Synchronization

/// Creates and checks the daemon's bearer tokens. A token is 256 random bits (base64url,
/// prefixed `pk_`); the store keeps only its SHA-256 digest, so a copy of the store reveals no
/// usable token. An app token acts for one bundle identifier; a system token for the device.
public final class TokenAuthority: Sendable {
    /// The store holding the digests.
    public let store: Store
    /// Checked tokens (kept in this process's memory only), with when they were checked.
    private let known = Mutex<[String: (donor: Donor, checkedAt: Date)]>([:])
    /// How long a checked token is trusted before the store is asked again (so that a token
    /// revoked by another process stops working).
    static let trust: TimeInterval = 5

    /// Creates an authority on a store.
    public init(store: Store) {
        self.store = store
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

    /// Creates a token acting for `donor` and returns it (it is not stored, only its digest).
    public func create(for donor: Donor, label: String? = nil, now: Date = Date()) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token =
            "pk_"
            + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let app: String? = if case .app(let bundle) = donor { bundle } else { nil }
        try store.write { tx in
            try tx.insertAccessToken(
                StoredAccessToken(digest: Self.digest(token), app: app, createdAt: now, label: label))
        }
        return token
    }

    /// Whom a token acts for, or `nil` when it is unknown or revoked.
    public func donor(forToken token: String, now: Date = Date()) throws -> Donor? {
        if let cached = known.withLock({ $0[token] }), now.timeIntervalSince(cached.checkedAt) < Self.trust {
            return cached.donor
        }
        guard let stored = try store.read({ try $0.accessToken(digest: Self.digest(token)) }) else {
            known.withLock { _ = $0.removeValue(forKey: token) }
            return nil
        }
        let donor: Donor = stored.app.map { .app($0) } ?? .system
        known.withLock { known in
            // Unknown tokens are never kept, so the cache holds at most the tokens in use.
            if known.count > 10_000 { known.removeAll() }
            known[token] = (donor, now)
        }
        return donor
    }

    /// Revokes the tokens whose digest starts with `prefix` (at least 8 hexadecimal digits, as
    /// `proactive token list` shows them); returns how many.
    public func revoke(digestPrefix prefix: String) throws -> Int {
        let count = try store.write { tx in try tx.deleteAccessTokens(digestPrefix: prefix.lowercased()) }
        known.withLock { $0.removeAll() }
        return count
    }
}
