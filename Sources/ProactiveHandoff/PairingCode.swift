import Crypto
import Foundation

/// A one-time pairing code: 160 random bits shown on a device of the group and typed on the
/// joining one. The relay sees only the slot derived from it, never the code.
public struct PairingCode: Sendable, Hashable {
    /// The 20 secret bytes.
    public let secret: Data

    /// A new random code.
    public init() {
        var generator = SystemRandomNumberGenerator()
        secret = Data((0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Reads a code as shown (`K7QD-…`; dashes, spaces and case do not matter).
    public init(_ text: String) throws(HandoffError) {
        let letters = text.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard letters.count == 32, let bytes = Base32.decode(letters), bytes.count == 20 else {
            throw HandoffError(
                .invalid,
                "not a pairing code: it has 32 letters and digits 2–7, in groups of four (as shown by `proactive device code`)"
            )
        }
        secret = Data(bytes)
    }

    /// The code as shown: eight groups of four characters.
    public var text: String {
        let letters = Array(Base32.encode(secret))
        return stride(from: 0, to: letters.count, by: 4).map {
            String(letters[$0..<min($0 + 4, letters.count)])
        }
        .joined(separator: "-")
    }

    private func derive(_ info: String, count: Int) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), info: Data(info.utf8), outputByteCount: count)
    }

    /// The relay's slot for this code.
    public var slot: String {
        derive("proactive pairing slot v1", count: 16).withUnsafeBytes { Data($0).hex }
    }

    /// The key that seals the join and the welcome.
    var key: SymmetricKey { derive("proactive pairing key v1", count: 32) }

    /// The string both screens show, from the code and the showing device's signing key.
    public func verification(showingSigningKey raw: Data) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("proactive pairing verification v1".utf8))
        hasher.update(data: secret)
        hasher.update(data: raw)
        let digest = Array(hasher.finalize())
        let number =
            (UInt32(digest[0]) << 24 | UInt32(digest[1]) << 16 | UInt32(digest[2]) << 8 | UInt32(digest[3]))
            % 1_000_000
        let digits = String(format: "%06u", number)
        return "\(digits.prefix(3)) \(digits.suffix(3))"
    }

    /// Seals a pairing document (`aad` is `join` or `welcome`).
    public func seal(_ plaintext: Data, aad: String) throws -> String {
        let box = try ChaChaPoly.seal(plaintext, using: key, authenticating: Data(aad.utf8))
        return box.combined.base64EncodedString()
    }

    /// Opens a pairing document sealed with this code.
    public func open(_ sealed: String, aad: String) throws(HandoffError) -> Data {
        let data = try Data(base64Field: sealed, named: aad)
        do {
            return try ChaChaPoly.open(
                ChaChaPoly.SealedBox(combined: data), using: key, authenticating: Data(aad.utf8))
        } catch {
            throw HandoffError(.unauthentic, "the pairing \(aad) was not sealed with this code")
        }
    }
}

/// RFC 4648 base32 without padding.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ data: Data) -> String {
        var out = ""
        var buffer = 0
        var bits = 0
        for byte in data {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return out
    }

    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return out
    }
}
