import Crypto
import Foundation
import ProactiveHandoff
import ProactiveModel
import Testing

@Suite("Sealed messages: HPKE to the recipient, signed by the sender")
struct SealingTests {
    let laptop = DeviceIdentity(name: "Laptop")
    let phone = DeviceIdentity(name: "Phone")
    let stranger = DeviceIdentity(name: "Stranger")

    var members: DeviceList {
        DeviceList(
            group: DeviceList.newGroupID(), version: 1, issuedAt: "2026-11-23T10:00:00Z",
            devices: [laptop.record, phone.record])
    }

    func advertisement(from: DeviceIdentity, to: DeviceIdentity, at date: Date = Date()) -> HandoffMessage {
        HandoffMessage(
            kind: .advertise, from: from.id, to: to.id, sentAt: date,
            body: ["activity": .string("activity/1"), "title": .string("CANARY-TITLE")])
    }

    @Test func roundTrip() throws {
        let message = advertisement(from: laptop, to: phone)
        let sealed = try EnvelopeSealer.seal(message, from: laptop, to: phone.record)
        #expect(!String(decoding: sealed, as: UTF8.self).contains("CANARY"))
        let opened = try EnvelopeSealer.open(sealed, as: phone, members: members, now: Date())
        #expect(opened == message)
    }

    @Test func everyChangedByteIsRefused() throws {
        let sealed = try EnvelopeSealer.seal(
            advertisement(from: laptop, to: phone), from: laptop, to: phone.record)
        for index in stride(from: 0, to: sealed.count, by: max(1, sealed.count / 40)) {
            var tampered = sealed
            tampered[index] ^= 0x01
            #expect(throws: HandoffError.self) {
                try EnvelopeSealer.open(tampered, as: phone, members: members, now: Date())
            }
        }
    }

    @Test func anotherDeviceCannotOpenIt() throws {
        let sealed = try EnvelopeSealer.seal(
            advertisement(from: laptop, to: phone), from: laptop, to: phone.record)
        let error = #expect(throws: HandoffError.self) {
            try EnvelopeSealer.open(sealed, as: laptop, members: members, now: Date())
        }
        #expect(error?.code == .unauthentic)
    }

    @Test func aSenderOutsideTheGroupIsRefused() throws {
        // The stranger knows the phone's public key and seals to it, claiming to be itself.
        let sealed = try EnvelopeSealer.seal(
            advertisement(from: stranger, to: phone), from: stranger, to: phone.record)
        let error = #expect(throws: HandoffError.self) {
            try EnvelopeSealer.open(sealed, as: phone, members: members, now: Date())
        }
        #expect(error?.message.contains("not in the group") == true)
    }

    @Test func aForgedSenderIsRefused() throws {
        // The stranger claims to be the laptop: its signature does not verify with the laptop's key.
        let forged = advertisement(from: laptop, to: phone)
        let sealed = try EnvelopeSealer.seal(forged, from: stranger, to: phone.record)
        let error = #expect(throws: HandoffError.self) {
            try EnvelopeSealer.open(sealed, as: phone, members: members, now: Date())
        }
        #expect(error?.message.contains("signature") == true)
    }

    @Test func anOldMessageIsRefused() throws {
        let old = advertisement(from: laptop, to: phone, at: Date().addingTimeInterval(-25 * 3600))
        let sealed = try EnvelopeSealer.seal(old, from: laptop, to: phone.record)
        let error = #expect(throws: HandoffError.self) {
            try EnvelopeSealer.open(sealed, as: phone, members: members, now: Date())
        }
        #expect(error?.code == .replayed)
    }

    @Test func anOversizedPayloadIsRefusedBeforeItLeaves() throws {
        let big = HandoffMessage(
            kind: .payload, from: laptop.id, to: phone.id, sentAt: Date(),
            body: ["blob": .string(String(repeating: "x", count: 70_000))])
        let error = #expect(throws: HandoffError.self) {
            try EnvelopeSealer.seal(big, from: laptop, to: phone.record)
        }
        #expect(error?.code == .tooLarge)
    }
}

@Suite("Pairing codes")
struct PairingCodeTests {
    @Test func codesReadBackInAnyCaseWithOrWithoutDashes() throws {
        let code = PairingCode()
        #expect(code.text.count == 39)
        #expect(try PairingCode(code.text) == code)
        #expect(try PairingCode(code.text.lowercased().replacingOccurrences(of: "-", with: " ")) == code)
        #expect(code.slot.count == 32)
        #expect(code.slot != PairingCode().slot)
    }

    @Test(arguments: [
        "", "K7QD", "0000-1111-2222-3333-4444-5555-6666-7777", String(repeating: "A", count: 40),
    ])
    func malformedCodesAreRefused(_ text: String) {
        let error = #expect(throws: HandoffError.self) { try PairingCode(text) }
        #expect(error?.message.contains("not a pairing code") == true)
    }

    @Test func theVerificationStringIsSixDigitsBoundToTheShowingKey() throws {
        let code = PairingCode()
        let laptop = DeviceIdentity(name: "Laptop")
        let verification = code.verification(showingSigningKey: laptop.signingKey.publicKey.rawRepresentation)
        #expect(verification.wholeMatch(of: /[0-9]{3} [0-9]{3}/) != nil)
        let other = code.verification(
            showingSigningKey: DeviceIdentity(name: "Other").signingKey.publicKey.rawRepresentation)
        _ = other  // Another key gives another string, but 1 in 10^6 collide: not asserted.
        #expect(
            PairingCode().verification(showingSigningKey: laptop.signingKey.publicKey.rawRepresentation)
                != verification)
    }

    @Test func aSealOpensOnlyWithTheSameCodeAndPurpose() throws {
        let code = PairingCode()
        let sealed = try code.seal(Data("hello".utf8), aad: "join")
        #expect(try code.open(sealed, aad: "join") == Data("hello".utf8))
        #expect(throws: HandoffError.self) { try code.open(sealed, aad: "welcome") }
        #expect(throws: HandoffError.self) { try PairingCode().open(sealed, aad: "join") }
    }
}
