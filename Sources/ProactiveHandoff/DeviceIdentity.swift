import Crypto
import Foundation

/// This device's long-term keys: Ed25519 to sign (lists, messages, relay sessions) and X25519
/// to receive sealed messages.
public struct DeviceIdentity: Sendable {
    private let signingKeyData: Data
    private let agreementKeyData: Data

    /// The signing key.
    public var signingKey: Curve25519.Signing.PrivateKey {
        // Checked when the identity was made.
        try! Curve25519.Signing.PrivateKey(rawRepresentation: signingKeyData)
    }
    /// The key-agreement key.
    public var agreementKey: Curve25519.KeyAgreement.PrivateKey {
        try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: agreementKeyData)
    }
    /// The device's name.
    public var name: String

    /// Makes a new identity with fresh keys.
    public init(name: String) {
        self.init(
            name: name, signingKey: Curve25519.Signing.PrivateKey(),
            agreementKey: Curve25519.KeyAgreement.PrivateKey())
    }

    /// An identity from its keys.
    public init(
        name: String, signingKey: Curve25519.Signing.PrivateKey,
        agreementKey: Curve25519.KeyAgreement.PrivateKey
    ) {
        self.name = name
        self.signingKeyData = signingKey.rawRepresentation
        self.agreementKeyData = agreementKey.rawRepresentation
    }

    /// The device id.
    public var id: String { DeviceRecord.id(forSigningKey: signingKey.publicKey.rawRepresentation) }

    /// The public record the group's list holds.
    public var record: DeviceRecord {
        DeviceRecord(
            id: id, name: name, signingKey: signingKey.publicKey.rawRepresentation.base64EncodedString(),
            agreementKey: agreementKey.publicKey.rawRepresentation.base64EncodedString())
    }

    /// Signs bytes.
    public func sign(_ data: Data) throws -> Data {
        try signingKey.signature(for: data)
    }
}
