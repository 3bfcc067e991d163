import Crypto
import Foundation
import ProactiveHandoff

/// What a device receives from the relay or a pairing peer. The first byte picks the layer the
/// rest of the input reaches:
/// 0. an envelope as the relay delivers it (`enc ‖ ciphertext`);
/// 1. the plaintext inside a genuine seal to this device (the signed-message wrapper);
/// 2. a message inside a genuine seal and a genuine signature of a member (the message's JSON);
/// 3. a signed device list, checked against the group's current list;
/// 4. a pairing code as typed, and a sealed pairing message under a fixed code.
/// Whatever the input, the device refuses it with an error or accepts only what a member signed
/// for it.
enum EnvelopeTarget {
    static let device = DeviceIdentity(name: "fuzzed device")
    static let member = DeviceIdentity(name: "member")
    static let group = DeviceList(
        group: "fuzzgroup", version: 1, issuedAt: "2026-11-24T00:00:00Z",
        devices: [device.record, member.record])
    static let now = Date(timeIntervalSince1970: 1_795_500_000)
    static let code = PairingCode()

    static func run(_ input: Data) {
        guard let layer = input.first else { return }
        let rest = Data(input.dropFirst())
        switch layer % 5 {
        case 0: open(rest)
        case 1: open(sealed(rest))
        case 2: open(sealed(signed(rest)))
        case 3: list(rest)
        default: pairing(rest)
        }
    }

    /// Opens an envelope: refused, or a message from a member to this device.
    static func open(_ envelope: Data) {
        guard let message = try? EnvelopeSealer.open(envelope, as: device, members: group, now: now) else {
            return
        }
        precondition(message.to == device.id, "accepted a message for another device")
        precondition(group.device(message.from) != nil, "accepted a message from outside the group")
    }

    /// `plaintext` sealed to this device as a member would (HPKE base mode, the protocol's info).
    static func sealed(_ plaintext: Data) -> Data {
        do {
            var sender = try HPKE.Sender(
                recipientKey: device.agreementKey.publicKey, ciphersuite: .Curve25519_SHA256_ChachaPoly,
                info: Data("proactive handoff v1".utf8))
            let ciphertext = try sender.seal(plaintext, authenticating: Data(device.id.utf8))
            return sender.encapsulatedKey + ciphertext
        } catch {
            fatalError("sealing failed: \(error)")
        }
    }

    /// `message` wrapped as the member's signed message.
    static func signed(_ message: Data) -> Data {
        let signature = (try? member.sign(message)) ?? Data()
        let wrapper = [
            "message": message.base64EncodedString(), "signature": signature.base64EncodedString(),
        ]
        return (try? JSONSerialization.data(withJSONObject: wrapper)) ?? Data()
    }

    /// A signed list as the relay serves it: refused unless a member of the current list signed
    /// a later version of the same group.
    static func list(_ json: Data) {
        guard let signed = try? JSONDecoder().decode(SignedDeviceList.self, from: json) else { return }
        guard let verified = try? signed.verified(after: group) else { return }
        preconditionFailure("accepted a device list nobody in the group signed: version \(verified.version)")
    }

    /// A typed pairing code, and a sealed pairing message under a known code.
    static func pairing(_ input: Data) {
        let text = String(decoding: input, as: UTF8.self)
        if let parsed = try? PairingCode(text) {
            _ = parsed.verification(showingSigningKey: Data(input.prefix(32)))
        }
        if let opened = try? code.open(text, aad: "join") {
            preconditionFailure("opened a pairing message nobody sealed: \(opened.count) bytes")
        }
    }
}
