import Foundation
import Testing

/// `GET /v1/search` with a `cursor`: the object form with `nextCursor`, every match once, an
/// app's pages holding only its own data, and bad limits and cursors named.
@Suite struct SearchPagingHTTPTests {
    @Test(arguments: TestMode.allCases) func pagesReachEveryMatchOfTheAppOnly(_ mode: TestMode) async throws {
        try await TestServer.test(mode) { s in
            let a = TestServer.a
            let b = TestServer.b
            let items = (0..<230).map { Documents.item(a, "a-\($0)", title: "Bistro page \($0)") }
            var answer = try await s.donate(items.joined(separator: "\n"), token: s.appA)
            #expect(answer.json["accepted"] as? Int == 230)
            answer = try await s.donate(Documents.item(b, "b-1", title: "Bistro canary"), token: s.appB)
            #expect(answer.json["accepted"] as? Int == 1)

            var seen: [String] = []
            var cursor = ""
            var pages = 0
            repeat {
                answer = try await s.request(
                    "GET", "/v1/search?q=bistro&limit=100&cursor=\(cursor)", token: s.appA)
                #expect(answer.status == 200)
                #expect(answer.json.keys.contains("nextCursor"))
                let results = answer.json["results"] as? [[String: Any]] ?? []
                seen += results.compactMap { $0["uniqueIdentifier"] as? String }
                #expect(!answer.text.contains("canary"))
                cursor = answer.json["nextCursor"] as? String ?? ""
                pages += 1
            } while !cursor.isEmpty && pages < 10
            #expect(pages == 3)
            #expect(seen.count == 230 && Set(seen).count == 230)

            // Without a cursor: the first results, no paging.
            answer = try await s.request("GET", "/v1/search?q=bistro&limit=5", token: s.appA)
            #expect(!answer.json.keys.contains("nextCursor"))
            #expect((answer.json["results"] as? [Any])?.count == 5)

            answer = try await s.request("GET", "/v1/search?q=bistro&limit=1001&cursor=", token: s.appA)
            #expect(answer.status == 400)
            #expect(answer.field == "limit")
            answer = try await s.request("GET", "/v1/search?q=bistro&cursor=nope", token: s.appA)
            #expect(answer.status == 400)
            #expect(answer.field == "cursor")
        }
    }
}
