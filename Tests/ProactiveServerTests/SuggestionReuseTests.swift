import Foundation
import Testing

/// The server reuses a computed suggestion list only for the very same request.
@Suite struct SuggestionReuseTests {
    @Test(arguments: TestMode.allCases) func aListIsReusedOnlyForTheSameParameters(_ mode: TestMode)
        async throws
    {
        try await TestServer.test(mode) { s in
            let a = TestServer.a
            let answer = try await s.donate(
                [
                    Documents.declare(a, types: ["\(a).place"]),
                    Documents.activity(a, type: "\(a).place", title: "Alpha Bistro Menu", persistent: "p-1"),
                    Documents.activity(a, type: "\(a).place", title: "Alpha Café Menu", persistent: "p-2"),
                    Documents.item(a, "a-1", title: "Alpha Bistro"),
                    Documents.item(a, "a-2", title: "Alpha Café"),
                ].joined(separator: "\n"), token: s.appA)
            #expect(answer.json["accepted"] as? Int == 5)
            func count(_ query: String) async throws -> Int {
                let answer = try await s.request("GET", "/v1/suggestions?\(query)", token: s.system)
                #expect(answer.status == 200, "\(query): \(answer.text)")
                return (answer.json["suggestions"] as? [Any])?.count ?? -1
            }
            // An app whose name holds "&limit=1" is not the parameter limit=1: the second request
            // must not be answered with the first one's list.
            let many = try await count("surface=maps&app=x%26limit%3D1")
            #expect(many >= 2)
            #expect(try await count("surface=maps&app=x&limit=1") == 1)
            #expect(try await count("surface=maps&app=x%26limit%3D1") == many)
        }
    }
}
