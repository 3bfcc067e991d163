import Foundation
import Testing

/// The command line through a daemon (`--server`, the typed client generated from
/// `openapi.yaml`) answers exactly what it answers on the store directly: nothing the daemon
/// sends is lost or changed by the client, and its errors read the same.
@Suite(.serialized) struct DaemonClientTests {
    static let app = "com.example.reviews"
    static let at = "2026-11-21T12:01:00Z"

    static let documents = """
        {"type":"app","bundleIdentifier":"com.example.reviews","name":"Yummy Reviews","activityTypes":["com.example.reviews.restaurant"]}
        {"type":"app","bundleIdentifier":"com.example.nav","name":"Navigator","directionsModes":["car"]}
        {"type":"activity","app":"com.example.reviews","at":"2026-11-21T11:00:00Z","activityType":"com.example.reviews.restaurant","title":"Bistro Lumière","webpageURL":"https://reviews.example.com/r/42","isEligibleForSearch":true,"isEligibleForPrediction":true,"isEligibleForHandoff":true,"persistentIdentifier":"r-42","keywords":["bistro","lyon"],"userInfo":{"id":42},"contentAttributeSet":{"namedLocation":"Bistro Lumière","thoroughfare":"Rue Mercière","subThoroughfare":"12","city":"Lyon","postalCode":"69002","country":"France","latitude":45.7625,"longitude":4.8338,"phoneNumbers":["04 78 00 00 00"],"supportsPhoneCalls":true,"supportsNavigation":true}}
        {"type":"activity","app":"com.example.reviews","at":"2026-11-21T12:00:00Z","current":true,"activityType":"com.example.reviews.restaurant","title":"Le Comptoir du Relais","contentAttributeSet":{"namedLocation":"Le Comptoir du Relais","subThoroughfare":"9","thoroughfare":"Carrefour de l'Odéon","city":"Paris","postalCode":"75006","country":"France","phoneNumbers":["01 44 27 07 97"],"supportsPhoneCalls":true,"supportsNavigation":true}}
        {"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"b-1","domainIdentifier":"bistros","attributeSet":{"title":"Bistro des Halles","contentDescription":"Quenelles et cervelle de canut","city":"Lyon","namedLocation":"Bistro des Halles"}}
        {"type":"searchableItem","app":"com.example.reviews","uniqueIdentifier":"b-2","domainIdentifier":"bistros","attributeSet":{"title":"Bistro du Port","city":"Marseille"}}
        """

    @Test func theDaemonAnswersAsTheStoreDoes() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["donate", "-"], stdin: Self.documents).status == 0)
        let appToken = try cli.token(["--app", Self.app])
        let systemToken = try cli.token(["--system"])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        let server = ["--server", daemon.url.absoluteString]
        let common = ["--json", "--at", Self.at, "--locale", "fr-FR"]
        let commands: [(arguments: [String], token: String)] = [
            (["search", "bistro"], appToken),
            (["search", "bistro", "--limit", "1", "--cursor", ""], appToken),
            (["search", "--where", "domainIdentifier == \"bistros\""], appToken),
            (["suggest", "--surface", "maps", "--latitude", "45.76", "--longitude", "4.83"], systemToken),
            (["suggest", "--surface", "appSwitcher"], systemToken),
            (
                ["suggest", "--surface", "quickType", "--content-type", "location", "--text", "Bis"],
                systemToken
            ),
            (["ask", "--app", Self.app, "call this place"], systemToken),
            (["ask", "--app", Self.app, "get directions"], systemToken),
        ]
        for (arguments, token) in commands {
            let local = try cli.run(arguments + common)
            let remote = try cli.run(arguments + common + server + ["--token", token])
            #expect(local.status == 0, "\(arguments): \(local.stderr)")
            #expect(remote.status == 0, "\(arguments): \(remote.stderr)")
            #expect(remote.stdout == local.stdout, "\(arguments)")
            #expect(local.stdout.count > 10, "\(arguments): \(local.stdout)")
        }
        // The second page of a paged search, from the first page's cursor, is the same too.
        let first = try cli.run(["search", "bistro", "--limit", "1", "--cursor", ""] + common)
        let cursor = try #require((try first.json() as? [String: Any])?["nextCursor"] as? String)
        let local = try cli.run(["search", "bistro", "--limit", "1", "--cursor", cursor] + common)
        let remote = try cli.run(
            ["search", "bistro", "--limit", "1", "--cursor", cursor] + common + server + [
                "--token", appToken,
            ])
        #expect(remote.stdout == local.stdout)
        // Continuing the saved activity: its userInfo and webpage come back whole.
        let export = try #require(try cli.run(["search", "Lumière", "--json"]).json() as? [[String: Any]])
        let id = try #require(export.first?["id"] as? String)
        let continued = try cli.run(["continue", id, "--json"] + server + ["--token", appToken])
        #expect(continued.status == 0, "\(continued.stderr)")
        let result = try #require(try continued.json() as? [String: Any])
        #expect(((result["activity"] as? [String: Any])?["userInfo"] as? [String: Any])?["id"] as? Int == 42)
        let withoutApp = try cli.run(
            ["continue", id, "--without-app", "--json"] + server + ["--token", appToken])
        #expect(
            (try withoutApp.json() as? [String: Any])?["url"] as? String == "https://reviews.example.com/r/42"
        )
    }

    @Test func errorsThroughTheDaemonNameWhatIsWrong() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        #expect(try cli.run(["donate", "-"], stdin: Self.documents).status == 0)
        let appToken = try cli.token(["--app", Self.app])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        let server = ["--server", daemon.url.absoluteString, "--token", appToken]
        // A cursor of another search: the daemon's 400 names it; a usage error is exit 2.
        let first = try cli.run(["search", "bistro", "--limit", "1", "--cursor", "", "--json"] + server)
        let cursor = try #require((try first.json() as? [String: Any])?["nextCursor"] as? String)
        let foreign = try cli.run(["search", "halles", "--cursor", cursor] + server)
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("400") && foreign.stderr.contains("cursor"), "\(foreign.stderr)")
        // An unknown activity: 404, exit 1.
        let missing = try cli.run(["continue", "activity/999999"] + server)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("404"), "\(missing.stderr)")
        // A wrong token: 401.
        let unknown = try cli.run(
            ["search", "bistro", "--server", daemon.url.absoluteString, "--token", "pk_nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("401"), "\(unknown.stderr)")
        // No daemon there: a clear usage error naming --server.
        let nobody = try cli.run(["search", "bistro", "--server", "http://127.0.0.1:9", "--token", appToken])
        #expect(nobody.status == 2)
        #expect(nobody.stderr.contains("--server: cannot reach the daemon"), "\(nobody.stderr)")
    }
}
