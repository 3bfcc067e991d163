import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import Testing

/// The Swift samples of the DocC catalogs (`Sources/*/*.docc`), verbatim (their `import`
/// lines aside), run against a temporary SQLite store, so that a change of the API breaks a
/// test rather than the documentation. The samples of other modules are in their test targets'
/// `DocumentationSampleTests.swift`; ``everySampleIsInATest()`` checks that every sample of
/// every catalog is in one of them, line for line.
@Suite struct DocumentationSampleTests {
    /// Sources/Proactive/Proactive.docc/Proactive.md
    @Test func landingPage() throws {
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storePath = directory.appendingPathComponent("proactive.sqlite").path

        let (results, places) = try proactiveLandingPage(storePath: storePath)
        #expect(results.map(\.title) == ["Yank Sing"])
        #expect(results.first?.why.isEmpty == false)
        #expect(places.map(\.title) == ["Yank Sing"])
        #expect(places.first?.why.first == "viewed in Reviews just now")
        // It is in the store.
        let reopened = try ProactiveEngine(storage: SQLiteStorage(path: storePath))
        #expect(try reopened.search(SearchRequest("yank")).map(\.title) == ["Yank Sing"])
    }

    /// Sources/Proactive/Proactive.docc/DonatingActivitiesAndItems.md, both samples.
    @Test func donatingActivitiesAndItems() throws {
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storePath = directory.appendingPathComponent("proactive.sqlite").path

        let engine = try ProactiveEngine(storage: SQLiteStorage(path: storePath))
        let app = App(
            bundleIdentifier: "com.example.reviews", name: "Yummy Reviews",
            activityTypes: ["com.example.reviews.restaurant"])
        let reviews = engine.app(app.bundleIdentifier)
        try reviews.declare(app)

        // An indexed item, like a CSSearchableItem: searchable for 30 days unless it says otherwise.
        var attributes = SearchableItemAttributeSet()
        attributes.title = "Café de Flore"
        attributes.keywords = ["café", "brasserie"]
        attributes.namedLocation = "Café de Flore"
        attributes.city = "Paris"
        attributes.country = "France"
        let receipts = try reviews.indexSearchableItems([
            SearchableItem(uniqueIdentifier: "r-7", domainIdentifier: "restaurants", attributeSet: attributes)
        ])

        // An activity, like an NSUserActivity: what the user is doing in the app now.
        var activity = UserActivity(activityType: "com.example.reviews.restaurant")
        activity.title = "Yank Sing"
        activity.persistentIdentifier = "restaurant-42"
        activity.userInfo = ["restaurantID": .string("42")]
        activity.requiredUserInfoKeys = ["restaurantID"]
        activity.webpageURL = "https://www.yanksing.com/"
        activity.isEligibleForSearch = true
        activity.isEligibleForPrediction = true
        let handle = try reviews.becomeCurrent(activity)
        print(receipts[0].status, receipts[0].id ?? "", handle.id)  // accepted item/1 activity/2

        #expect(receipts.map(\.status) == [.accepted])
        #expect(receipts.first?.id == "item/1")
        #expect(handle.id == "activity/2")
        #expect(try engine.search(SearchRequest("cafe")).map(\.title) == ["Café de Flore"])

        let documents = [
            #"{"type":"app","bundleIdentifier":"com.example.podcasts","name":"Podcasts","isMediaApp":true}"#,
            #"{"type":"event","event":"headphonesConnected"}"#,
            #"{"type":"nowPlaying","app":"com.example.podcasts","state":"playing","title":"Episode 21"}"#,
            #"{"type":"activity","app":"com.example.podcasts"}"#,
        ]
        for receipt in try engine.donate(documents: documents.map { Data($0.utf8) }) {
            print(receipt.index, receipt.status, receipt.id ?? receipt.field ?? "")
        }
        // 0 accepted app/com.example.podcasts, 1 accepted event/1,
        // 2 accepted nowPlaying/com.example.podcasts, 3 rejected activityType

        // The receipts the comment shows, on a fresh store.
        let other = directory.appendingPathComponent("other.sqlite").path
        let fresh = try ProactiveEngine(storage: SQLiteStorage(path: other))
            .donate(documents: documents.map { Data($0.utf8) })
        #expect(fresh.map(\.status) == [.accepted, .accepted, .accepted, .rejected])
        #expect(
            fresh.map { $0.id ?? $0.field ?? "" } == [
                "app/com.example.podcasts", "event/1", "nowPlaying/com.example.podcasts", "activityType",
            ])
    }

    /// Sources/Proactive/Proactive.docc/SurfacesAndExplanations.md
    @Test func surfacesAndExplanations() throws {
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try ProactiveEngine(
            storage: SQLiteStorage(path: directory.appendingPathComponent("proactive.sqlite").path))
        try Self.donateRestaurants(to: engine)

        let request = SuggestionRequest(surface: .maps)
            .near(Coordinate(latitude: 37.7923, longitude: -122.3928))
            .limit(3)
        for suggestion in try engine.suggestions(for: request) {
            print(suggestion.title, suggestion.action.type, suggestion.score)
            for reason in suggestion.why { print("  because", reason) }  // "viewed in Yummy Reviews just now"
        }

        let suggestions = try engine.suggestions(for: request)
        #expect(suggestions.map(\.title) == ["Yank Sing", "Café de Flore"])
        #expect(suggestions.first?.why == ["0 m away", "viewed in Yummy Reviews just now"])
    }

    /// Sources/Proactive/Proactive.docc/PrivacyAndDeletion.md
    @Test func privacyAndDeletion() throws {
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try ProactiveEngine(
            storage: SQLiteStorage(path: directory.appendingPathComponent("proactive.sqlite").path))
        try Self.donateRestaurants(to: engine)
        #expect(try engine.search(SearchRequest("yank")).isEmpty == false)

        let reviews = engine.app("com.example.reviews")
        try reviews.deleteSearchableItems(withIdentifiers: ["r-7"])
        try reviews.deleteSearchableItems(withDomainIdentifiers: ["restaurants"])  // subdomains too
        try reviews.deleteSavedUserActivities(withPersistentIdentifiers: ["restaurant-42"])
        let result = try engine.delete(DeletionRequest(app: "com.example.reviews", target: .all))
        print(result.deleted)  // items, activities, pages and interactions removed

        #expect(try engine.search(SearchRequest("yank")).isEmpty)
        #expect(try engine.search(SearchRequest("cafe")).isEmpty)
        #expect(try engine.suggestions(for: SuggestionRequest(surface: .maps)).isEmpty)
        #expect(try engine.export(app: "com.example.reviews").entries.isEmpty)
    }

    /// Sources/Proactive/Proactive.docc/TimeAsAnInput.md
    @Test func timeAsAnInput() throws {
        let directory = try Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storePath = directory.appendingPathComponent("proactive.sqlite").path

        var config = EngineConfiguration()
        config.clock = { DonationCoding.parseDate("2026-11-21T12:00:00Z")! }  // a fixed clock
        let engine = try ProactiveEngine(storage: SQLiteStorage(path: storePath), configuration: config)
        let morning = DonationCoding.parseDate("2026-11-22T08:00:00Z")!
        let results = try engine.search(SearchRequest("yank").at(morning))
        let lockScreen = try engine.suggestions(for: SuggestionRequest(surface: .lockScreen).at(morning))
        let lastHour = try SearchQueryExpression(parsing: "lastUsedDate > $time.now(-3600)")
        let recent = try engine.search(SearchRequest("", filter: lastHour))

        #expect(engine.now == DonationCoding.parseDate("2026-11-21T12:00:00Z"))
        #expect(results.isEmpty && lockScreen.isEmpty && recent.isEmpty)
        // The same questions once something was donated: the donation is dated by the clock.
        try Self.donateRestaurants(to: engine)
        #expect(try engine.search(SearchRequest("yank").at(morning)).map(\.title) == ["Yank Sing"])
        #expect(try engine.search(SearchRequest("", filter: lastHour)).count == 2)
        #expect(try engine.search(SearchRequest("", filter: lastHour).at(morning)).isEmpty)
    }

    /// What the articles' samples find: a restaurant the user looks at in San Francisco (an
    /// activity with its place) and one indexed in Paris, donated now.
    static func donateRestaurants(to engine: ProactiveEngine) throws {
        let reviews = engine.app("com.example.reviews")
        try reviews.declare(
            App(
                bundleIdentifier: "com.example.reviews", name: "Yummy Reviews",
                activityTypes: ["com.example.reviews.restaurant"]))
        var activity = UserActivity(activityType: "com.example.reviews.restaurant")
        activity.title = "Yank Sing"
        activity.persistentIdentifier = "restaurant-42"
        activity.isEligibleForSearch = true
        activity.mapItem = MapItem(
            name: "Yank Sing",
            placemark: Placemark(
                latitude: 37.7923, longitude: -122.3928, subThoroughfare: "101", thoroughfare: "Spear St",
                locality: "San Francisco", isoCountryCode: "US"))
        try reviews.becomeCurrent(activity)
        var attributes = SearchableItemAttributeSet()
        attributes.title = "Café de Flore"
        attributes.namedLocation = "Café de Flore"
        attributes.city = "Paris"
        attributes.country = "France"
        try reviews.indexSearchableItems([
            SearchableItem(uniqueIdentifier: "r-7", domainIdentifier: "restaurants", attributeSet: attributes)
        ])
    }

    /// A new, empty temporary directory.
    static func makeTemporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("proactive-docs-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The repository's root directory.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift sample of every catalog is, line for line (indentation, blank lines and
    /// `import` lines aside), in one of the `DocumentationSampleTests.swift` files.
    @Test func everySampleIsInATest() throws {
        let modules = ["Proactive", "ProactiveModel", "ProactiveMarkup", "ProactiveServer"]
        let tested = try modules.map { module in
            let tests = Self.repository.appendingPathComponent("Tests/\(module)Tests")
            let file = tests.appendingPathComponent("DocumentationSampleTests.swift")
            return Self.codeLines(try String(contentsOf: file, encoding: .utf8))
        }
        var samples = 0
        for module in modules {
            let catalog = Self.repository.appendingPathComponent("Sources/\(module)/\(module).docc")
            let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            for name in articles where name.hasSuffix(".md") {
                let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
                for sample in Self.swiftSamples(in: text) {
                    samples += 1
                    let lines = Self.codeLines(sample).filter { !$0.hasPrefix("import ") }
                    #expect(
                        tested.contains { Self.contains($0, lines) },
                        "a sample of \(module).docc/\(name) is in no test:\n\(sample)")
                }
            }
        }
        #expect(samples == 9)
    }

    /// The contents of the ```` ```swift ```` blocks of a Markdown text.
    static func swiftSamples(in markdown: String) -> [String] {
        var samples: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed == "```" {
                samples.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return samples
    }

    /// The lines of some code without their indentation, blank lines left out.
    static func codeLines(_ code: String) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `lines` appear in `text`, one after the other.
    static func contains(_ text: [String], _ lines: [String]) -> Bool {
        guard lines.count <= text.count else { return false }
        return (0...(text.count - lines.count)).contains { Array(text[$0..<($0 + lines.count)]) == lines }
    }
}

/// The sample of Sources/Proactive/Proactive.docc/Proactive.md, verbatim (at file scope, so that
/// its lines fit the formatter's line length as they are).
private func proactiveLandingPage(storePath: String) throws -> (results: [SearchResult], places: [Suggestion])
{
    let engine = try ProactiveEngine(storage: SQLiteStorage(path: storePath))
    let type = "com.example.reviews.restaurant"
    let reviews = engine.app("com.example.reviews")
    try reviews.declare(App(bundleIdentifier: "com.example.reviews", name: "Reviews", activityTypes: [type]))
    var activity = UserActivity(activityType: type)
    activity.title = "Yank Sing"
    activity.isEligibleForSearch = true
    activity.mapItem = MapItem(name: "Yank Sing", placemark: Placemark(locality: "San Francisco"))
    try reviews.becomeCurrent(activity)  // one current activity per app
    let results = try engine.search(SearchRequest("yank"))  // each result with its score and why
    let places = try engine.suggestions(for: SuggestionRequest(surface: .maps))  // "Yank Sing"
    return (results, places)
}
