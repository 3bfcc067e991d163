import Foundation
import ProactiveServer
import Testing

/// Every error status, each naming what is wrong, and changing nothing.
@Suite struct ErrorStatusTests {
    @Test(arguments: TestMode.allCases) func badRequestsNameTheField(_ mode: TestMode) async throws {
        try await TestServer.test(mode) { s in
            let cases: [(String, String, String?, String)] = [
                ("GET", "/v1/suggestions", nil, "surface"),
                ("GET", "/v1/suggestions?surface=billboard", nil, "surface"),
                ("GET", "/v1/suggestions?surface=maps&limit=0", nil, "limit"),
                ("GET", "/v1/suggestions?surface=maps&at=yesterday", nil, "at"),
                // An empty typed value is not an absent one: `at=` is not a date.
                ("GET", "/v1/suggestions?at=&contentType=&surface=maps", nil, "contentType"),
                ("GET", "/v1/suggestions?surface=quickType&contentType=", nil, "contentType"),
                ("GET", "/v1/suggestions?surface=", nil, "surface"),
                ("GET", "/v1/suggestions?surface=maps&limit=", nil, "limit"),
                ("GET", "/v1/search?q=x&at=", nil, "at"),
                // A moment that cannot be is refused, not rolled over (February 30 was March 2).
                ("GET", "/v1/suggestions?surface=maps&at=2026-02-30T00:00:00Z", nil, "at"),
                (
                    "POST", "/v1/donations",
                    #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"d","at":"2026-01-01T25:00:00Z","attributeSet":{"title":"a"}}"#,
                    "at"
                ),
                ("POST", "/v1/ask", #"{"utterance":"what's on","timeZone":""}"#, "timeZone"),
                // Numbers beyond Int's range are refused by name, not converted (a trap).
                ("POST", "/v1/ask", #"{"utterance":"remind me about this tomorrow at 9","at":1e300}"#, "at"),
                ("POST", "/v1/ask", #"{"utterance":"what's on","at":-9.3e18}"#, "at"),
                ("POST", "/v1/ask", #"{"utterance":"what's on","at":2.5}"#, "at"),
                ("GET", "/v1/suggestions?surface=quickType&contentType=shoeSize", nil, "contentType"),
                ("GET", "/v1/suggestions?surface=maps&colour=red", nil, "colour"),
                ("GET", "/v1/suggestions?surface=maps&latitude=91&longitude=2", nil, "latitude"),
                ("GET", "/v1/suggestions?surface=maps&latitude=48.8", nil, "longitude"),
                ("GET", "/v1/suggestions?surface=maps&latitude=north&longitude=2", nil, "latitude"),
                ("GET", "/v1/search?q=x&where=title%20%3D%3D", nil, "where"),
                ("POST", "/v1/ask", "[1,2]", "body"),
                ("POST", "/v1/ask", "{}", "utterance"),
                (
                    "POST", "/v1/ask", #"{"utterance":"remind me tomorrow at 9","timeZone":"Mars/Olympus"}"#,
                    "timeZone"
                ),
                ("GET", "/v1/suggestions?surface=lockScreen&timeZone=Europe%2FAtlantis", nil, "timeZone"),
                ("POST", "/v1/deletions", #"{"app":"com.example.alpha"}"#, "target"),
                ("POST", "/v1/deletions", #"{"all":true}"#, "app"),
                ("POST", "/v1/deletions", #"{"all":true,"app":""}"#, "app"),
                // An empty value names nothing: before, "deleted 0".
                (
                    "POST", "/v1/deletions", #"{"app":"com.example.alpha","identifiers":["a",""]}"#,
                    "identifiers"
                ),
                ("POST", "/v1/deletions", #"{"app":"com.example.alpha","domains":[""]}"#, "domains"),
                // A key given twice in one object is ambiguous too: before, the first one won.
                ("POST", "/v1/ask", #"{"utterance":"what's on","utterance":"call this place"}"#, "utterance"),
                (
                    "POST", "/v1/deletions",
                    #"{"app":"com.example.alpha","all":true,"app":"com.example.beta"}"#,
                    "app"
                ),
                (
                    "POST", "/v1/donations",
                    #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"d","attributeSet":{"title":"a","title":"b"}}"#,
                    "attributeSet.title"
                ),
                // A parameter given twice is ambiguous: before, the last one won.
                ("GET", "/v1/suggestions?surface=maps&surface=lockScreen", nil, "surface"),
                ("GET", "/v1/search?q=a&q=b", nil, "q"),
                ("POST", "/v1/donations", #"[{"type":"nonsense"},{"type":"searchableItem"}]"#, "body"),
                (
                    "POST", "/v1/donations",
                    #"[{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"kept-out","attributeSet":{"title":"x"}},null]"#,
                    "body[1]"
                ),
                ("POST", "/v1/continuations", "{}", "id"),
                // A misspelt field is refused by name: before, "appInstaled": false was ignored.
                ("POST", "/v1/continuations", #"{"id":"activity/1","appInstaled":false}"#, "appInstaled"),
                (
                    "POST", "/v1/donations", #"{"type":"searchableItem","app":"com.example.alpha"}"#,
                    "uniqueIdentifier"
                ),
                (
                    "POST", "/v1/donations",
                    #"{"type":"event","event":"location","latitude":123,"longitude":2}"#,
                    "latitude"
                ),
                ("POST", "/v1/donations", #"{"type":"#, "body"),
                // U+0000 (NUL) names nothing stored: refused by name wherever it is given.
                ("GET", "/v1/search?q=x&app=com.example%00alpha", nil, "app"),
                ("GET", "/v1/suggestions?surface=contactCard&person=a%00b", nil, "person"),
                ("GET", "/v1/export?app=com.example%00alpha", nil, "app"),
                // Bytes that are not UTF-8, or a broken escape: before, "give words" or a
                // search for the escape's letters.
                ("GET", "/v1/search?q=%ff%fe", nil, "q"),
                ("GET", "/v1/search?q=caf%e9", nil, "q"),
                ("GET", "/v1/search?q=50%25%zz", nil, "q"),
                ("GET", "/v1/suggestions?surface=maps&locale=fr%", nil, "locale"),
                (
                    "POST", "/v1/deletions", #"{"app":"com.example.alpha","identifiers":["ok","a\u0000b"]}"#,
                    "identifiers"
                ),
                ("POST", "/v1/continuations", #"{"id":"activity/1\u0000"}"#, "id"),
                ("POST", "/v1/ask", #"{"utterance":"call this pl\u0000ace"}"#, "utterance"),
                (
                    "POST", "/v1/donations",
                    #"{"type":"searchableItem","app":"com.example.alpha","uniqueIdentifier":"n","attributeSet":{"title":"a\u0000"}}"#,
                    "attributeSet.title"
                ),
            ]
            for (method, path, body, field) in cases {
                let answer = try await s.request(method, path, token: s.system, body: body)
                #expect(answer.status == 400, "\(method) \(path) \(body ?? "")")
                #expect(answer.field?.hasPrefix(field) == true, "\(method) \(path): \(answer.text)")
                #expect((answer.json["error"] as? [String: Any])?["message"] as? String != nil)
            }
            // Nothing was stored by the rejected donations.
            let export = try await s.request("GET", "/v1/export?app=com.example.alpha", token: s.system)
            #expect((export.json["entries"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: TestMode.allCases) func unauthorizedForbiddenAndNotFound(_ mode: TestMode) async throws {
        try await TestServer.test(mode) { s in
            var answer = try await s.request("GET", "/v1/search?q=x", token: nil)
            #expect(answer.status == 401)
            #expect(answer.headers["www-authenticate"] == "Bearer")
            answer = try await s.request("GET", "/v1/search?q=x", token: "pk_not-a-token")
            #expect(answer.status == 401)
            #expect(answer.code == "unauthorized")
            answer = try await s.request("GET", "/v1/suggestions?surface=maps", token: s.appA)
            #expect(answer.status == 403)
            answer = try await s.request("GET", "/v1/nothing-here", token: s.system)
            #expect(answer.status == 404)
            #expect(answer.code == "notFound")
            answer = try await s.request(
                "POST", "/v1/continuations", token: s.system, body: #"{"id":"activity/999"}"#)
            #expect(answer.status == 404)
            answer = try await s.request("DELETE", "/v1/donations", token: s.system)
            #expect(answer.status == 405)
            #expect(answer.headers["allow"] == "POST")
            answer = try await s.request("GET", "/v1/live", token: s.system)
            #expect(answer.status == 426)
            // Health, metrics and the page need no token.
            #expect(try await s.request("GET", "/healthz", token: nil).status == 200)
            let metrics = try await s.request("GET", "/metrics", token: nil)
            #expect(metrics.status == 200)
            #expect(metrics.text.contains("hb_requests") || metrics.text.contains("http_requests"))
            let page = try await s.request("GET", "/", token: nil)
            #expect(page.status == 200)
            #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        }
    }

    @Test(arguments: TestMode.allCases) func oversizedBodiesAre413(_ mode: TestMode) async throws {
        try await TestServer.test(mode) {
            $0.maxBodySize = 4096
        } _: { s in
            let big = Documents.item(TestServer.a, "x", title: String(repeating: "a", count: 5000))
            let answer = try await s.request("POST", "/v1/donations", token: s.appA, body: big)
            #expect(answer.status == 413)
            #expect(answer.field == "body")
        }
    }

    @Test(arguments: TestMode.allCases) func floodingAppsGet429ThenRecover(_ mode: TestMode) async throws {
        // One token every 10 s. The bucket refills while requests run: on a machine loaded by
        // the whole suite the first request once took over 5 s (a 0.2/s bucket had a token
        // again), so the 429 is checked only when the late request came within 9 s.
        try await TestServer.test(mode) {
            $0.donationRate = 0.1
            $0.donationBurst = 10
        } _: { s in
            let batch = (0..<10).map { Documents.item(TestServer.a, "i-\($0)", title: "Item \($0)") }
                .joined(separator: "\n")
            let started = ContinuousClock.now
            var answer = try await s.donate(batch, token: s.appA)
            #expect(answer.status == 200)
            answer = try await s.donate(Documents.item(TestServer.a, "late", title: "Late"), token: s.appA)
            if ContinuousClock.now - started < .seconds(9) {
                #expect(answer.status == 429)
                #expect(answer.code == "rateLimited")
                #expect(Int(answer.headers["retry-after"] ?? "") ?? 0 >= 1)
            }
            // Another app is not limited by A's flood.
            answer = try await s.donate(Documents.item(TestServer.b, "b", title: "Beta"), token: s.appB)
            #expect(answer.status == 200)
            try await Task.sleep(for: .milliseconds(10_200))
            answer = try await s.donate(Documents.item(TestServer.a, "later", title: "Later"), token: s.appA)
            #expect(answer.status == 200)
        }
    }
}
