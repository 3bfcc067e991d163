import Crypto
import Foundation

/// A device as the group knows it: its id, name and public keys (what the signed list holds).
public struct DeviceRecord: Sendable, Hashable, Codable {
    /// The lowercase hex of the first 16 bytes of SHA-256 of the signing key.
    public var id: String
    /// A name for people ("Laptop").
    public var name: String
    /// The Ed25519 public key (raw 32 bytes, base64).
    public var signingKey: String
    /// The X25519 public key (raw 32 bytes, base64).
    public var agreementKey: String

    /// Creates a record.
    public init(id: String, name: String, signingKey: String, agreementKey: String) {
        self.id = id
        self.name = name
        self.signingKey = signingKey
        self.agreementKey = agreementKey
    }

    /// The device id derived from a signing public key.
    public static func id(forSigningKey raw: Data) -> String {
        Data(SHA256.hash(data: raw).prefix(16)).hex
    }

    /// The signing public key, checked against the id.
    public func signingPublicKey() throws(HandoffError) -> Curve25519.Signing.PublicKey {
        let raw = try Data(base64Field: signingKey, named: "signingKey")
        guard Self.id(forSigningKey: raw) == id else {
            throw HandoffError(.unauthentic, "device \(id): its id does not match its signing key")
        }
        do { return try Curve25519.Signing.PublicKey(rawRepresentation: raw) } catch {
            throw HandoffError(.invalid, "device \(id): the signing key is not an Ed25519 key")
        }
    }

    /// The key-agreement public key.
    public func agreementPublicKey() throws(HandoffError) -> Curve25519.KeyAgreement.PublicKey {
        let raw = try Data(base64Field: agreementKey, named: "agreementKey")
        do { return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw) } catch {
            throw HandoffError(.invalid, "device \(id): the agreement key is not an X25519 key")
        }
    }

    /// Checks the keys are well formed and the id matches.
    public func validate() throws(HandoffError) {
        guard !name.isEmpty, name.count <= 100 else {
            throw HandoffError(.invalid, "device \(id): the name must have 1 to 100 characters")
        }
        _ = try signingPublicKey()
        _ = try agreementPublicKey()
    }
}
