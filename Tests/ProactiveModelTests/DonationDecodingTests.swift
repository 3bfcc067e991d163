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

    /// A field a document's type does not have is rejected, named, with the field it most
    /// likely meant; nothing of the document is decoded.
    @Test(arguments: [
        (
            #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a","attributes":{"title":"Apple pie"}}"#,
            "attributes", "did you mean attributeSet?"
        ),
        (
            #"{"type":"activity","app":"com.a","activityType":"com.a.x","titel":"Yank Sing"}"#, "titel",
            "did you mean title?"
        ),
        (
            #"{"type":"activity","app":"com.a","activityType":"com.a.x","Current":true}"#, "Current",
            "did you mean current?"
        ),
        (
            #"{"type":"app","bundleIdentifier":"com.a","activitytypes":["com.a.x"]}"#, "activitytypes",
            "did you mean activityTypes?"
        ),
        (#"{"type":"event","event":"location","lat":48.8,"longitude":2.3}"#, "lat", "did you mean latitude?"),
        (
            #"{"type":"event","event":"location","gps":[48.8,2.3]}"#, "gps",
            "expected app, at, device, event, id, latitude, longitude, place, surface, type"
        ),
        (
            #"{"type":"pageVisit","app":"org.b","url":"https://example.org/","zzz":1,"body":"x"}"#, "body",
            "expected app, at, html, title, type, url"
        ),
        (
            #"{"type":"nowPlaying","app":"com.p","state":"playing","artists":"A"}"#, "artists",
            "did you mean artist?"
        ),
        (#"{"type":"searchableItemBatch","app":"com.a","item":[]}"#, "item", "did you mean items?"),
        (
            #"{"type":"interaction","app":"com.a","direction":"outgoing","intent":{"kind":"sendMessage"},"activty":{}}"#,
            "activty", "did you mean activity?"
        ),
        // Nested objects the contract defines, named by their path.
        (
            #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":{"titel":"Zebra"}}"#,
            "attributeSet.titel", "did you mean title?"
        ),
        (
            #"{"type":"searchableItemBatch","app":"com.a","items":[{"uniqueIdentifier":"1","attributeSet":{"title":"a"}},{"uniqueIdentifier":"2","attributeSet":{"title":"b","lattitude":48.8}}]}"#,
            "items[1].attributeSet.lattitude", "did you mean latitude?"
        ),
        (
            #"{"type":"searchableItemBatch","app":"com.a","items":[{"uniqueIdentifer":"1"}]}"#,
            "items[0].uniqueIdentifer", "did you mean uniqueIdentifier?"
        ),
        (
            #"{"type":"activity","app":"com.a","activityType":"com.a.v","contentAttributeSet":{"namedLocaton":"Flore"}}"#,
            "contentAttributeSet.namedLocaton", "did you mean namedLocation?"
        ),
        (
            #"{"type":"activity","app":"com.a","activityType":"com.a.v","mapItem":{"name":"Flore","placemark":{"lat":48.8}}}"#,
            "mapItem.placemark.lat", "did you mean latitude?"
        ),
        (
            #"{"type":"activity","app":"com.a","activityType":"com.a.v","mapItem":{"nom":"Flore"}}"#,
            "mapItem.nom", "expected name, phoneNumber, placemark, url"
        ),
        (
            #"{"type":"interaction","app":"com.a","intent":{"kind":"sendMessage","recipents":[]}}"#,
            "intent.recipents", "did you mean recipients?"
        ),
        (
            #"{"type":"interaction","app":"com.a","intent":{"kind":"sendMessage","recipients":[{"handel":"+1 415 555 0100"}]}}"#,
            "intent.recipients[0].handel", "did you mean handle?"
        ),
        (
            #"{"type":"interaction","app":"com.a","intent":{"kind":"sendMessage"},"activity":{"activityType":"com.a.v","titel":"x"}}"#,
            "activity.titel", "did you mean title?"
        ),
    ])
    func anUnknownFieldIsNamed(json: String, field: String, hint: String) throws {
        do {
            _ = try DonationCoding.decode(Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == .unknownField && error.field == field, "\(error)")
            #expect(error.reason.hasSuffix(hint), "\(error.reason)")
        }
    }

    /// An app's `userInfo` is its own: any field goes; so do null and absent nested objects.
    @Test(arguments: [
        #"{"type":"activity","app":"com.a","activityType":"com.a.v","userInfo":{"titel":1,"lattitude":{"x":[]}}}"#,
        #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"1","attributeSet":null}"#,
        #"{"type":"activity","app":"com.a","activityType":"com.a.v","mapItem":{"name":"Flore","placemark":null}}"#,
        #"{"type":"interaction","app":"com.a","intent":{"kind":"sendMessage","sender":{"handle":"a@b.c","handleType":"emailAddress"}}}"#,
    ])
    func fieldsNotCheckedOrAbsentAreAccepted(json: String) throws {
        _ = try DonationCoding.decode(Data(json.utf8))
    }
}

/// A document that is not JSON is refused saying what is wrong and where, without quoting it.
@Suite struct MalformedDocumentTests {
    static let cases: [(String, String)] = [
        (
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"\ud800 secret"}}"#,
            "unpaired UTF-16 surrogate"
        ),
        (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "more than 512 deep"),
        (#"{"type":"searchableItem","app":"#, "ends too early"),
    ]

    @Test(arguments: cases)
    func saysWhatIsWrong(_ json: String, reason: String) {
        do {
            _ = try DonationCoding.decode(Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch {
            #expect(error.code == .malformedJSON)
            #expect(error.reason.hasPrefix("the document is not valid JSON"))
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(!error.reason.contains("secret"))
        }
    }
}
