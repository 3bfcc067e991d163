import Foundation
import Testing

/// Story 9: next-app quality measured through the CLI, on a log written here.
@Suite struct EvaluateNextAppTests {
    /// A log where each user alternates mail → news → mail → chat…: Markov-like habits that a
    /// learning predictor should find better than "most recently used".
    static func log(users: Int, launches: Int) -> String {
        var lines: [String] = []
        let cycle = [
            "com.mail", "com.news", "com.mail", "com.chat", "com.maps", "com.mail", "com.news", "com.music",
        ]
        for user in 0..<users {
            for i in 0..<launches {
                let app = cycle[(i + user) % cycle.count]
                let minute = i * 7
                let time = String(
                    format: "2024-01-%02d %02d:%02d:00", 1 + minute / 1440, (minute / 60) % 24, minute % 60)
                lines.append("\(user)\t1\t\(time)\t\(app)\tOpened\t\(app)")
                if i % 5 == 0 { lines.append("\(user)\t1\t\(time)\t\(app)\tClosed\t\(app)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func reportsEveryModelInJSON() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let path = cli.store + ".tsv"
        try Self.log(users: 4, launches: 200).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try cli.run(["evaluate", "next-app", "--json", "--log", path])
        #expect(out.status == 0, "\(out.stderr)")
        let report = try #require(try out.json() as? [String: Any])
        #expect(report["users"] as? Int == 4)
        #expect(report["launches"] as? Int == 4 * 60)
        let models = try #require(report["models"] as? [String: [String: Double]])
        for name in ["proactive", "mostFrequentlyUsed", "mostRecentlyUsed", "markov", "frecency"] {
            let m = try #require(models[name], "missing \(name)")
            for key in ["hit1", "hit4", "hit5", "mrr"] { #expect((0...1).contains(m[key] ?? -1)) }
        }
        #expect(models["proactive"]!["hit1"]! > models["mostRecentlyUsed"]!["hit1"]!)
    }

    @Test func readsGzipAndRejectsGarbage() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let path = cli.store + ".tsv"
        try Self.log(users: 2, launches: 50).write(toFile: path, atomically: true, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-f", path]
        try gzip.run()
        gzip.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: path + ".gz") }
        #expect(try cli.run(["evaluate", "next-app", "--log", path + ".gz"]).status == 0)
        let bad = cli.store + ".bad"
        try "not\ta\tlog\n".write(toFile: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let out = try cli.run(["evaluate", "next-app", "--log", bad])
        #expect(out.status == 2)
        #expect(out.stderr.contains("--log"))
    }
}
