import Foundation
import Testing

/// The daemon driven like a platform would: tokens from the CLI, donations over HTTP, a crash,
/// a restart, and the CLI talking to the running daemon.
@Suite(.serialized) struct DaemonTests {
    static let app = "com.example.reviews"

    static func item(_ i: Int) -> String {
        #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"r-\#(i)","attributeSet":{"title":"Durable Trattoria \#(i)","city":"Roma","namedLocation":"Durable Trattoria \#(i)"}}"#
    }

    @Test func acknowledgedDonationsSurviveKillNine() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let appToken = try cli.token(["--app", Self.app])
        let systemToken = try cli.token(["--system"])
        let daemon = try Daemon(store: cli.store)
        // 20 requests of 10 documents each, 4 at a time; kill -9 right after the last answer.
        var acknowledged = Set<String>()
        try await withThrowingTaskGroup(of: [String].self) { group in
            for batch in 0..<20 {
                group.addTask {
                    let body = (0..<10).map { Self.item(batch * 10 + $0) }.joined(separator: "\n")
                    let answer = try await daemon.request(
                        "POST", "/v1/donations", token: appToken, body: body,
                        contentType: "application/x-ndjson")
                    guard answer.status == 200 else { return [] }
                    let receipts = answer.json["receipts"] as? [[String: Any]] ?? []
                    return receipts.filter { $0["status"] as? String == "accepted" }.compactMap { _ in
                        "\(batch)"
                    }
                }
            }
            for try await accepted in group { acknowledged.formUnion(accepted) }
        }
        daemon.kill9()
        #expect(acknowledged.count == 20)
        // A new daemon on the same store finds every acknowledged document.
        let restarted = try Daemon(store: cli.store)
        let export = try await restarted.request("GET", "/v1/export?app=\(Self.app)", token: systemToken)
        #expect(export.status == 200)
        #expect((export.json["entries"] as? [Any])?.count == 200)
        for i in [0, 99, 199] {
            let search = try await restarted.request(
                "GET", "/v1/search?q=durable%20trattoria%20\(i)", token: appToken)
            let titles = (search.json["results"] as? [[String: Any]] ?? []).compactMap {
                $0["title"] as? String
            }
            #expect(titles.contains("Durable Trattoria \(i)"))
        }
        #expect(restarted.terminate() == 0)
    }

    /// SIGTERM drains: the donation in flight finishes and is acknowledged and kept; a request
    /// that starts afterwards gets 503 `shuttingDown` (or, once the daemon stopped listening, no
    /// connection); the process exits 0.
    @Test func sigtermFinishesTheDonationInFlightAndRefusesNewRequests() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let appToken = try cli.token(["--app", Self.app])
        let systemToken = try cli.token(["--system"])
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("drain-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let daemon = try Daemon(arguments: ["--store", cli.store], log: log, logLevel: "debug")
        let body = (0..<8000).map { Self.item($0) }.joined(separator: "\n")
        let inFlight = Task {
            try await daemon.request(
                "POST", "/v1/donations", token: appToken, body: body, contentType: "application/x-ndjson")
        }
        // SIGTERM once the daemon has begun the donation (its request log line).
        for _ in 0..<600 {
            if let text = try? String(contentsOf: log, encoding: .utf8),
                text.contains("hb.request.path=/v1/donations")
            {
                break
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        kill(daemon.process.processIdentifier, SIGTERM)
        // Requests after the signal: answered normally until the daemon notices it (at most a
        // few milliseconds), then 503 until it stops listening, then refused.
        for _ in 0..<200 {
            guard let late = try? await daemon.request("GET", "/healthz", token: nil) else { break }
            if late.status == 503 {
                #expect((late.json["error"] as? [String: Any])?["code"] as? String == "shuttingDown")
                break
            }
            #expect(late.status == 200)
            try await Task.sleep(for: .milliseconds(5))
        }
        let answer = try await inFlight.value
        #expect(answer.status == 200)
        let receipts = answer.json["receipts"] as? [[String: Any]] ?? []
        #expect(receipts.count == 8000)
        #expect(receipts.allSatisfy { $0["status"] as? String == "accepted" })
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
        let restarted = try Daemon(store: cli.store)
        let export = try await restarted.request("GET", "/v1/export?app=\(Self.app)", token: systemToken)
        #expect((export.json["entries"] as? [Any])?.count == 8000)
        #expect(restarted.terminate() == 0)
    }

    @Test func theCommandLineTalksToARunningDaemon() async throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let appToken = try cli.token(["--app", Self.app])
        let systemToken = try cli.token(["--system"])
        let daemon = try Daemon(store: cli.store)
        defer { _ = daemon.terminate() }
        let server = ["--server", daemon.url.absoluteString]
        let documents =
            (0..<3).map(Self.item).joined(separator: "\n") + "\n"
            + #"{"type":"searchableItem","app":"com.example.other","uniqueIdentifier":"x","attributeSet":{"title":"Forged"}}"#
        let donated = try cli.run(["donate", "-", "--json", "--token", appToken] + server, stdin: documents)
        #expect(donated.status == 1)  // one document was rejected: another app's
        let receipts = try #require(try donated.json() as? [[String: Any]])
        #expect(receipts.map { $0["status"] as? String } == ["accepted", "accepted", "accepted", "rejected"])
        #expect(receipts[3]["field"] as? String == "app")
        let search = try cli.run(["search", "durable", "--json", "--token", appToken] + server)
        #expect(search.status == 0)
        #expect((try search.json() as? [Any])?.count == 3)
        let maps = try cli.run(["suggest", "--surface", "maps", "--json", "--token", systemToken] + server)
        #expect(maps.status == 0, "\(maps.stderr)")
        #expect((try maps.json() as? [[String: Any]])?.first?["title"] as? String == "Durable Trattoria 2")
        let refused = try cli.run(["suggest", "--surface", "maps", "--token", appToken] + server)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("403"))
        let deleted = try cli.run(
            ["delete", "--app", Self.app, "--identifier", "r-0", "--json", "--token", appToken] + server)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let after = try cli.run(["search", "durable", "--json", "--token", appToken] + server)
        #expect((try after.json() as? [Any])?.count == 2)
        // A donation made by the command line on the store directly is seen by the daemon, and
        // so is an app declared that way (its activities are then accepted by the daemon).
        let local = try cli.run(["donate", "-"], stdin: Self.item(7))
        #expect(local.status == 0)
        let seen = try cli.run(["search", "durable", "--json", "--token", appToken] + server)
        #expect((try seen.json() as? [Any])?.count == 3)
        let declared = try cli.run(
            ["donate", "-"],
            stdin:
                #"{"type":"app","bundleIdentifier":"\#(Self.app)","name":"Reviews","activityTypes":["\#(Self.app).place"]}"#
        )
        #expect(declared.status == 0)
        try await Task.sleep(for: .seconds(1.5))
        let activity = try cli.run(
            ["donate", "-", "--token", appToken] + server,
            stdin:
                #"{"type":"activity","app":"\#(Self.app)","activityType":"\#(Self.app).place","title":"Declared elsewhere","isEligibleForSearch":true}"#
        )
        #expect(activity.status == 0, "\(activity.stdout)")
    }
}
