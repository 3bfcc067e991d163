import Foundation
import ProactiveModel
import Testing

@Suite struct DonationDecodingTests {
    static let valid: [(String, String)] = [
        (
            "app",
            #"{"type":"app","bundleIdentifier":"com.example.nav","name":"Nav","directionsModes":["car","pedestrian"]}"#
        ),
        (
            "activity",
            #"{"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"Yank Sing","userInfo":{"id":"42","n":[1,true,null]},"requiredUserInfoKeys":["id"],"webpageURL":"https://www.yanksing.com/","mapItem":{"name":"Yank Sing","phoneNumber":"(415) 781-1111","placemark":{"latitude":37.79,"longitude":-122.39,"locality":"San Francisco"}}}"#
        ),
        (
            "searchableItem",
            #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"r-1","attributeSet":{"title":"Café"}}"#
        ),
        (
            "searchableItemBatch",
            #"{"type":"searchableItemBatch","app":"com.example.reviews","clientState":"page-3","items":[{"uniqueIdentifier":"r-1","attributeSet":{"title":"A"}}]}"#
        ),
        (
            "interaction",
            #"{"type":"interaction","app":"com.example.chat","at":"2026-11-21T12:00:00.5Z","direction":"outgoing","intent":{"kind":"sendMessage","serviceName":"MonkeyChat","content":"On my way","recipients":[{"displayName":"Alice Martin","handle":"+33 6 12 34 56 78","handleType":"phoneNumber"}]},"outcome":"success","identifier":"m-1","groupIdentifier":"chat-alice"}"#
        ),
        (
            "pageVisit",
            #"{"type":"pageVisit","app":"org.example.browser","url":"https://example.org/","title":"Example","html":"<html></html>"}"#
        ),
        (
            "nowPlaying",
            #"{"type":"nowPlaying","app":"com.example.podcasts","state":"playing","title":"Episode 1","playbackDuration":1800}"#
        ),
        (
            "event",
            #"{"type":"event","at":"2026-11-21T12:00:00+01:00","event":"bluetoothConnected","device":"Car Audio"}"#
        ),
        ("event", #"{"type":"event","event":"location","latitude":48.8566,"longitude":2.3522}"#),
    ]

    @Test(arguments: valid)
    func decodesAndValidates(type: String, json: String) throws {
        let donation = try DonationCoding.decode(Data(json.utf8))
        #expect(donation.type == type)
        _ = try donation.validate(declaringApp: nil)
        // Round trip: what we encode decodes to the same value.
        let encoded = try DonationCoding.makeEncoder().encode(donation)
        #expect(try DonationCoding.decode(encoded) == donation)
    }

    @Test func appliesAppleDefaultEligibility() throws {
        let donation = try DonationCoding.decode(
            Data(#"{"type":"activity","app":"com.a.b","activityType":"com.a.b.x"}"#.utf8))
        guard case .activity(let activity, let current) = donation.content else {
            Issue.record("not an activity"); return
        }
        #expect(!current)
        #expect(activity.isEligibleForHandoff)
        #expect(
            !activity.isEligibleForSearch && !activity.isEligibleForPrediction
                && !activity.isEligibleForPublicIndexing)
    }

    @Test func datesWithOffsetsAndFractions() throws {
        let donation = try DonationCoding.decode(Data(Self.valid[4].1.utf8))
        #expect(donation.at == Date(timeIntervalSince1970: 1_795_262_400.5))
        let event = try DonationCoding.decode(Data(Self.valid[7].1.utf8))
        #expect(event.at == Date(timeIntervalSince1970: 1_795_258_800))
    }
}
