import Foundation
import Proactive
import ProactiveHandoff
import ProactiveModel
import ProactiveRelay
import Synchronization
import Testing

@Suite("Handoff through a relay: pair, advertise, offer, continue, withdraw, revoke", .serialized)
struct HandoffTests {
    @Test func anActivityCurrentOnOneDeviceIsOfferedAndContinuedOnTheOther() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        #expect(await laptop.agent.members().count == 2)
        #expect(await phone.agent.members().map(\.name).sorted() == ["Laptop", "Phone"])

        try laptop.becomeCurrent("CANARY-TITLE Chapter 3", userInfo: ["chapter": .string("CANARY-USERINFO")])
        let offers = try await phone.waitForOffers { !$0.isEmpty }
        let offer = try #require(offers.first)
        #expect(offer.title == "CANARY-TITLE Chapter 3")
        #expect(offer.subtitle == "From Laptop")
        #expect(offer.action.type == .continue)
        #expect(offer.id.hasPrefix("handoff/\(laptop.agent.deviceID)/"))

        // The app is declared on the phone: the payload comes from the laptop.
        let result = try await phone.agent.continueOffer(offer.id)
        guard case .launchApp(let app, let activity) = result else {
            Issue.record("expected launchApp, got \(result)")
            return
        }
        #expect(app == Device.app)
        #expect(activity.userInfo["chapter"] == .string("CANARY-USERINFO"))
        // Without the app here, the web page opens.
        #expect(
            try await phone.agent.continueOffer(offer.id, appInstalled: false)
                == .openWebpage(url: "https://reader.example/chapter"))
        // The laptop offers nothing to itself.
        #expect(try laptop.appSwitcher().isEmpty)

        // The relay kept and logged none of it.
        let stored = String(decoding: try harness.relayBytes(), as: UTF8.self)
        #expect(!stored.contains("CANARY"))
        #expect(!stored.contains("reader.example"))
        #expect(!stored.contains(Device.app))
        #expect(!harness.logs.text.contains("CANARY"))
        await harness.stop()
    }

    @Test func resigningWithdrawsTheOfferAndANewActivityReplacesIt() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        let first = try laptop.becomeCurrent("Chapter 1")
        _ = try await phone.waitForOffers { $0.first?.title == "Chapter 1" }
        try laptop.becomeCurrent("Chapter 2")
        #expect(
            try await phone.waitForOffers { $0.first?.title == "Chapter 2" }.map(\.title) == ["Chapter 2"])
        // An app has one current activity: resigning Chapter 2 leaves nothing current.
        try laptop.engine.app(Device.app).resignCurrent(first)
        let second = try laptop.becomeCurrent("Chapter 2")
        try laptop.engine.app(Device.app).resignCurrent(second)
        laptop.agent.changed()
        #expect(try await phone.waitForOffers { $0.isEmpty }.isEmpty)
        await harness.stop()
    }

    /// An app that keeps its activity's state in memory and saves it only when asked.
    final class Reader: UserActivityDelegate {
        let page = Mutex(1)

        func userActivityWillSave(_ activity: UserActivity) -> UserActivity {
            var fresh = activity
            fresh.userInfo["page"] = .number(Double(page.withLock { $0 }))
            return fresh
        }
    }

    @Test func continuingAsksTheSourceAppForAFreshPayloadWhenItNeedsSaving() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        let handle = try laptop.becomeCurrent("Chapter 7", userInfo: ["page": .number(1)])
        let reader = Reader()
        try laptop.engine.app(Device.app).setNeedsSave(handle, delegate: reader)
        reader.page.withLock { $0 = 42 }  // the user read on; the app did not donate again
        let offer = try #require(try await phone.waitForOffers { !$0.isEmpty }.first)
        let result = try await phone.agent.continueOffer(offer.id)
        guard case .launchApp(_, let activity) = result else {
            Issue.record("expected launchApp, got \(result)")
            return
        }
        #expect(activity.userInfo["page"] == .number(42))
        await harness.stop()
    }

    @Test func aRestorationHandlerOnTheContinuingDeviceReceivesTheActivity() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        let restored = Mutex<[String]>([])
        phone.engine.app(Device.app).register(forActivityType: Device.type) { activity in
            restored.withLock { $0.append(activity.title ?? "") }
            return true
        }
        try laptop.becomeCurrent("Chapter 9")
        let offer = try #require(try await phone.waitForOffers { !$0.isEmpty }.first)
        let result = try await phone.agent.continueOffer(offer.id)
        guard case .restored(let app, _) = result else {
            Issue.record("expected restored, got \(result)")
            return
        }
        #expect(app == Device.app)
        #expect(restored.withLock { $0 } == ["Chapter 9"])
        await harness.stop()
    }

    @Test func anActivityNotEligibleForHandoffNeverLeavesTheDevice() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        // Let the initial withdrawals be delivered and deleted.
        try await Task.sleep(for: .milliseconds(300))
        let before = try harness.relay.envelopeCount()
        try laptop.becomeCurrent("CANARY-PRIVATE", eligible: false)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try phone.appSwitcher().isEmpty)
        #expect(try harness.relay.envelopeCount() == before)
        #expect(!String(decoding: try harness.relayBytes(), as: UTF8.self).contains("CANARY"))
        // Asked for it by reference anyway, the laptop refuses.
        #expect(throws: (any Error).self) { try laptop.engine.handoffPayload("activity/1") }
        await harness.stop()
    }

    @Test func withoutTheAppOrAWebPageContinuingIsAClearError() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let tablet = try harness.device("Tablet", declaring: false)
        try await pair(laptop, tablet)
        try laptop.becomeCurrent("No page", url: nil)
        let offer = try #require(try await tablet.waitForOffers { !$0.isEmpty }.first)
        let error = await #expect(throws: HandoffError.self) {
            try await tablet.agent.continueOffer(offer.id)
        }
        #expect(error?.message.contains("not declared on this device") == true)
        #expect(error?.message.contains("no webpageURL") == true)
        await harness.stop()
    }

    @Test func aThirdDeviceJoinsAndAnotherGroupSeesNothing() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        let tablet = try harness.device("Tablet", declaring: false)
        let strangerLaptop = try harness.device("Stranger laptop")
        let strangerPhone = try harness.device("Stranger phone")
        try await pair(laptop, phone)
        try await pair(phone, tablet)  // any member can show a code
        try await pair(strangerLaptop, strangerPhone)
        // The laptop learns the list the phone signed from the relay (its long poll is woken).
        let deadline = ContinuousClock.now + .seconds(5)
        while await laptop.agent.members().count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await laptop.agent.members().count == 3)

        try laptop.becomeCurrent("Shared chapter")
        _ = try await phone.waitForOffers { !$0.isEmpty }
        let onTablet = try #require(try await tablet.waitForOffers { !$0.isEmpty }.first)
        #expect(
            try await tablet.agent.continueOffer(onTablet.id)
                == .openWebpage(url: "https://reader.example/chapter"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(try strangerPhone.appSwitcher().isEmpty)
        #expect(try strangerLaptop.appSwitcher().isEmpty)
        await harness.stop()
    }

    @Test func aRevokedDeviceGetsNothingNew() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        let old = try harness.device("Old phone")
        try await pair(laptop, phone)
        try await pair(laptop, old)
        try laptop.becomeCurrent("Before")
        _ = try await old.waitForOffers { $0.first?.title == "Before" }

        let left = try await laptop.agent.revoke(old.agent.deviceID)
        #expect(left.map(\.name).sorted() == ["Laptop", "Phone"])
        try laptop.becomeCurrent("After CANARY")
        _ = try await phone.waitForOffers { $0.first?.title == "After CANARY" }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try old.appSwitcher().allSatisfy { $0.title != "After CANARY" })
        // The phone learned the new list from the relay and verified it.
        #expect(await phone.agent.members().count == 2)
        // Revoking an unknown device, or itself, is a clear error.
        await #expect(throws: HandoffError.self) {
            try await laptop.agent.revoke("0123456789abcdef0123456789abcdef")
        }
        await #expect(throws: HandoffError.self) { try await laptop.agent.revoke(laptop.agent.deviceID) }
        await harness.stop()
    }

    @Test func pairingCodesAreOneTimeAndWrongOnesAreRefused() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        let intruder = try harness.device("Intruder")
        let invitation = try await laptop.agent.makeCode()
        _ = try await phone.agent.join(code: invitation.code)
        let reused = await #expect(throws: HandoffError.self) {
            try await intruder.agent.join(code: invitation.code)
        }
        #expect(
            reused?.message.contains("unknown or expired") == true
                || reused?.message.contains("already used") == true)
        let wrong = await #expect(throws: HandoffError.self) {
            try await intruder.agent.join(code: PairingCode().text)
        }
        #expect(wrong?.message == "unknown or expired pairing code")
        let malformed = await #expect(throws: HandoffError.self) {
            try await intruder.agent.join(code: "1234")
        }
        #expect(malformed?.code == .invalid)
        #expect(await laptop.agent.members().count == 2)
        await harness.stop()
    }

    @Test func anExpiredCodeIsRefused() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        let invitation = try await laptop.agent.makeCode(lifetime: 1)
        try await Task.sleep(for: .milliseconds(1500))
        let error = await #expect(throws: HandoffError.self) {
            try await phone.agent.join(code: invitation.code)
        }
        #expect(error?.message == "unknown or expired pairing code")
        #expect(await laptop.agent.members().count == 1)
        await harness.stop()
    }

    @Test func aReplayedEnvelopeIsRefused() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        // An attacker who recorded a genuine envelope on the wire (the test seals one with the
        // laptop's own key) posts it again after the offer was withdrawn.
        let identity = try #require(try laptop.state.identity(user: "default"))
        let list = try #require(try laptop.state.signedList(user: "default")).unverifiedList()
        let phoneRecord = try #require(list.device(phone.agent.deviceID))
        let session = RelaySession(
            client: RelayClient(url: harness.relayURL), identity: identity, group: list.group)
        let advertisement = HandoffMessage(
            kind: .advertise, from: identity.id, to: phoneRecord.id, sentAt: Date(),
            body: [
                "activity": .string("activity/9"), "app": .string(Device.app),
                "activityType": .string(Device.type),
                "title": .string("Recorded"),
            ])
        let recorded = try EnvelopeSealer.seal(advertisement, from: identity, to: phoneRecord)
        try await session.send(to: phoneRecord.id, ciphertext: recorded)
        _ = try await phone.waitForOffers { $0.first?.title == "Recorded" }
        let withdrawal = HandoffMessage(
            kind: .withdraw, from: identity.id, to: phoneRecord.id, sentAt: Date(), body: [:])
        try await session.send(
            to: phoneRecord.id, ciphertext: EnvelopeSealer.seal(withdrawal, from: identity, to: phoneRecord))
        _ = try await phone.waitForOffers { $0.isEmpty }
        try await session.send(to: phoneRecord.id, ciphertext: recorded)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try phone.appSwitcher().isEmpty)
        #expect(harness.logs.text.contains("seen before"))
        // A tampered copy is refused too.
        var tampered = recorded
        tampered[tampered.count - 5] ^= 0x20
        try await session.send(to: phoneRecord.id, ciphertext: tampered)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try phone.appSwitcher().isEmpty)
        #expect(harness.logs.text.contains("does not open"))
        await harness.stop()
    }

    @Test func anAdvertisementMadeWhileTheRelayIsDownIsSentWhenItReturns() async throws {
        let harness = try await HandoffHarness()
        let laptop = try harness.device("Laptop")
        let phone = try harness.device("Phone")
        try await pair(laptop, phone)
        await harness.pauseRelay()
        try laptop.becomeCurrent("While down")
        try await Task.sleep(for: .milliseconds(300))
        try await harness.resumeRelay()
        #expect(
            try await phone.waitForOffers { $0.first?.title == "While down" }.first?.title == "While down")
        await harness.stop()
    }
}
