import Proactive
import ProactiveSQLite
import ProactiveServer
import Testing

/// The Swift sample of `Sources/ProactiveServer/ProactiveServer.docc`, verbatim (its `import`
/// lines aside), so that a change of the API breaks the build of the tests rather than the
/// documentation (`ProactiveTests.DocumentationSampleTests.everySampleIsInATest` checks it is
/// here). It is compiled, not run: it serves on port 8787 until the process is signalled.
@Suite struct DocumentationSampleTests {
    /// Sources/ProactiveServer/ProactiveServer.docc/ProactiveServer.md
    static func landingPage(storePath: String) async throws {
        let engine = try ProactiveEngine(storage: SQLiteStorage(path: storePath))
        let server = try ProactiveServer(engine: engine)
        let token = try server.tokens.create(for: .system)  // shown once: the store keeps its digest
        print("inspector: http://127.0.0.1:8787/#token=\(token)")
        try await server.run()  // until SIGTERM or SIGINT
    }

    @Test func landingPageCompiles() {
        let sample: (String) async throws -> Void = Self.landingPage
        _ = sample
    }
}
