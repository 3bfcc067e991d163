import Foundation
import Testing

/// Each boundary of per-app isolation, through the real server: app A, app B and the system.
@Suite struct IsolationTests {
    @Test(arguments: TestMode.allCases) func eachAppSeesOnlyItsOwnData(_ mode: TestMode) async throws {
        try await TestServer.test(mode) { s in
            let a = TestServer.a
            let b = TestServer.b
            // A declares itself and donates an item and an activity; B donates an item.
            var answer = try await s.donate(
                [
                    Documents.declare(a, types: ["\(a).place"]),
                    Documents.item(a, "a-1", title: "Alpha Bistro"),
                    Documents.activity(a, type: "\(a).place", title: "Alpha Bistro Menu", persistent: "p-1"),
                ].joined(separator: "\n"), token: s.appA)
            #expect(answer.status == 200)
            #expect(answer.json["accepted"] as? Int == 3)
            let receipts = try #require(answer.json["receipts"] as? [[String: Any]])
            let activityID = try #require(receipts[2]["id"] as? String)
            answer = try await s.donate(
                [Documents.declare(b), Documents.item(b, "b-1", title: "Beta Bistro")].joined(
                    separator: "\n"),
                token: s.appB)
            #expect(answer.json["accepted"] as? Int == 2)

            // An app may not donate for another app, nor context events.
            answer = try await s.donate(Documents.item(b, "b-2", title: "Forged"), token: s.appA)
            #expect(answer.json["rejected"] as? Int == 1)
            answer = try await s.request(
                "POST", "/v1/donations", token: s.appA,
                body: #"{"type":"event","event":"appLaunched","app":"com.example.alpha"}"#)
            #expect(answer.status == 400)
            #expect(answer.field == "type")

            // Search: each app finds only its own; naming another app is refused; the system sees both.
            answer = try await s.request("GET", "/v1/search?q=bistro", token: s.appA)
            var titles = (answer.json["results"] as? [[String: Any]] ?? []).compactMap {
                $0["title"] as? String
            }
            #expect(Set(titles) == ["Alpha Bistro", "Alpha Bistro Menu"])
            answer = try await s.request("GET", "/v1/search?q=bistro", token: s.appB)
            titles = (answer.json["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(titles == ["Beta Bistro"])
            answer = try await s.request("GET", "/v1/search?q=bistro&app=\(a)", token: s.appB)
            #expect(answer.status == 403)
            answer = try await s.request("GET", "/v1/search?q=bistro", token: s.system)
            titles = (answer.json["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(Set(titles) == ["Alpha Bistro", "Alpha Bistro Menu", "Beta Bistro"])

            // Export: own data only.
            answer = try await s.request("GET", "/v1/export", token: s.appB)
            #expect(answer.status == 200)
            #expect(answer.json["app"] as? String == b)
            #expect((answer.json["entries"] as? [Any])?.count == 1)
            #expect(!answer.text.contains("Alpha"))
            answer = try await s.request("GET", "/v1/export?app=\(a)", token: s.appB)
            #expect(answer.status == 403)
            answer = try await s.request("GET", "/v1/export?app=\(a)", token: s.system)
            #expect((answer.json["entries"] as? [Any])?.count == 2)

            // Continue: B cannot reach A's activity (not even its existence); A can.
            answer = try await s.request(
                "POST", "/v1/continuations", token: s.appB, body: #"{"id":"\#(activityID)"}"#)
            #expect(answer.status == 404)
            answer = try await s.request(
                "POST", "/v1/continuations", token: s.appA, body: #"{"id":"\#(activityID)"}"#)
            #expect(answer.status == 200)
            #expect(answer.json["action"] as? String == "launchApp")

            // Surfaces, the assistant and the inspector are the system's.
            for path in ["/v1/suggestions?surface=maps", "/v1/inspector"] {
                answer = try await s.request("GET", path, token: s.appA)
                #expect(answer.status == 403, "\(path)")
                answer = try await s.request("GET", path, token: s.system)
                #expect(answer.status == 200, "\(path)")
            }
            answer = try await s.request(
                "POST", "/v1/ask", token: s.appA, body: #"{"utterance":"call this place"}"#)
            #expect(answer.status == 403)
            answer = try await s.request("GET", "/v1/suggestions?surface=maps", token: s.system)
            let maps = (answer.json["suggestions"] as? [[String: Any]] ?? []).compactMap {
                $0["title"] as? String
            }
            #expect(Set(maps) == ["Alpha Bistro", "Beta Bistro"])

            // Delete: B cannot delete A's data; A can, and it is gone from search and surfaces.
            answer = try await s.request(
                "POST", "/v1/deletions", token: s.appB, body: #"{"app":"\#(a)","all":true}"#)
            #expect(answer.status == 403)
            answer = try await s.request(
                "POST", "/v1/deletions", token: s.appA, body: #"{"identifiers":["a-1"]}"#)
            #expect(answer.status == 200)
            #expect(answer.json["deleted"] as? Int == 1)
            answer = try await s.request("GET", "/v1/search?q=alpha", token: s.system)
            titles = (answer.json["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(titles == ["Alpha Bistro Menu"])
            answer = try await s.request("GET", "/v1/suggestions?surface=maps", token: s.system)
            let after = (answer.json["suggestions"] as? [[String: Any]] ?? []).compactMap {
                $0["title"] as? String
            }
            #expect(after == ["Beta Bistro"])
        }
    }
}
