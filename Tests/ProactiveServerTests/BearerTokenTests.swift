import Testing

@testable import ProactiveServer

/// The token of an `Authorization` header, read as bytes: the scheme in any case, spaces and
/// tabs around the token trimmed, another scheme or none refused.
@Suite struct BearerTokenTests {
    @Test func readsTheToken() {
        #expect(ProactiveServer.bearerToken("Bearer pk_abc") == "pk_abc")
        #expect(ProactiveServer.bearerToken("bearer pk_abc") == "pk_abc")
        #expect(ProactiveServer.bearerToken("BEARER   pk_abc \t") == "pk_abc")
        #expect(ProactiveServer.bearerToken("Bearer pk_é") == "pk_é")
    }

    @Test(arguments: [
        "Basic dXNlcjpwYXNz", "Bearer", "Bearerpk_abc", "Bearer\tpk_abc", "", "Béarer x", "Bearex x",
    ])
    func refusesAnotherScheme(_ header: String) {
        #expect(ProactiveServer.bearerToken(header) == nil)
    }

    /// "Bearer " with nothing after it gives an empty token, which authentication refuses.
    @Test func anEmptyTokenIsEmpty() {
        #expect(ProactiveServer.bearerToken("Bearer   ") == "")
    }
}
