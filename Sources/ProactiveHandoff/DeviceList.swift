import Crypto
import Foundation

/// One version of a device group's membership: who may receive what the group's devices send.
public struct DeviceList: Sendable, Hashable, Codable {
    /// The group's id (32 random hex characters).
    public var group: String
    /// Increases by one with each change.
    public var version: Int
    /// When the signer issued it (ISO 8601).
    public var issuedAt: String
    /// The member devices.
    public var devices: [DeviceRecord]

    /// Creates a list.
    public init(group: String, version: Int, issuedAt: String, devices: [DeviceRecord]) {
        self.group = group
        self.version = version
        self.issuedAt = issuedAt
        self.devices = devices
    }

    /// The member with an id.
    public func device(_ id: String) -> DeviceRecord? { devices.first { $0.id == id } }

    /// A new random group id.
    public static func newGroupID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).hex
    }
}

/// A device list as it travels: the exact JSON bytes of the list, the device that signed them
/// and its Ed25519 signature over those bytes.
public struct SignedDeviceList: Sendable, Hashable, Codable {
    /// The list's JSON bytes, base64.
    public var list: String
    /// The signing device's id.
    public var signer: String
    /// Ed25519 over the list bytes, base64.
    public var signature: String

    /// Creates a signed list from its parts.
    public init(list: String, signer: String, signature: String) {
        self.list = list
        self.signer = signer
        self.signature = signature
    }

    /// Signs a list as `identity`.
    public init(signing list: DeviceList, as identity: DeviceIdentity) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = try encoder.encode(list)
        self.list = bytes.base64EncodedString()
        self.signer = identity.id
        self.signature = try identity.sign(bytes).base64EncodedString()
    }

    /// The list, decoded and checked for form, without checking who signed it.
    public func unverifiedList() throws(HandoffError) -> DeviceList {
        let bytes = try Data(base64Field: list, named: "list")
        guard let decoded = try? JSONDecoder().decode(DeviceList.self, from: bytes) else {
            throw HandoffError(.invalid, "the device list is not a list of devices")
        }
        guard decoded.version >= 1, decoded.group.count == 32, decoded.group.allSatisfy(\.isHexDigit) else {
            throw HandoffError(.invalid, "the device list has no valid group id or version")
        }
        guard Set(decoded.devices.map(\.id)).count == decoded.devices.count, decoded.devices.count <= 64
        else {
            throw HandoffError(.invalid, "the device list repeats a device or has more than 64")
        }
        for device in decoded.devices { try device.validate() }
        return decoded
    }

    /// Verifies the list against the version the verifier trusts: the first version (or a list
    /// received through a pairing, `trusted == nil`) must be signed by one of its own devices;
    /// a later one by a device of `trusted`, for the same group and a higher version.
    public func verified(after trusted: DeviceList?) throws(HandoffError) -> DeviceList {
        let candidate = try unverifiedList()
        let signers: DeviceList
        if let trusted {
            guard candidate.group == trusted.group else {
                throw HandoffError(.unauthentic, "the device list is for another group")
            }
            guard candidate.version == trusted.version + 1 else {
                throw HandoffError(
                    .invalid, "device list version \(candidate.version) does not follow \(trusted.version)")
            }
            signers = trusted
        } else {
            signers = candidate
        }
        guard let signer = signers.device(self.signer) else {
            throw HandoffError(.unauthentic, "the device list is signed by a device that is not a member")
        }
        let bytes = try Data(base64Field: list, named: "list")
        let signature = try Data(base64Field: self.signature, named: "signature")
        guard try signer.signingPublicKey().isValidSignature(signature, for: bytes) else {
            throw HandoffError(.unauthentic, "the device list's signature does not verify")
        }
        return candidate
    }

    /// Verifies a chain of later versions, one after the other, from the trusted one.
    public static func verifiedChain(_ lists: [SignedDeviceList], after trusted: DeviceList)
        throws(HandoffError)
        -> DeviceList
    {
        var current = trusted
        for signed in lists.sorted(by: {
            (try? $0.unverifiedList().version) ?? 0 < (try? $1.unverifiedList().version) ?? 0
        }) {
            let version = try signed.unverifiedList().version
            guard version > current.version else { continue }
            current = try signed.verified(after: current)
        }
        return current
    }
}
