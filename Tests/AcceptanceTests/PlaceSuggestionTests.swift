import Foundation
import Testing

/// Stories 1 and 2 (the place parts): a place viewed in an app or on a web page becomes a
/// destination in maps and CarPlay and a route in the app switcher, fades, and disappears when
/// deleted or expired. Parameterized over countries; nothing is special-cased.
@Suite struct PlaceSuggestionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var attributes: String
        var formatted: String
        var latitude: Double
        var longitude: Double
        var phone: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Yank Sing",
            attributes:
                #""subThoroughfare":"101","thoroughfare":"Spear St","city":"San Francisco","stateOrProvince":"CA","postalCode":"94105","country":"United States","latitude":37.7923,"longitude":-122.3928,"phoneNumbers":["(415) 781-1111"]"#,
            formatted: "101 Spear St, San Francisco, CA 94105", latitude: 37.7923, longitude: -122.3928,
            phone: "+14157811111"),
        Case(
            name: "Le Comptoir du Relais",
            attributes:
                #""subThoroughfare":"9","thoroughfare":"Carrefour de l'Odéon","city":"Paris","postalCode":"75006","country":"France","latitude":48.8519,"longitude":2.3389,"phoneNumbers":["01 44 27 07 97"]"#,
            formatted: "9 Carrefour de l'Odéon, 75006 Paris", latitude: 48.8519, longitude: 2.3389,
            phone: "+33144270797"),
        Case(
            name: "Café Einstein Stammhaus",
            attributes:
                #""subThoroughfare":"58","thoroughfare":"Kurfürstenstraße","city":"Berlin","postalCode":"10785","country":"Deutschland","phoneNumbers":["030 2615096"]"#,
            formatted: "Kurfürstenstraße 58, 10785 Berlin", latitude: 52.52, longitude: 13.40,
            phone: "+49302615096"),
        Case(
            name: "Antico Caffè Greco",
            attributes:
                #""subThoroughfare":"86","thoroughfare":"Via dei Condotti","city":"Roma","postalCode":"00187","country":"Italia","latitude":41.9057,"longitude":12.4807"#,
            formatted: "Via dei Condotti 86, 00187 Roma", latitude: 41.9057, longitude: 12.4807, phone: nil),
        Case(
            name: "鼎泰豐",
            attributes:
                #""thoroughfare":"信義路二段194號","city":"台北市","postalCode":"106","country":"台灣","phoneNumbers":["02 2321 8928"]"#,
            formatted: "106台北市信義路二段194號", latitude: 25.05, longitude: 121.53, phone: "+886223218928"),
    ]

    static let apps = """
        {"type":"app","bundleIdentifier":"com.example.reviews","name":"Yummy Reviews","activityTypes":["com.example.reviews.restaurant"]}
        {"type":"app","bundleIdentifier":"com.example.nav","name":"Navigator","directionsModes":["car","pedestrian"]}
        {"type":"app","bundleIdentifier":"com.example.ride","name":"RideNow","directionsModes":["rideShare"]}
        """

    static func suggest(_ cli: CLI, _ arguments: [String]) throws -> [[String: Any]] {
        let out = try cli.run(["suggest", "--json"] + arguments)
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(try out.json() as? [[String: Any]])
    }

    @Test(arguments: cases)
    func aViewedPlaceIsSuggestedEverywhereThenFadesAndGoes(_ c: Case) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let activity =
            #"{"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"\#(c.name)","persistentIdentifier":"r-1","expirationDate":"2026-11-25T00:00:00Z","isEligibleForSearch":true,"contentAttributeSet":{"namedLocation":"\#(c.name)",\#(c.attributes),"supportsNavigation":true,"supportsPhoneCalls":true}}"#
        #expect(try cli.run(["donate", "-"], stdin: Self.apps + "\n" + activity).status == 0)

        // App switcher, a minute later: directions through the routing app, a ride through the ride app.
        let switcher = try Self.suggest(cli, ["--surface", "appSwitcher", "--at", "2026-11-21T12:01:00Z"])
        #expect(
            switcher.prefix(2).map { $0["title"] as? String } == [
                "Get directions to \(c.name)", "Get a ride to \(c.name)",
            ])
        #expect(
            switcher.prefix(2).map { ($0["action"] as? [String: Any])?["type"] as? String } == [
                "directions", "ride",
            ])
        let url = try #require((switcher.first?["action"] as? [String: Any])?["url"] as? String)
        let items = URLComponents(string: url)?.queryItems ?? []
        #expect(items.first { $0.name == "name" }?.value == c.name)
        #expect(items.contains { $0.name == "latitude" })

        // Maps and CarPlay: the first destination, with where it came from.
        for surface in ["maps", "carPlay"] {
            let list = try Self.suggest(cli, ["--surface", surface, "--at", "2026-11-21T12:01:00Z"])
            let first = try #require(list.first { $0["kind"] as? String == "place" }, "\(surface)")
            #expect(first["title"] as? String == c.name)
            let place = try #require(first["place"] as? [String: Any])
            #expect(place["formattedAddress"] as? String == c.formatted)
            #expect(abs((place["latitude"] as? Double ?? 0) - c.latitude) < 0.3)
            #expect(abs((place["longitude"] as? Double ?? 0) - c.longitude) < 0.3)
            if let phone = c.phone { #expect(place["phoneNumbers"] as? [String] == [phone]) }
            #expect((first["source"] as? [String: Any])?["app"] as? String == "com.example.reviews")
            #expect((first["why"] as? [String])?.first?.contains("Yummy Reviews") == true)
        }

        // A day later a fresher place is first; after the app deletes it, it is gone everywhere.
        let fresher =
            #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"r-2","attributeSet":{"title":"Fresh Place","namedLocation":"Fresh Place","city":"\#(c.name == "鼎泰豐" ? "台北市" : "Paris")","latitude":48.86,"longitude":2.34}}"#
        try cli.run(["donate", "--at", "2026-11-22T12:00:00Z", "-"], stdin: fresher)
        let nextDay = try Self.suggest(cli, ["--surface", "maps", "--at", "2026-11-22T12:05:00Z"])
        #expect(nextDay.map { $0["title"] as? String } == ["Fresh Place", c.name])
        try cli.run(["delete", "--app", "com.example.reviews", "--persistent-identifier", "r-1"])
        let afterDelete = try Self.suggest(cli, ["--surface", "maps", "--at", "2026-11-22T12:06:00Z"])
        #expect(afterDelete.map { $0["title"] as? String } == ["Fresh Place"])
    }

    @Test func expiredPlacesAreGone() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let item =
            #"{"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"x","expirationDate":"2026-11-21T13:00:00Z","attributeSet":{"title":"Brief","namedLocation":"Brief","city":"Lyon","country":"France"}}"#
        try cli.run(["donate", "--at", "2026-11-21T12:00:00Z", "-"], stdin: Self.apps + "\n" + item)
        #expect(try Self.suggest(cli, ["--surface", "maps", "--at", "2026-11-21T12:30:00Z"]).count == 1)
        #expect(try Self.suggest(cli, ["--surface", "maps", "--at", "2026-11-21T13:30:00Z"]).isEmpty)
    }

    @Test func aWebPageBecomesAPlaceGeocodedFromItsAddress() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let html =
            #"<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Restaurant","name":"Trattoria da Enzo","telephone":"+39 06 581 2260","address":{"@type":"PostalAddress","streetAddress":"Via dei Vascellari 29","addressLocality":"Roma","postalCode":"00153","addressCountry":"IT"}}</script></head></html>"#
        let escaped = String(decoding: try JSONEncoder().encode(html), as: UTF8.self)
        let visit =
            #"{"type":"pageVisit","app":"org.example.browser","at":"2026-11-21T12:00:00Z","url":"https://www.daenzo.it/","html":\#(escaped)}"#
        #expect(try cli.run(["donate", "-"], stdin: Self.apps + "\n" + visit).status == 0)
        let maps = try Self.suggest(cli, ["--surface", "maps", "--at", "2026-11-21T12:02:00Z"])
        let first = try #require(maps.first)
        #expect(first["title"] as? String == "Trattoria da Enzo")
        let place = try #require(first["place"] as? [String: Any])
        #expect(place["coordinateSource"] as? String == "geocoded")
        #expect(abs((place["latitude"] as? Double ?? 0) - 41.89) < 0.3)
        #expect(
            place["phoneNumbers"] as? [String] == ["+390658122600"]
                || place["phoneNumbers"] as? [String] == ["+39065812260"])
        #expect((first["source"] as? [String: Any])?["url"] as? String == "https://www.daenzo.it/")
    }
}

/// Story 1, steps 3 and 4: the keyboard offers the place after a phrase that announces one, in
/// every supported language, and the right field of it for each content type.
@Suite struct QuickTypeTests {
    static let phrases = [
        "Meet me at ", "See you at ", "Rendez-vous à ", "On se retrouve au ", "Ci vediamo a ",
        "Ci vediamo da ",
        "Me encontre no ", "Nos vemos na ", "Treffen wir uns im ", "Wir sehen uns in ", "我們在", "我们在",
    ]

    static func donate(_ cli: CLI) throws {
        let documents = """
            {"type":"app","bundleIdentifier":"com.example.reviews","name":"Yummy Reviews","activityTypes":["com.example.reviews.restaurant"]}
            {"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"Yank Sing","isEligibleForPrediction":true,"mapItem":{"name":"Yank Sing","phoneNumber":"(415) 781-1111","placemark":{"latitude":37.7923,"longitude":-122.3928,"subThoroughfare":"101","thoroughfare":"Spear St","locality":"San Francisco","administrativeArea":"CA","postalCode":"94105","country":"United States","isoCountryCode":"US"}}}
            {"type":"interaction","app":"com.example.chat","at":"2026-11-21T11:00:00Z","intent":{"kind":"sendMessage","recipients":[{"displayName":"Alice Martin","handle":"alice@example.org","handleType":"emailAddress"}]}}
            """
        #expect(try cli.run(["donate", "-"], stdin: documents).status == 0)
    }

    @Test(arguments: phrases)
    func aPhraseAnnouncingAPlaceOffersIt(_ phrase: String) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Self.donate(cli)
        let out = try cli.run([
            "suggest", "--json", "--surface", "quickType", "--text", phrase, "--at", "2026-11-21T12:01:00Z",
        ])
        let list = try #require(try out.json() as? [[String: Any]])
        #expect(list.first?["insertText"] as? String == "Yank Sing, 101 Spear St, San Francisco, CA 94105")
        #expect((list.first?["action"] as? [String: Any])?["type"] as? String == "insertText")
    }

    @Test func onlyAtTheEndOfAnAnnouncementAndFilteredByWhatIsTyped() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Self.donate(cli)
        func offers(_ text: String) throws -> [String] {
            let out = try cli.run([
                "suggest", "--json", "--surface", "quickType", "--text", text, "--at", "2026-11-21T12:01:00Z",
            ])
            return (try out.json() as? [[String: Any]] ?? []).compactMap { $0["insertText"] as? String }
        }
        #expect(try offers("Meet me at Ya") == ["Yank Sing, 101 Spear St, San Francisco, CA 94105"])
        #expect(try offers("Meet me at Zu").isEmpty)
        #expect(try offers("Hello, how are you?").isEmpty)
        #expect(try offers("Meet me at noon. Thanks!").isEmpty)
    }

    /// What is typed in Simplified characters finds a place named in Traditional ones, and the
    /// offer explains itself in the locale's script.
    @Test func simplifiedTypingFindsATraditionalName() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let documents = """
            {"type":"searchableItemBatch","app":"com.example.reviews","items":[{"uniqueIdentifier":"d","attributeSet":{"title":"鼎泰豐","namedLocation":"鼎泰豐","thoroughfare":"信義路二段194號","city":"台北市","country":"台灣","latitude":25.0336,"longitude":121.5300,"supportsNavigation":true}}]}
            """
        #expect(try cli.run(["donate", "-"], stdin: documents).status == 0)
        func offers(_ arguments: [String]) throws -> [[String: Any]] {
            let out = try cli.run(["suggest", "--json", "--surface", "quickType"] + arguments)
            return try out.json() as? [[String: Any]] ?? []
        }
        let plain = try offers(["--text", "我们在鼎泰丰", "--locale", "zh-CN"])
        #expect((plain.first?["insertText"] as? String)?.hasPrefix("鼎泰豐") == true, "\(plain)")
        #expect((plain.first?["why"] as? [String])?.first == "“我们在鼎泰丰”后面是一个地点", "\(plain)")
        let french = try offers(["--text", "Rendez-vous à ", "--locale", "fr-FR"])
        #expect(
            (french.first?["why"] as? [String])?.first == "« Rendez-vous à » annonce un lieu", "\(french)")
        let field = try offers(["--content-type", "location", "--text", "鼎泰丰"])
        #expect(field.first?["insertText"] as? String == "鼎泰豐", "\(field)")
    }

    @Test(arguments: [
        ("fullStreetAddress", "101 Spear St, San Francisco, CA 94105"),
        ("addressCityAndState", "San Francisco, CA"),
        ("telephoneNumber", "(415) 781-1111"), ("location", "Yank Sing"), ("postalCode", "94105"),
        ("emailAddress", "alice@example.org"), ("givenName", "Alice"), ("familyName", "Martin"),
    ])
    func eachContentTypeGetsItsField(contentType: String, expected: String) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try Self.donate(cli)
        let out = try cli.run([
            "suggest", "--json", "--surface", "quickType", "--content-type", contentType, "--at",
            "2026-11-21T12:01:00Z",
        ])
        let list = try #require(try out.json() as? [[String: Any]])
        #expect(list.first?["insertText"] as? String == expected)
        #expect(try cli.run(["suggest", "--surface", "quickType", "--content-type", "shoeSize"]).status == 2)
    }
}
