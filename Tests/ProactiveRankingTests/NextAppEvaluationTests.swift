import Foundation
import ProactiveRanking
import Testing

/// A log line in the LSApp layout.
func logLine(_ user: String, _ timestamp: String, _ app: String, event: String = "Opened") -> String {
    "\(user)\t1\t\(timestamp)\t\(app)\t\(event)\t\(app)"
}

/// Lines for `apps` launched one minute apart from 2014-01-06 08:00 (a Monday).
func logLines(_ user: String, _ apps: [String], startMinute: Int = 0) -> [String] {
    apps.enumerated().map { index, app in
        let minute = startMinute + index
        let timestamp = String(format: "2014-01-06 %02d:%02d:00", 8 + minute / 60, minute % 60)
        return logLine(user, timestamp, app)
    }
}

@Suite("Next-app evaluation protocol")
struct NextAppEvaluationTests {
    let header = "user_id\tsession_id\ttimestamp\tapp_name\tevent_type\tapp_id"

    @Test("consecutive repeats are collapsed before counting and splitting")
    func collapse() throws {
        // 12 rows, 10 launches after collapsing A A → A and B B → B.
        let apps = ["A", "A", "B", "B", "A", "B", "A", "B", "A", "B", "A", "B"]
        let report = try NextAppEvaluation.evaluate(lines: [header] + logLines("u", apps))
        #expect(report.users == 1)
        #expect(report.launches == 3)  // 10 − ⌊0.7 × 10⌋
    }

    @Test("users with fewer than 10 launches are skipped", arguments: [(9, 0), (10, 1)])
    func minimumLaunches(count: Int, users: Int) throws {
        let apps = (0..<count).map { $0 % 2 == 0 ? "A" : "B" }
        let report = try NextAppEvaluation.evaluate(lines: logLines("u", apps))
        #expect(report.users == users)
    }

    @Test("each user is split 70/30 chronologically", arguments: [(10, 3), (14, 5), (33, 10)])
    func split(count: Int, testLaunches: Int) throws {
        let apps = (0..<count).map { "app\($0 % 3)" }
        let report = try NextAppEvaluation.evaluate(lines: logLines("u", apps))
        #expect(report.launches == testLaunches)
    }

    @Test("rows are sorted by time per user; other events are ignored")
    func sortingAndEvents() throws {
        // Written out of order: sorted, the user alternates A and B, so MRU is always right.
        var lines = logLines("u", (0..<10).map { $0 % 2 == 0 ? "A" : "B" })
        lines.reverse()
        lines.insert(logLine("u", "2014-01-06 08:05:30", "C", event: "Closed"), at: 3)
        let report = try NextAppEvaluation.evaluate(lines: lines)
        #expect(report.launches == 3)
        #expect(report.models.mostRecentlyUsed.hit1 == 1)
    }

    @Test("the foreground app is excluded, never-used apps follow in global popularity, micro-averaged")
    func foregroundFallbackAndMicroAverage() throws {
        // u1 alternates X and Y; u2 alternates A and B, then opens X, which it never used:
        // X comes after u2's own apps (B, as A is in the foreground), first of the others.
        let u1 = logLines("u1", (0..<10).map { $0 % 2 == 0 ? "X" : "Y" })
        let u2 = logLines("u2", (0..<9).map { $0 % 2 == 0 ? "A" : "B" } + ["X"])
        let report = try NextAppEvaluation.evaluate(lines: u1 + u2)
        #expect(report.users == 2)
        #expect(report.launches == 6)
        let mfu = report.models.mostFrequentlyUsed
        #expect(abs(mfu.hit1 - 5.0 / 6) < 1e-12)
        #expect(mfu.hit4 == 1)
        #expect(abs(mfu.mrr - 5.5 / 6) < 1e-12)
    }

    @Test("an app no one used in training counts as a miss")
    func unknownApp() throws {
        let u = logLines("u", (0..<9).map { $0 % 2 == 0 ? "A" : "B" } + ["Z"])
        let report = try NextAppEvaluation.evaluate(lines: u)
        #expect(abs(report.models.mostFrequentlyUsed.mrr - 2.0 / 3) < 1e-12)
        #expect(abs(report.models.mostFrequentlyUsed.hit5 - 2.0 / 3) < 1e-12)
    }

    @Test("text and async line sequences give the same report")
    func entryPoints() async throws {
        let lines = [header] + logLines("u", (0..<20).map { "app\($0 % 4)" })
        let fromText = try NextAppEvaluation.evaluate(text: lines.joined(separator: "\n") + "\n")
        let stream = AsyncStream<String> { continuation in
            for line in lines { continuation.yield(line) }
            continuation.finish()
        }
        let fromStream = try await NextAppEvaluation.evaluate(lines: stream)
        #expect(fromText == fromStream)
        let json = String(decoding: try JSONEncoder().encode(fromText), as: UTF8.self)
        for key in ["\"users\"", "\"launches\"", "\"proactive\"", "\"mostFrequentlyUsed\"", "\"mrr\""] {
            #expect(json.contains(key))
        }
    }

    @Test(
        "malformed lines are rejected with their line number",
        arguments: [
            ("u\t1\t2014-01-06 08:00:00\tA\tOpened", NextAppEvaluationError.Code.malformedLine),
            ("u\t1\t2014-01-06T08:00:00\tA\tOpened\tA", NextAppEvaluationError.Code.malformedTimestamp),
        ])
    func malformed(line: String, code: NextAppEvaluationError.Code) throws {
        let error = #expect(throws: NextAppEvaluationError.self) {
            try NextAppEvaluation.evaluate(lines: [header, line])
        }
        #expect(error?.code == code)
        #expect(error?.line == 2)
    }

    @Test("on a log with a learnable pattern Proactive beats the baselines")
    func proactiveLearnsPattern() throws {
        // Each user goes back to a hub app between the others, in a fixed order: after the
        // hub, the app before it tells which comes next (second order), which frequency,
        // recency and first-order transitions cannot know.
        var lines: [String] = []
        for user in 0..<4 {
            let pattern = (1...8).flatMap { [0, $0] }
            let apps = (0..<320).map { "u\(user).app\(pattern[$0 % pattern.count])" }
            lines += logLines("u\(user)", apps)
        }
        let report = try NextAppEvaluation.evaluate(lines: lines)
        #expect(report.proactiveBeatsBaselines)
    }
}
