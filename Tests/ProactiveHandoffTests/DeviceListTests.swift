import Foundation
import ProactiveHandoff
import Testing

@Suite("Signed device lists: the relay cannot add a device")
struct DeviceListTests {
    let laptop = DeviceIdentity(name: "Laptop")
    let phone = DeviceIdentity(name: "Phone")
    let mallory = DeviceIdentity(name: "Mallory")

    func first() -> DeviceList {
        DeviceList(
            group: DeviceList.newGroupID(), version: 1, issuedAt: "2026-11-23T10:00:00Z",
            devices: [laptop.record])
    }

    @Test func aMemberExtendsTheList() throws {
        let v1 = first()
        var v2 = v1
        v2.version = 2
        v2.devices.append(phone.record)
        let signed = try SignedDeviceList(signing: v2, as: laptop)
        #expect(try signed.verified(after: v1) == v2)
    }

    @Test func aListSignedByANonMemberIsRefused() throws {
        // What a relay (or anyone without a member's key) would have to do to add a device.
        let v1 = first()
        var v2 = v1
        v2.version = 2
        v2.devices.append(mallory.record)
        let forged = try SignedDeviceList(signing: v2, as: mallory)
        let error = #expect(throws: HandoffError.self) { try forged.verified(after: v1) }
        #expect(error?.code == .unauthentic)
    }

    @Test func aListWhoseSignatureWasCopiedFromAnotherIsRefused() throws {
        let v1 = first()
        var v2 = v1
        v2.version = 2
        v2.devices.append(phone.record)
        let genuine = try SignedDeviceList(signing: v2, as: laptop)
        var v2b = v2
        v2b.devices.append(mallory.record)
        let other = try SignedDeviceList(signing: v2b, as: mallory)
        let spliced = SignedDeviceList(list: other.list, signer: laptop.id, signature: genuine.signature)
        #expect(throws: HandoffError.self) { try spliced.verified(after: v1) }
    }

    @Test func aDeviceWhoseIdDoesNotMatchItsKeyIsRefused() throws {
        var v1 = first()
        var impostor = phone.record
        impostor.signingKey = mallory.record.signingKey
        v1.devices.append(impostor)
        let signed = try SignedDeviceList(signing: v1, as: laptop)
        let error = #expect(throws: HandoffError.self) { try signed.verified(after: nil) }
        #expect(error?.message.contains("does not match") == true)
    }

    @Test func versionsFollowOneAnotherInOneGroup() throws {
        let v1 = first()
        var v3 = v1
        v3.version = 3
        #expect(throws: HandoffError.self) {
            try SignedDeviceList(signing: v3, as: laptop).verified(after: v1)
        }
        var otherGroup = v1
        otherGroup.group = DeviceList.newGroupID()
        otherGroup.version = 2
        #expect(throws: HandoffError.self) {
            try SignedDeviceList(signing: otherGroup, as: laptop).verified(after: v1)
        }
    }

    @Test func aChainIsVerifiedLinkByLink() throws {
        let v1 = first()
        var v2 = v1
        v2.version = 2
        v2.devices.append(phone.record)
        var v3 = v2
        v3.version = 3
        v3.devices.removeAll { $0.id == laptop.id }
        // The phone, added by the laptop in v2, may sign v3.
        let chain = [
            try SignedDeviceList(signing: v3, as: phone), try SignedDeviceList(signing: v2, as: laptop),
        ]
        #expect(try SignedDeviceList.verifiedChain(chain, after: v1) == v3)
        // Without v2, the phone is not a member of v1: v3 is refused.
        #expect(throws: HandoffError.self) { try SignedDeviceList.verifiedChain([chain[0]], after: v1) }
    }
}
