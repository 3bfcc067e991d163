import Foundation
import Proactive
import ProactiveSQLite
import ProactiveServer
import ProactiveStorage
import Testing

/// Tokens: random, stored as digests only, revocable, each acting for one user.
@Suite struct TokenTests {
    @Test func tokensAreRandomStoredAsDigestsAndRevocable() throws {
        let store = try SQLiteStorage()
        let authority = TokenAuthority(engine: try ProactiveEngine(storage: store))
        let app = try authority.create(for: .app("com.example.alpha"))
        let system = try authority.create(for: .system)
        #expect(app.hasPrefix("pk_") && app.count >= 40)
        #expect(app != system)
        #expect(
            try authority.principal(forToken: app)
                == Principal(user: .device, donor: .app("com.example.alpha")))
        #expect(try authority.principal(forToken: system)?.donor == .system)
        #expect(try authority.principal(forToken: app + "x") == nil)
        // The store holds digests, never the tokens.
        let stored = try store.read { try $0.accessTokens() }
        #expect(Set(stored.map(\.digest)) == [TokenAuthority.digest(app), TokenAuthority.digest(system)])
        #expect(stored.allSatisfy { $0.digest.count == 64 && !$0.digest.contains("pk_") })
        // Revoked by the start of its digest: refused at once.
        #expect(try authority.revoke(digestPrefix: String(TokenAuthority.digest(app).prefix(10))) == 1)
        #expect(try authority.principal(forToken: app) == nil)
        #expect(try authority.principal(forToken: system)?.donor == .system)
    }

    @Test func aTokenActsForItsUser() throws {
        let authority = TokenAuthority(engine: try ProactiveEngine(storage: SQLiteStorage()))
        let alice = try authority.create(for: .app("com.example.alpha"), user: "alice")
        let bob = try authority.create(for: .system, user: "bob")
        #expect(
            try authority.principal(forToken: alice)
                == Principal(user: "alice", donor: .app("com.example.alpha")))
        #expect(try authority.principal(forToken: bob) == Principal(user: "bob", donor: .system))
        #expect(Set(try authority.list().map(\.user)) == ["alice", "bob"])
    }
}
