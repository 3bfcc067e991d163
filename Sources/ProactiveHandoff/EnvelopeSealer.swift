import Crypto
import Foundation
import ProactiveModel

/// Seals messages to a device and opens those sealed to this one: HPKE (RFC 9180) base mode,
/// DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, with the sender's Ed25519
/// signature inside the seal.
public enum EnvelopeSealer {
    /// The HPKE `info` of version 1.
    static let info = Data("proactive handoff v1".utf8)
    /// The largest ciphertext a relay accepts.
    public static let maximumCiphertext = 64 * 1024
    /// How long a message is accepted after it was sent.
    public static let maximumAge: TimeInterval = 24 * 3600

    /// Seals a message from `identity` to `recipient`: `enc ‖ ciphertext`.
    public static func seal(
        _ message: HandoffMessage, from identity: DeviceIdentity, to recipient: DeviceRecord
    )
        throws -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = try encoder.encode(message)
        let inner = try encoder.encode(
            SignedMessage(
                message: bytes.base64EncodedString(),
                signature: try identity.sign(bytes).base64EncodedString()))
        var sender = try HPKE.Sender(
            recipientKey: try recipient.agreementPublicKey(), ciphersuite: .Curve25519_SHA256_ChachaPoly,
            info: info)
        let sealed = try sender.seal(inner, authenticating: Data(recipient.id.utf8))
        let envelope = sender.encapsulatedKey + sealed
        guard envelope.count <= maximumCiphertext else {
            throw HandoffError(
                .tooLarge,
                "the sealed message has \(envelope.count) bytes; the relay takes at most \(maximumCiphertext)"
            )
        }
        return envelope
    }

    /// Opens an envelope sealed to `identity` and checks its sender's signature against the
    /// group's list, its recipient and its age. (Replays are checked by the caller, who keeps
    /// the ids seen.)
    public static func open(_ envelope: Data, as identity: DeviceIdentity, members: DeviceList, now: Date)
        throws(HandoffError) -> HandoffMessage
    {
        guard envelope.count > 32 + 16 else { throw HandoffError(.invalid, "the envelope is too short") }
        let inner: Data
        do {
            var recipient = try HPKE.Recipient(
                privateKey: identity.agreementKey, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: info,
                encapsulatedKey: envelope.prefix(32))
            inner = try recipient.open(envelope.dropFirst(32), authenticating: Data(identity.id.utf8))
        } catch {
            throw HandoffError(
                .unauthentic, "the envelope does not open with this device's key (tampered or not for it)")
        }
        guard let signed = try? JSONDecoder().decode(SignedMessage.self, from: inner) else {
            throw HandoffError(.invalid, "the envelope holds no signed message")
        }
        let bytes = try Data(base64Field: signed.message, named: "message")
        let signature = try Data(base64Field: signed.signature, named: "signature")
        guard let message = try? JSONDecoder().decode(HandoffMessage.self, from: bytes), message.v == 1 else {
            throw HandoffError(.invalid, "the envelope's message is not a version 1 message")
        }
        guard let sender = members.device(message.from) else {
            throw HandoffError(.unauthentic, "the message comes from a device that is not in the group")
        }
        guard try sender.signingPublicKey().isValidSignature(signature, for: bytes) else {
            throw HandoffError(.unauthentic, "the message's signature does not verify")
        }
        guard message.to == identity.id else {
            throw HandoffError(.unauthentic, "the message is addressed to another device")
        }
        guard let sentAt = DonationCoding.parseDate(message.sentAt),
            abs(now.timeIntervalSince(sentAt)) <= maximumAge
        else {
            throw HandoffError(.replayed, "the message is older than 24 hours (or from the future)")
        }
        return message
    }
}
