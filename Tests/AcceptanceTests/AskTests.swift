import Foundation
import Testing

/// Story 1, step 6: "call this place" and "get directions" while the review app shows a place,
/// in every supported language and for places in several countries.
@Suite struct AskTests {
    static let utterances: [(String, String)] = [
        ("call this place", "call"), ("Appelle ce lieu", "call"), ("chiama questo posto", "call"),
        ("Ligue para este lugar", "call"), ("Ruf diesen Ort an", "call"), ("打電話給這個地方", "call"),
        ("get directions", "directions"), ("Itinéraire", "directions"), ("come ci arrivo?", "directions"),
        ("Como chegar?", "directions"), ("Wie komme ich dahin?", "directions"), ("怎麼去", "directions"),
    ]

    static let places: [(attributes: String, phone: String)] = [
        (
            #""namedLocation":"Yank Sing","subThoroughfare":"101","thoroughfare":"Spear St","city":"San Francisco","stateOrProvince":"CA","postalCode":"94105","country":"United States","latitude":37.7923,"longitude":-122.3928,"phoneNumbers":["(415) 781-1111"]"#,
            "+14157811111"
        ),
        (
            #""namedLocation":"Le Comptoir du Relais","subThoroughfare":"9","thoroughfare":"Carrefour de l'Odéon","city":"Paris","postalCode":"75006","country":"France","phoneNumbers":["01 44 27 07 97"]"#,
            "+33144270797"
        ),
        (
            #""namedLocation":"鼎泰豐","thoroughfare":"信義路二段194號","city":"台北市","country":"台灣","phoneNumbers":["02 2321 8928"]"#,
            "+886223218928"
        ),
    ]

    static func showing(_ attributes: String, _ cli: CLI) throws {
        let documents = """
            {"type":"app","bundleIdentifier":"com.example.reviews","name":"Yummy Reviews","activityTypes":["com.example.reviews.restaurant"]}
            {"type":"app","bundleIdentifier":"com.example.nav","name":"Navigator","directionsModes":["car"]}
            {"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"A place","contentAttributeSet":{\(attributes),"supportsPhoneCalls":true,"supportsNavigation":true}}
            """
        #expect(try cli.run(["donate", "-"], stdin: documents).status == 0)
    }

    @Test(arguments: 0..<3)
    func requestsResolveAgainstWhatIsOnScreen(_ place: Int) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Self.showing(Self.places[place].attributes, cli)
        for (utterance, intent) in Self.utterances {
            let out = try cli.run([
                "ask", "--json", "--app", "com.example.reviews", "--at", "2026-11-21T12:01:00Z", utterance,
            ])
            #expect(out.status == 0, "\(utterance): \(out.stderr)")
            let answer = try #require(try out.json() as? [String: Any])
            #expect(answer["intent"] as? String == intent, "\(utterance)")
            if intent == "call" {
                #expect(answer["phoneNumber"] as? String == Self.places[place].phone)
            } else {
                let action = try #require(answer["action"] as? [String: Any])
                #expect(action["app"] as? String == "com.example.nav")
                #expect((action["url"] as? String)?.contains("latitude=") == true)
            }
        }
    }

    /// The answer explains itself in the language of `--locale`.
    @Test func theAnswerExplainsItselfInTheLocale() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Self.showing(Self.places[1].attributes, cli)
        for (locale, why) in [
            ("fr-FR", "Le Comptoir du Relais est à l'écran dans Yummy Reviews"),
            ("de-DE", "Le Comptoir du Relais ist in Yummy Reviews auf dem Bildschirm"),
            ("en-US", "Le Comptoir du Relais is on screen in Yummy Reviews"),
        ] {
            let out = try cli.run([
                "ask", "--json", "--app", "com.example.reviews", "--at", "2026-11-21T12:01:00Z", "--locale",
                locale,
                "call this place",
            ])
            let answer = try #require(try out.json() as? [String: Any])
            #expect((answer["why"] as? [String])?.first == why, "\(locale): \(out.stdout)")
        }
        // Every line, the routing app's too; Chinese in the locale's script.
        for (locale, why) in [
            (
                "fr-FR",
                ["Le Comptoir du Relais est à l'écran dans Yummy Reviews", "Navigator donne l'itinéraire"]
            ),
            ("zh-TW", ["Le Comptoir du Relais 正顯示在 Yummy Reviews 中", "由 Navigator 提供路線"]),
            ("zh-CN", ["Le Comptoir du Relais 正显示在 Yummy Reviews 中", "由 Navigator 提供路线"]),
        ] {
            let out = try cli.run([
                "ask", "--json", "--app", "com.example.reviews", "--at", "2026-11-21T12:01:00Z", "--locale",
                locale, "get directions",
            ])
            let answer = try #require(try out.json() as? [String: Any])
            #expect(answer["why"] as? [String] == why, "\(locale): \(out.stdout)")
        }
    }

    @Test func unresolvableRequestsSayWhy() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let nothing = try cli.run(["ask", "call this place"])
        #expect(nothing.status == 1 && nothing.stderr.contains("no app shows"))
        try Self.showing(#""namedLocation":"Quiet Place","city":"Lyon","country":"France""#, cli)
        let noPhone = try cli.run(["ask", "--at", "2026-11-21T12:01:00Z", "call this place"])
        #expect(noPhone.status == 1 && noPhone.stderr.contains("no phone number"))
        let gibberish = try cli.run(["ask", "--at", "2026-11-21T12:01:00Z", "sing me a song"])
        #expect(gibberish.status == 1 && gibberish.stderr.contains("not one the assistant understands"))
    }
}
