import Foundation
import ProactiveModel
import Testing

@Suite struct DonationValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var json: String
        var field: String?
        var code: DonationError.Code
        var testDescription: String { "\(code.rawValue) \(field ?? "-")" }
    }

    static let declared = App(
        bundleIdentifier: "com.example.reviews", name: "Reviews",
        activityTypes: ["com.example.reviews.restaurant"])

    static let cases: [Case] = [
        Case(json: "{", field: nil, code: .malformedJSON),
        // A content URL that runs code or has no scheme (before: stored and given to surfaces).
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"t","contentURL":"javascript:alert(1)"}}"#,
            field: "attributeSet.contentURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"t","contentURL":" JavaScript:alert(1)"}}"#,
            field: "attributeSet.contentURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"t","contentURL":"data:text/html,<script>x</script>"}}"#,
            field: "attributeSet.contentURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"t","contentURL":"notes/42"}}"#,
            field: "attributeSet.contentURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"u","attributeSet":{"title":"t","contentURL":"https:///nohost"}}"#,
            field: "attributeSet.contentURL", code: .invalidValue),
        Case(json: #"{"app":"com.a.b"}"#, field: "type", code: .missingField),
        Case(json: #"{"type":"teleport","app":"com.a.b"}"#, field: "type", code: .unknownType),
        Case(json: #"{"type":"activity","activityType":"com.a.b.x"}"#, field: "app", code: .missingField),
        Case(
            json: #"{"type":"activity","app":"not reverse dns","activityType":"com.a.b.x"}"#, field: "app",
            code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.other"}"#,
            field: "activityType", code: .undeclaredActivityType),
        Case(
            json: #"{"type":"activity","app":"com.example.reviews","activityType":"restaurant"}"#,
            field: "activityType", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","title":42}"#,
            field: "title", code: .wrongType),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","webpageURL":"ftp://x.org/"}"#,
            field: "webpageURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","webpageURL":"javascript:alert(1)"}"#,
            field: "webpageURL", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","requiredUserInfoKeys":["id"]}"#,
            field: "userInfo.id", code: .missingField),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","contentAttributeSet":{"namedLocation":"X","latitude":12}}"#,
            field: "contentAttributeSet.longitude", code: .missingField),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","contentAttributeSet":{"namedLocation":"X","latitude":12,"longitude":200}}"#,
            field: "contentAttributeSet.longitude", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","contentAttributeSet":{"city":"Paris"}}"#,
            field: "contentAttributeSet.namedLocation", code: .missingField),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","contentAttributeSet":{"namedLocation":"X","phoneNumbers":["call me"]}}"#,
            field: "contentAttributeSet.phoneNumbers[0]", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","mapItem":{"name":"X","placemark":{"latitude":-91,"longitude":0}}}"#,
            field: "mapItem.placemark.latitude", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.example.reviews","activityType":"com.example.reviews.restaurant","expirationDate":"tomorrow"}"#,
            field: "expirationDate", code: .invalidValue),
        Case(
            json: #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":""}"#,
            field: "uniqueIdentifier", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"a","attributeSet":{"isoCountryCode":"USA"}}"#,
            field: "attributeSet.isoCountryCode", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItemBatch","app":"com.example.reviews","items":[{"uniqueIdentifier":"a"},{"attributeSet":{}}]}"#,
            field: "items[1].uniqueIdentifier", code: .missingField),
        Case(
            json:
                #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"teleport","recipients":[]}}"#,
            field: "intent.kind", code: .invalidValue),
        Case(
            json:
                #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","recipients":[]}}"#,
            field: "intent.recipients", code: .missingField),
        Case(
            json:
                #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","recipients":[{"handle":"nope","handleType":"emailAddress"}]}}"#,
            field: "intent.recipients[0].handle", code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"org.example.browser","url":"file:///etc/passwd"}"#,
            field: "url", code: .invalidValue),
        Case(
            json: #"{"type":"nowPlaying","app":"com.example.podcasts","state":"dancing"}"#, field: "state",
            code: .invalidValue),
        Case(
            json:
                #"{"type":"nowPlaying","app":"com.example.podcasts","state":"playing","playbackDuration":-3}"#,
            field: "playbackDuration", code: .invalidValue),
        Case(
            json: #"{"type":"event","event":"location","latitude":48.8}"#, field: "longitude",
            code: .missingField),
        Case(json: #"{"type":"event","event":"appLaunched"}"#, field: "app", code: .missingField),
        Case(json: #"{"type":"event","event":"arrived"}"#, field: "place", code: .missingField),
        Case(json: #"{"type":"event","event":"suggestionEngaged"}"#, field: "id", code: .missingField),
        Case(json: #"{"type":"event","event":"earthquake"}"#, field: "event", code: .invalidValue),
        // App identifiers: two labels or more, none empty, ASCII letters, digits, "-" and "_".
        Case(
            json: #"{"type":"pageVisit","app":"com","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"com..a","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":".com.a","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"com.a.","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"com.café","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"com.a b","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        Case(
            json: #"{"type":"pageVisit","app":"com.a.\u0301","url":"https://a.org/"}"#, field: "app",
            code: .invalidValue),
        // A field's name is made when it fails: an entry of a list, by its index.
        Case(
            json:
                #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"a","attributeSet":{"keywords":["a","\#(String(repeating: "é", count: 1025))"]}}"#,
            field: "attributeSet.keywords[1]", code: .tooLarge),
        // U+0000 (NUL), which no stored text can hold, wherever JSON spells it.
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"a","attributeSet":{"title":"x","contentDescription":"a\u0000b"}}"#,
            field: "attributeSet.contentDescription", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"a\u0000","attributeSet":{}}"#,
            field: "uniqueIdentifier", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.x","userInfo":{"n":1,"z":{"list":["ok","\\u0000 is spelled","x\u0000"]}}}"#,
            field: "userInfo.z.list[2]", code: .invalidValue),
        Case(
            json:
                #"{"type":"activity","app":"com.a.b","activityType":"com.a.b.x","userInfo":{"k\u0000ey":1}}"#,
            field: #"userInfo.k\u0000ey"#, code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItemBatch","app":"com.a.b","clientState":"\u0000","items":[{"uniqueIdentifier":"a","attributeSet":{}}]}"#,
            field: "clientState", code: .invalidValue),
        Case(
            json:
                #"{"type":"searchableItemBatch","app":"com.a.b","items":[{"uniqueIdentifier":"a","attributeSet":{}},{"uniqueIdentifier":"b","attributeSet":{"keywords":["\u0000"]}}]}"#,
            field: "items[1].attributeSet.keywords[0]", code: .invalidValue),
        Case(
            json:
                #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","content":"hi\u0000","recipients":[{"handle":"a@b.org","handleType":"emailAddress"}]}}"#,
            field: "intent.content", code: .invalidValue),
        // A field no other check reads (a page's HTML, stored as sent) is named too.
        Case(
            json: #"{"type":"pageVisit","app":"com.a.b","url":"https://a.org/","html":"<p>a\u0000</p>"}"#,
            field: "html", code: .invalidValue),
    ]

    /// A backslash before `u0000` spells those characters, not NUL: accepted as text.
    @Test func acceptsAnEscapedBackslashBeforeU0000() throws {
        let json =
            #"{"type":"searchableItem","app":"com.a.b","uniqueIdentifier":"a","attributeSet":{"title":"C:\\u0000 and \\\\u0000"}}"#
        let donation = try DonationCoding.decode(Data(json.utf8))
        _ = try donation.validate(declaringApp: nil)
        guard case .searchableItem(let item) = donation.content else {
            Issue.record("not an item")
            return
        }
        #expect(item.attributeSet.title == #"C:\u0000 and \\u0000"#)
    }

    /// Values made in Swift are checked too: NUL in a field or in userInfo is refused by name.
    @Test func refusesNULInValuesMadeInSwift() {
        var item = SearchableItem(uniqueIdentifier: "a", attributeSet: SearchableItemAttributeSet())
        item.attributeSet.title = "a\u{0}b"
        #expect(throws: DonationError.nulCharacter(field: "attributeSet.title")) {
            try Donation(app: "com.a.b", content: .searchableItem(item)).validate(declaringApp: nil)
        }
        let batch = SearchableItemBatch(items: [], deletedIdentifiers: ["a", "a\u{0}b"])
        #expect(throws: DonationError.nulCharacter(field: "deletedIdentifiers[1]")) {
            try Donation(app: "com.a.b", content: .searchableItemBatch(batch)).validate(declaringApp: nil)
        }
        var activity = UserActivity(activityType: "com.a.b.x")
        activity.userInfo = ["a": .array([.string("ok"), .string("\u{0}")])]
        #expect(throws: DonationError.nulCharacter(field: "userInfo.a[1]")) {
            try Donation(app: "com.a.b", content: .activity(activity, current: false)).validate(
                declaringApp: nil)
        }
    }

    /// Lengths are counted in characters (Unicode scalars), not bytes.
    @Test func acceptsAStringOfMoreBytesThanItsLimitInCharacters() throws {
        let keyword = String(repeating: "é", count: 1024)
        let json =
            #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a","attributeSet":{"keywords":["\#(keyword)"]}}"#
        _ = try DonationCoding.decode(Data(json.utf8)).validate(declaringApp: nil)
    }

    @Test(arguments: [
        "file:///notes/42.txt", "https://example.com/a", "HTTP://example.com", "myapp://note/42",
        "x-notes:42", "mailto:a@example.com",
    ])
    func acceptsAContentURLThatNamesContent(_ url: String) throws {
        let json =
            #"{"type":"searchableItem","app":"com.a","uniqueIdentifier":"a","attributeSet":{"title":"t","contentURL":"\#(url)"}}"#
        _ = try DonationCoding.decode(Data(json.utf8)).validate(declaringApp: nil)
    }

    @Test(arguments: ["com.a", "org.example-1.app_2", "A.B.C", "com.a.b.c.d.e"])
    func acceptsReverseDNSIdentifiers(_ app: String) throws {
        let json = #"{"type":"pageVisit","app":"\#(app)","url":"https://a.org/"}"#
        _ = try DonationCoding.decode(Data(json.utf8)).validate(declaringApp: nil)
    }

    @Test(arguments: cases)
    func rejectsNamingTheField(_ c: Case) {
        do {
            let donation = try DonationCoding.decode(Data(c.json.utf8))
            _ = try donation.validate(
                declaringApp: donation.app == Self.declared.bundleIdentifier ? Self.declared : nil)
            Issue.record("accepted \(c.json)")
        } catch {
            #expect(error.code == c.code)
            #expect(error.field == c.field)
            #expect(!error.reason.isEmpty)
        }
    }

    @Test func oversizedUserInfoIsRejectedAndLargeOneWarns() throws {
        var activity = UserActivity(activityType: "com.a.b.x")
        activity.userInfo = ["blob": .string(String(repeating: "x", count: 4000))]
        let warnings = try Donation(app: "com.a.b", content: .activity(activity, current: false)).validate(
            declaringApp: nil)
        #expect(warnings.count == 1)
        #expect(warnings[0].contains("userInfo"))
        activity.userInfo = ["blob": .string(String(repeating: "x", count: 70_000))]
        #expect(throws: DonationError.self) {
            try Donation(app: "com.a.b", content: .activity(activity, current: false)).validate(
                declaringApp: nil)
        }
    }

    @Test func errorsNeverQuotePrivateContent() {
        let secret = "my-secret-diagnosis"
        let json =
            #"{"type":"interaction","app":"com.example.chat","intent":{"kind":"sendMessage","content":"\#(secret)","recipients":[{"handle":"\#(secret)","handleType":"emailAddress"}]}}"#
        do {
            _ = try DonationCoding.decode(Data(json.utf8)).validate(declaringApp: nil)
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains(secret))
        }
    }
}
