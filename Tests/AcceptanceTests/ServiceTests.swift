import Foundation
import HummingbirdWSClient
import Logging
import Synchronization
import Testing

/// The PostgreSQL database the test command started, if any.
enum TestDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["PROACTIVE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Several daemons on one PostgreSQL database act as one service for many users: what one
/// acknowledges another finds at once, live subscribers of any instance are pushed, users never
/// see each other's data, and a killed instance loses no acknowledged donation. Runs where
/// `PROACTIVE_TEST_POSTGRES` names a database (the test command starts one).
@Suite(.serialized, .enabled(if: TestDatabase.url != nil, "PROACTIVE_TEST_POSTGRES is not set"))
struct ServiceTests {
    static var database: String? { TestDatabase.url }
    static let app = "com.example.reviews"

    /// A token for a user on the database, made with the CLI as a service operator would.
    static func token(_ user: String, _ kind: [String]) throws -> String {
        let output = try CLI.run(["token", "create", "--user", user, "--postgres", database!] + kind)
        try #require(output.status == 0, "token create failed: \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func item(_ id: String, _ title: String) -> String {
        #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"\#(id)","attributeSet":{"title":"\#(title)","city":"Roma","namedLocation":"\#(title)"}}"#
    }

    /// What a live client received.
    final class Inbox: Sendable {
        let messages = Mutex<[(at: ContinuousClock.Instant, text: String)]>([])
        func contains(_ text: String) -> Bool { messages.withLock { $0.contains { $0.text.contains(text) } } }
    }

    /// The documents a daemon acknowledged.
    final class Acknowledged: Sendable {
        let ids = Mutex<Set<String>>([])
    }

    /// Subscribes over the live socket; a connection refused before anything arrived (the
    /// daemon answers 503 while its database is saturated by the tests running beside this
    /// one) is tried again, as a client would, for up to 30 s. The last error is kept.
    static func subscribe(_ daemon: Daemon, token: String, _ message: String) -> (
        Inbox, Task<Void, any Error>
    ) {
        let inbox = Inbox()
        let url = "ws://127.0.0.1:\(daemon.url.port!)/v1/live?token=\(token)"
        let task = Task {
            let deadline = ContinuousClock.now + .seconds(30)
            for attempt in 1... {
                do {
                    _ = try await WebSocketClient.connect(url: .init(url), logger: Logger(label: "test")) {
                        inbound, outbound, _ in
                        try await outbound.write(.text(message))
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            inbox.messages.withLock { $0.append((ContinuousClock.now, text)) }
                        }
                    }
                    return
                } catch is CancellationError {
                    return
                } catch {
                    inbox.messages.withLock { $0.append((ContinuousClock.now, "connection error: \(error)")) }
                    guard ContinuousClock.now < deadline, !inbox.contains(#""type":"suggestions""#) else {
                        throw error
                    }
                    try await Task.sleep(for: .milliseconds(min(200 * attempt, 1000)))
                }
            }
        }
        return (inbox, task)
    }

    /// Waits until `condition` holds (generous: a loaded CI machine is slow), recording which
    /// wait timed out.
    static func waitFor(
        _ what: String, seconds: Double = 30, seen: [Inbox] = [], _ condition: () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                let received = seen.map { $0.messages.withLock { $0.map(\.text).suffix(3) } }
                Issue.record("timed out waiting for \(what); the live clients received \(received)")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test func twoDaemonsTwoUsersOneService() async throws {
        let database = try #require(Self.database)
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let alice = "alice-\(suffix)"
        let bob = "bob-\(suffix)"
        let aliceApp = try Self.token(alice, ["--app", Self.app])
        let aliceSystem = try Self.token(alice, ["--system"])
        let bobApp = try Self.token(bob, ["--app", Self.app])
        let bobSystem = try Self.token(bob, ["--system"])
        let one = try Daemon(arguments: ["--postgres", database])
        let two = try Daemon(arguments: ["--postgres", database])
        defer {
            _ = one.terminate()
            _ = two.terminate()
        }

        // Alice and Bob both watch the maps surface on instance two.
        let subscription = #"{"type":"subscribe","id":"m","surface":"maps","limit":5}"#
        let (aliceInbox, aliceLive) = Self.subscribe(two, token: aliceSystem, subscription)
        let (bobInbox, bobLive) = Self.subscribe(two, token: bobSystem, subscription)
        defer {
            aliceLive.cancel()
            bobLive.cancel()
        }
        try await Self.waitFor("both subscribers' first lists", seen: [aliceInbox, bobInbox]) {
            aliceInbox.contains(#""type":"suggestions""#) && bobInbox.contains(#""type":"suggestions""#)
        }

        // Alice donates through instance one: acknowledged there, pushed on two without asking.
        // (How fast is measured by ServiceBenchmark, not timed here: the project measures speed
        // with benchmarks, and this test shares two loaded cores with the whole suite.)
        let title = "Trattoria \(suffix)"
        let answer = try await one.request(
            "POST", "/v1/donations", token: aliceApp, body: Self.item("t1", title))
        #expect(answer.status == 200)
        try await Self.waitFor("the push on instance two", seen: [aliceInbox]) { aliceInbox.contains(title) }
        // Found through instance two at once, by Alice only.
        let search = try await two.request("GET", "/v1/search?q=trattoria%20\(suffix)", token: aliceApp)
        let results = search.json["results"] as? [[String: Any]] ?? []
        #expect(results.compactMap { $0["title"] as? String } == [title])
        let bobSearch = try await two.request("GET", "/v1/search?q=trattoria%20\(suffix)", token: bobApp)
        #expect((bobSearch.json["results"] as? [Any])?.isEmpty == true)
        let bobExport = try await one.request("GET", "/v1/export?app=\(Self.app)", token: bobApp)
        #expect(bobExport.status == 200 && !String(decoding: bobExport.body, as: UTF8.self).contains(suffix))
        let bobDeletes = try await one.request(
            "POST", "/v1/deletions", token: bobApp, body: #"{"identifiers":["t1"]}"#)
        #expect(bobDeletes.status == 200 && bobDeletes.json["deleted"] as? Int == 0)
        let stillThere = try await two.request("GET", "/v1/search?q=trattoria%20\(suffix)", token: aliceApp)
        #expect((stillThere.json["results"] as? [Any])?.count == 1)
        let otherApp = try await two.request("GET", "/v1/search?q=x&app=com.other", token: bobApp)
        #expect(otherApp.status == 403)
        try await Task.sleep(for: .milliseconds(300))
        #expect(!bobInbox.contains(suffix), "Bob was pushed Alice's place")

        // The command line reads the same service for a user.
        let cli = try CLI.run([
            "search", "trattoria \(suffix)", "--json", "--postgres", database, "--user", alice,
        ])
        #expect(cli.status == 0 && cli.stdout.contains(title))
        let cliBob = try CLI.run([
            "search", "trattoria \(suffix)", "--json", "--postgres", database, "--user", bob,
        ])
        #expect(cliBob.status == 0 && !cliBob.stdout.contains(title))

        // Kill -9 of instance one in the middle of concurrent batches: every acknowledged
        // document is found through instance two.
        let acknowledged = Acknowledged()
        let batches = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for batch in 0..<40 {
                    group.addTask {
                        let ids = (0..<10).map { "k\(batch)-\($0)" }
                        let body = ids.map { Self.item($0, "Killed \(suffix) \($0)") }.joined(separator: "\n")
                        guard
                            let answer = try? await one.request(
                                "POST", "/v1/donations", token: aliceApp, body: body,
                                contentType: "application/x-ndjson"),
                            answer.status == 200
                        else { return }
                        acknowledged.ids.withLock { $0.formUnion(ids) }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await Self.waitFor("50 acknowledged documents") { acknowledged.ids.withLock { $0.count } >= 50 }
        one.kill9()
        _ = try? await batches.value
        let saved = acknowledged.ids.withLock { $0 }
        #expect(saved.count >= 50)
        let export = try await two.request("GET", "/v1/export?app=\(Self.app)", token: aliceSystem)
        let exported = Set(
            (export.json["entries"] as? [[String: Any]] ?? []).compactMap {
                ($0["document"] as? [String: Any])?["uniqueIdentifier"] as? String
            })
        #expect(saved.isSubset(of: exported), "lost: \(saved.subtracting(exported).sorted().prefix(5))")
    }

    @Test func aDatabaseThatCannotBeReachedIsAClearStartUpError() throws {
        // An unreachable database is a run-time failure (1); a URL that cannot be right is a
        // usage error (2), for `serve` and every other command.
        for (url, expected, status) in [
            ("postgres://proactive@127.0.0.1:1/proactive", "cannot be reached", Int32(1)),
            ("mysql://proactive@127.0.0.1/proactive", "postgres://", 2),
            ("postgres://127.0.0.1/proactive", "user", 2),
        ] {
            let output = try CLI.run(["serve", "--port", "0", "--postgres", url])
            #expect(output.status == status, "\(url)")
            let search = try CLI.run(["search", "x", "--postgres", url])
            #expect(search.status == status && search.stderr.contains(expected), "\(url): \(search.stderr)")
            #expect(
                output.stderr.contains("--postgres") && output.stderr.contains(expected), "\(output.stderr)")
            #expect(!output.stdout.contains("listening"))
        }
    }

    /// The repository's root (for its scripts).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `scripts/postgres-cluster.sh COMMAND DIRECTORY` and returns what it printed.
    ///
    /// Spawned and reaped directly: Foundation's `Process.waitUntilExit()` never returned here
    /// once the script had started a server that outlives it.
    static func cluster(_ command: String, _ directory: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = root.appendingPathComponent("scripts/postgres-cluster.sh").path
        // The test process's sockets (its live clients') are closed first: a server started
        // here must not hold them open after the test closes them.
        let line =
            #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; "#
            + "'\(script)' \(command) '\(directory)' > '\(file)' 2>/dev/null < /dev/null"
        var arguments: [UnsafeMutablePointer<CChar>?] =
            ["/bin/bash", "-c", line].map { (text: String) in strdup(text) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/bash", nil, nil, &arguments, environ) == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        try #require(status == 0, "postgres-cluster.sh \(command) failed")
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aDonationDuringADatabaseOutageIs503AndChangesNothing() async throws {
        let directory = "/tmp/proactive-outage-\(UUID().uuidString.prefix(8))"
        let url = try Self.cluster("start", directory)
        defer { _ = try? Self.cluster("stop", directory) }
        let output = try CLI.run(["token", "create", "--app", Self.app, "--postgres", url])
        let token = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let system = try CLI.run(["token", "create", "--system", "--postgres", url])
        let systemToken = system.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let daemon = try Daemon(arguments: ["--postgres", url])
        defer { _ = daemon.terminate() }
        // Both tokens are used once, so the daemon trusts them from memory during the outage.
        let surface = try await daemon.request("GET", "/v1/suggestions?surface=maps", token: systemToken)
        #expect(surface.status == 200)
        let before = try await daemon.request(
            "POST", "/v1/donations", token: token, body: Self.item("a", "Before"))
        #expect(before.status == 200)
        _ = try Self.cluster("halt", directory)
        let started = ContinuousClock.now
        // The token is still trusted from memory; the write cannot reach the database.
        let during = try await daemon.request(
            "POST", "/v1/donations", token: token, body: Self.item("b", "During"))
        #expect(during.status == 503, "\(String(decoding: during.body, as: UTF8.self))")
        #expect(String(decoding: during.body, as: UTF8.self).contains("retry"))
        #expect(started.duration(to: .now) < .seconds(10))
        let health = try await daemon.request("GET", "/healthz", token: nil)
        #expect(health.status == 200)

        // A surface subscribing during the outage is told so, then sent its list once the
        // database is back, without subscribing again; the refused donation never landed.
        let (inbox, live) = Self.subscribe(
            daemon, token: systemToken, #"{"type":"subscribe","id":"m","surface":"maps","limit":5}"#)
        defer { live.cancel() }
        try await Self.waitFor("the outage error", seen: [inbox]) { inbox.contains(#""unavailable""#) }
        #expect(!inbox.contains(#""type":"suggestions""#))
        _ = try Self.cluster("resume", directory)
        try await Self.waitFor("the list after the outage", seen: [inbox]) {
            inbox.contains(#""type":"suggestions""#)
        }
        let export = try await daemon.request("GET", "/v1/export?app=\(Self.app)", token: token)
        let body = String(decoding: export.body, as: UTF8.self)
        #expect(export.status == 200 && body.contains("Before") && !body.contains("During"))
    }
}

/// The public index through the service: two daemons on one PostgreSQL database, contributions
/// from several users through either, found by a user who contributed nothing once k users did,
/// and nothing of a contributor in any answer or log line.
@Suite(.serialized, .enabled(if: TestDatabase.url != nil, "PROACTIVE_TEST_POSTGRES is not set"))
struct PublicIndexServiceTests {
    @Test func aPageManyUsersSawIsFoundByEveryoneAndNoOneIsNamed() async throws {
        let database = try #require(TestDatabase.url)
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let app = "com.example.cook-\(suffix)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(suffix)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("public-index.key").path
        let arguments = ["--postgres", database, "--public-threshold", "3", "--public-index-key-file", key]
        let logs = [directory.appendingPathComponent("one.log"), directory.appendingPathComponent("two.log")]
        let one = try Daemon(arguments: arguments, log: logs[0], logLevel: "trace")
        let two = try Daemon(arguments: arguments, log: logs[1], logLevel: "trace")
        defer {
            _ = one.terminate()
            _ = two.terminate()
        }
        let cooks = (1...3).map { "cook\($0)-\(suffix)" }
        let reader = "reader-\(suffix)"
        let tokens = try cooks.map { try ServiceTests.token($0, ["--app", app]) }
        let readerToken = try ServiceTests.token(reader, ["--system"])
        let declaration =
            #"{"type":"app","bundleIdentifier":"\#(app)","name":"Cook","activityTypes":["\#(app).recipe"]}"#
        #expect(
            try await one.request("POST", "/v1/donations", token: tokens[0], body: declaration).status == 200)
        try await Task.sleep(for: .seconds(1.5))  // app declarations are reread within a second
        func activity(_ cook: String, _ url: String) -> String {
            #"{"type":"activity","app":"\#(app)","activityType":"\#(app).recipe","title":"Clafoutis aux cerises","webpageURL":"\#(url)","userInfo":{"secret":"CANARY-\#(cook)"},"isEligibleForSearch":true,"isEligibleForPublicIndexing":true}"#
        }
        func publicResults() async throws -> [[String: Any]] {
            let answer = try await two.request("GET", "/v1/search?q=clafoutis&app=\(app)", token: readerToken)
            #expect(answer.status == 200)
            return (answer.json["results"] as? [[String: Any]] ?? []).filter { $0["public"] as? Bool == true }
        }
        let urls = [
            "https://Cook.Example.org/clafoutis?utm_source=feed",
            "https://cook.example.org:443/clafoutis#top",
            "HTTPS://COOK.EXAMPLE.ORG/clafoutis",
        ]
        for (index, cook) in cooks.enumerated() {
            #expect(try await publicResults().isEmpty, "found with \(index) of 3 contributors")
            let daemon = index.isMultiple(of: 2) ? one : two
            let answer = try await daemon.request(
                "POST", "/v1/donations", token: tokens[index], body: activity(cook, urls[index]))
            #expect(answer.status == 200)
        }
        let found = try await publicResults()
        #expect(found.count == 1)
        #expect(found.first?["url"] as? String == "https://cook.example.org/clafoutis")
        let text = String(decoding: try JSONSerialization.data(withJSONObject: found), as: UTF8.self)
        // The daemons' logs, at their most detailed, name no contributor and hold no canary.
        let logText = try logs.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(logText.contains("/v1/donations"), "the trace logs show the requests")
        for cook in cooks {
            #expect(!text.contains(cook))
            #expect(!text.contains("CANARY-\(cook)"))
            #expect(!logText.contains(cook), "a log line names \(cook)")
            #expect(!logText.contains("CANARY-\(cook)"))
        }
    }
}
