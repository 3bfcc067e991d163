import Foundation
import GRDB
import Proactive
import ProactiveModel
import ProactivePostgres
import ProactiveSQLite
import ProactiveStorage
import ProactiveTesting
import Synchronization
import Testing

/// The public index on every backend: an entry is found by everyone once k distinct users
/// contributed, by no one below k (after deletions, expiry), and nothing in it or around it
/// tells who contributed, when, or what else they donated.
@Suite struct PublicIndexConformanceTests {
    static let app = "com.example.recipes"
    static let type = "com.example.recipes.view"
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z

    /// Whether a text holds a time of this test in a spelling a store or an encoder would use:
    /// an ISO 8601 date, seconds or milliseconds since 1970, or seconds since 2001 (Foundation's
    /// reference date). The times run from `t0` to two hours after; random keys and digests may
    /// hold any short run of digits, so the runs checked are long enough not to occur by chance.
    static func mentionsTheTimeOfTheTest(_ text: String) -> Bool {
        let seconds = Int(t0.timeIntervalSince1970)
        let spellings =
            ["2026-11-2", "2026/11/2", "21/11/2026", "11/21/2026"]
            + (0...2).flatMap { hour -> [String] in
                let since1970 = seconds + hour * 3600
                let since2001 = since1970 - 978_307_200
                return [String(since1970 / 1000), String(since2001 / 1000)]
            }
        return spellings.contains { text.contains($0) }
    }

    /// A store of a backend with the engines of several users sharing one configuration, and
    /// a way to read the public tables' raw rows.
    struct Service {
        let storage: any Storage
        let clock = TestClock(PublicIndexConformanceTests.t0)
        var configuration: EngineConfiguration
        let rawRows: () throws -> [String]
        let directory: URL?

        init(_ backend: TestBackend) throws {
            var configuration = EngineConfiguration.withClock(clock)
            configuration.publicThreshold = 5
            self.configuration = configuration
            switch backend {
            case .sqlite:
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "public-\(UUID())")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let path = directory.appendingPathComponent("store.sqlite").path
                storage = try SQLiteStorage(path: path)
                self.directory = directory
                rawRows = {
                    let queue = try DatabaseQueue(path: path)
                    return try queue.read { db in
                        try ["publicEntry", "publicContribution"].flatMap { table in
                            try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { row in
                                row.description + " "
                                    + row.databaseValues.map { value in
                                        if case .blob(let data) = value.storage {
                                            return data.base64EncodedString()
                                        }
                                        return value.description
                                    }.joined(separator: " ")
                            }
                        }
                    }
                }
            case .postgres:
                guard let url = try PostgresTestDatabase.newDatabaseURL() else {
                    throw StorageError(code: .cannotOpen, message: "no PostgreSQL")
                }
                storage = try PostgresStorage(url: url)
                directory = nil
                rawRows = {
                    try ["public_entry", "public_contribution"].flatMap { table in
                        try PostgresTestDatabase.execute(
                            "SELECT row_to_json(t)::text FROM \(table) t", at: url
                        )
                        .compactMap { $0 }
                    }
                }
            }
            let engine = try ProactiveEngine(storage: storage, configuration: configuration)
            try engine.donate(documents: [
                Data(
                    #"{"type":"app","bundleIdentifier":"\#(PublicIndexConformanceTests.app)","name":"Recipes","activityTypes":["\#(PublicIndexConformanceTests.type)"]}"#
                        .utf8)
            ])
        }

        func engine(_ user: String) throws -> ProactiveEngine {
            try ProactiveEngine(storage: storage, user: UserID(rawValue: user)!, configuration: configuration)
        }

        func cleanUp() { if let directory { try? FileManager.default.removeItem(at: directory) } }
    }

    /// The page each contributor saw, written as each one's app wrote it.
    static let urls = [
        "https://Recipes.Example.com:443/tarte-tatin?utm_source=newsletter&fbclid=abc#steps",
        "HTTPS://recipes.example.com/tarte-tatin",
        "https://recipes.example.com/tarte-tatin?gclid=xyz",
        "https://recipes.example.com:443/tarte-tatin#comments",
        "https://RECIPES.EXAMPLE.COM/tarte-tatin?utm_campaign=winter&utm_medium=email",
        "https://recipes.example.com/tarte-tatin",
    ]

    static func canary(_ user: String) -> String { "CANARY-\(user)-9f3e" }

    /// An activity eligible for public indexing, with a private canary in its userInfo.
    static func activity(_ user: String, url: String, title: String = "Tarte Tatin", expires: Date? = nil)
        -> Data
    {
        let expiry = expires.map { #","expirationDate":"\#(DonationCoding.formatDate($0))""# } ?? ""
        return Data(
            #"{"type":"activity","app":"\#(app)","activityType":"\#(type)","title":"\#(title)","webpageURL":"\#(url)","persistentIdentifier":"tatin","keywords":["dessert","apples"],"userInfo":{"note":"\#(canary(user))","owner":"\#(user)"},"isEligibleForSearch":true,"isEligibleForPublicIndexing":true\#(expiry),"contentAttributeSet":{"contentDescription":"Caramelised apple tart"}}"#
                .utf8)
    }

    /// Five users donate the recipe page, each under another form of its URL: one public entry.
    func donateByFiveCooks(_ service: Service) throws {
        for (index, user) in (1...5).map({ "cook-\($0)" }).enumerated() {
            try service.engine(user).donate(documents: [Self.activity(user, url: Self.urls[index])])
        }
    }

    func publicResults(_ engine: ProactiveEngine, _ text: String = "tatin") throws -> [SearchResult] {
        try engine.search(SearchRequest(text)).filter(\.isPublic)
    }

    @Test(arguments: TestBackend.available)
    func foundAtKHiddenBelowAfterDeletionAndExpiry(_ backend: TestBackend) throws {
        let service = try Service(backend)
        defer { service.cleanUp() }
        let contributors = (1...5).map { "cook-\($0)" }
        let reader = try service.engine("reader")
        // k − 1 contributors (one with an odd title): no one sees it as public.
        for (index, user) in contributors.prefix(4).enumerated() {
            let receipts = try service.engine(user).donate(documents: [
                Self.activity(
                    user, url: Self.urls[index], title: index == 3 ? "my lunch thing" : "Tarte Tatin")
            ])
            #expect(receipts.first?.status == .accepted, "\(receipts)")
        }
        #expect(try publicResults(reader).isEmpty)
        // The k-th: found by a user who contributed nothing, once, with the common title.
        try service.engine(contributors[4]).donate(documents: [
            Self.activity(contributors[4], url: Self.urls[4])
        ])
        var found = try publicResults(reader)
        #expect(found.count == 1)
        let entry = try #require(found.first)
        #expect(entry.title == "Tarte Tatin")
        #expect(entry.url == "https://recipes.example.com/tarte-tatin")
        #expect(entry.subtitle == "Caramelised apple tart")
        #expect(entry.id.hasPrefix("public/"))
        // Its own activity ranks first for a contributor; the public entry follows.
        let own = try service.engine(contributors[0]).search(SearchRequest("tatin"))
        #expect(own.first?.isPublic == false)
        #expect(own.last?.isPublic == true)
        // Nothing of a contributor in any answer: no userInfo, no user, no date.
        let answer = String(decoding: try DonationCoding.makeEncoder().encode(found), as: UTF8.self)
        for user in contributors {
            #expect(!answer.contains(Self.canary(user)))
            #expect(!answer.contains(user))
        }
        #expect(!Self.mentionsTheTimeOfTheTest(answer), "\(answer)")
        #expect(!answer.contains("owner"))

        // A contributor deletes their activity: below k, hidden from everyone at once.
        _ = try service.engine(contributors[4]).delete(
            DeletionRequest(app: Self.app, target: .persistentIdentifiers(["tatin"])))
        #expect(try publicResults(reader).isEmpty)

        // They donate it again with an expiry: found, then hidden once it expired.
        try service.engine(contributors[4]).donate(documents: [
            Self.activity(contributors[4], url: Self.urls[5], expires: Self.t0.addingTimeInterval(3600))
        ])
        #expect(try publicResults(reader).count == 1)
        service.clock.advance(by: 7200)
        #expect(try publicResults(reader).isEmpty)

        // Engaging with a public entry counts like a contribution: the reader makes it five.
        try reader.donate(documents: [
            Data(#"{"type":"event","event":"suggestionEngaged","id":"\#(entry.id)"}"#.utf8)
        ])
        found = try publicResults(reader)
        #expect(found.map(\.id) == [entry.id])

        // The public tables' rows: no canary, no user, no date.
        let rows = try service.rawRows().joined(separator: "\n")
        #expect(!rows.isEmpty)
        for user in contributors + ["reader"] {
            #expect(!rows.contains(Self.canary(user)), "\(rows)")
            #expect(!rows.contains(user), "\(rows)")
        }
        #expect(!Self.mentionsTheTimeOfTheTest(rows), "\(rows)")
        // One public entry for the six spellings of the URL.
        #expect(try publicResults(reader, "apples").count == 1)

        // A user's export holds their own contribution, nothing of the others'.
        let export = try service.engine(contributors[0]).export(app: Self.app)
        let exported = String(decoding: try DonationCoding.makeEncoder().encode(export), as: UTF8.self)
        #expect(exported.contains(Self.canary(contributors[0])))
        for user in contributors.dropFirst() { #expect(!exported.contains(Self.canary(user))) }
        #expect(!exported.contains("public/"))
    }

    /// What a user types finds the public entry on every backend: a last word of 2–5 letters
    /// (one lexeme of its own on PostgreSQL), a longer one, either beside whole words; and
    /// nothing for a prefix no word has.
    @Test(arguments: TestBackend.available)
    func typedPrefixesFindAPublicEntry(_ backend: TestBackend) throws {
        let service = try Service(backend)
        defer { service.cleanUp() }
        try donateByFiveCooks(service)
        let reader = try service.engine("reader")
        for typed in ["ta", "tat", "tarte ta", "tatin", "carameli", "apples tar", "dessert caramelis", "Târ"]
        {
            #expect(try publicResults(reader, typed).count == 1, "\(typed)")
        }
        for typed in ["tatx", "apples tax", "carameliz"] {
            #expect(try publicResults(reader, typed).isEmpty, "\(typed)")
        }
    }

    /// An app named in a search is a value, never SQL text: quotes in it find nothing and break
    /// nothing.
    @Test(arguments: TestBackend.available)
    func anAppWithQuotesIsOnlyAValue(_ backend: TestBackend) throws {
        let service = try Service(backend)
        defer { service.cleanUp() }
        try donateByFiveCooks(service)
        let reader = try service.engine("reader")
        var request = SearchRequest("tatin")
        request.app = Self.app
        #expect(try reader.search(request).filter(\.isPublic).count == 1)
        for app in ["x' OR 'a' = 'a", "\(Self.app)' --", #"it\'s"#, "\(Self.app)''"] {
            request.app = app
            #expect(try reader.search(request).filter(\.isPublic).isEmpty, "\(app)")
        }
    }

    @Test(arguments: TestBackend.available)
    func contributionsMadeTogetherAreEachCounted(_ backend: TestBackend) throws {
        var service = try Service(backend)
        defer { service.cleanUp() }
        // k = 8: found only if all eight contributions, made at once, were counted.
        service.configuration.publicThreshold = 8
        let users = (1...8).map { "walker-\($0)" }
        let engines = try users.map { try service.engine($0) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: users.count) { i in
            do {
                _ = try engines[i].donate(documents: [
                    Self.activity(users[i], url: Self.urls[i % Self.urls.count])
                ])
            } catch {
                failures.record("\(users[i]): \(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try publicResults(try service.engine("reader")).count == 1)
    }

    @Test(arguments: TestBackend.available)
    func anActivityWithoutAnIdentityStaysPrivateAndSaysWhy(_ backend: TestBackend) throws {
        let service = try Service(backend)
        defer { service.cleanUp() }
        let receipts = try service.engine("cook").donate(documents: [
            Data(
                #"{"type":"activity","app":"\#(Self.app)","activityType":"\#(Self.type)","title":"Secret family recipe","isEligibleForSearch":true,"isEligibleForPublicIndexing":true}"#
                    .utf8)
        ])
        #expect(receipts.first?.status == .accepted)
        #expect(receipts.first?.warnings?.contains { $0.hasPrefix("isEligibleForPublicIndexing:") } == true)
        #expect(try service.rawRows().isEmpty)
        // It is still the user's own, searchable by them.
        #expect(try service.engine("cook").search(SearchRequest("secret")).count == 1)
    }

    @Test(arguments: TestBackend.available)
    func requiredUserInfoKeysIdentifyAnEntryWithoutAURL(_ backend: TestBackend) throws {
        let service = try Service(backend)
        defer { service.cleanUp() }
        for user in (1...5).map({ "fan-\($0)" }) {
            try service.engine(user).donate(documents: [
                Data(
                    #"{"type":"activity","app":"\#(Self.app)","activityType":"\#(Self.type)","title":"Gâteau basque","requiredUserInfoKeys":["recipe"],"userInfo":{"recipe":1234,"note":"\#(Self.canary(user))"},"isEligibleForSearch":true,"isEligibleForPublicIndexing":true}"#
                        .utf8)
            ])
        }
        let found = try publicResults(try service.engine("reader"), "basque")
        #expect(found.count == 1)
        #expect(found.first?.url == nil)
        let rows = try service.rawRows().joined(separator: "\n")
        #expect(rows.contains("1234"))
        #expect(!rows.contains("CANARY"))
    }
}

/// Errors collected from concurrent work.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func record(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}
