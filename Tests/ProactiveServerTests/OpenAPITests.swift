import Foundation
import ProactiveServer
import Testing
import Yams

/// `openapi.yaml` describes exactly the routes the server registers.
@Suite struct OpenAPITests {
    static var specURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi.yaml")
    }

    @Test func theDescriptionMatchesTheRoutes() throws {
        let text = try String(contentsOf: Self.specURL, encoding: .utf8)
        let spec = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect((spec["openapi"] as? String)?.hasPrefix("3.") == true)
        let paths = try #require(spec["paths"] as? [String: Any])
        var described: Set<String> = []
        for (path, value) in paths {
            let operations = try #require(value as? [String: Any])
            for method in operations.keys where ["get", "post", "put", "delete", "patch"].contains(method) {
                described.insert("\(method.uppercased()) \(path)")
            }
        }
        let served = Set(APIRoute.all.map(\.description))
        #expect(
            described == served,
            "only described: \(described.subtracting(served)); only served: \(served.subtracting(described))")
    }

    @Test func everyOperationDescribesItsErrors() throws {
        let text = try String(contentsOf: Self.specURL, encoding: .utf8)
        let spec = try #require(try Yams.load(yaml: text) as? [String: Any])
        let paths = try #require(spec["paths"] as? [String: [String: Any]])
        for (path, operations) in paths where path.hasPrefix("/v1/") {
            for (method, operation) in operations {
                let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
                #expect(responses["401"] != nil, "\(method) \(path) lacks 401")
            }
        }
    }
}
