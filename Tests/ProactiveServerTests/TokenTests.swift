import Foundation
import Proactive
import ProactiveServer
import ProactiveStore
import Testing

/// Tokens: random, stored as digests only, revocable.
@Suite struct TokenTests {
    @Test func tokensAreRandomStoredAsDigestsAndRevocable() throws {
        let store = try Store()
        let authority = TokenAuthority(store: store)
        let app = try authority.create(for: .app("com.example.alpha"))
        let system = try authority.create(for: .system)
        #expect(app.hasPrefix("pk_") && app.count >= 40)
        #expect(app != system)
        #expect(try authority.donor(forToken: app) == .app("com.example.alpha"))
        #expect(try authority.donor(forToken: system) == .system)
        #expect(try authority.donor(forToken: app + "x") == nil)
        // The store holds digests, never the tokens.
        let stored = try store.read { try $0.accessTokens() }
        #expect(Set(stored.map(\.digest)) == [TokenAuthority.digest(app), TokenAuthority.digest(system)])
        #expect(stored.allSatisfy { $0.digest.count == 64 && !$0.digest.contains("pk_") })
        // Revoked by the start of its digest: refused at once.
        #expect(try authority.revoke(digestPrefix: String(TokenAuthority.digest(app).prefix(10))) == 1)
        #expect(try authority.donor(forToken: app) == nil)
        #expect(try authority.donor(forToken: system) == .system)
    }
}
