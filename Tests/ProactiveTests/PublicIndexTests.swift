import Foundation
import ProactiveModel
import ProactiveStorage
import ProactiveTesting
import Testing

@testable import Proactive

/// The public index's identity of a page, and paging through the user's own matches into the
/// public ones (the conformance suite covers thresholds, withdrawals and privacy on both
/// backends).
@Suite struct PublicIndexTests {
    @Test(arguments: [
        ("HTTPS://Example.COM:443/a/B?utm_source=x&b=2&a=1#frag", "https://example.com/a/B?a=1&b=2"),
        ("http://example.com:80", "http://example.com/"),
        ("http://example.com:8080/x", "http://example.com:8080/x"),
        ("https://user:secret@example.com/p", "https://example.com/p"),
        (
            "https://example.com./p?fbclid=1&gclid=2&UTM_MEDIUM=m&q=Tarte%20Tatin",
            "https://example.com/p?q=Tarte%20Tatin"
        ),
        ("https://例子.测试/路径", "https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84"),
        (
            "https://XN--FSQU00A.xn--0zwm56d/%E8%B7%AF%E5%BE%84",
            "https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84"
        ),
    ])
    func urlsHaveOneCanonicalForm(_ written: String, _ canonical: String) {
        #expect(CanonicalURL.canonical(written) == canonical)
    }

    @Test(arguments: [
        "ftp://example.com/file", "mailto:a@example.com", "/relative/path", "https://", "not a url",
    ])
    func onlyWebPagesQualify(_ written: String) {
        #expect(CanonicalURL.canonical(written) == nil)
    }

    @Test func pagesGoFromTheUsersOwnMatchesToThePublicOnes() throws {
        let clock = TestClock()
        var configuration = EngineConfiguration.withClock(clock)
        configuration.publicThreshold = 2
        let engine = try ProactiveEngine.inMemory(clock: clock, configuration: configuration)
        let app = "com.example.guides"
        try engine.donate(documents: [
            Data(
                #"{"type":"app","bundleIdentifier":"\#(app)","name":"Guides","activityTypes":["\#(app).page"]}"#
                    .utf8)
        ])
        // Two users saw each of 7 museum pages; the reader has 3 museum notes of their own.
        for user in ["ann", "ben"] {
            let documents = (0..<7).map { page in
                Data(
                    #"{"type":"activity","app":"\#(app)","activityType":"\#(app).page","title":"Museum guide \#(page)","webpageURL":"https://guides.example.com/museum/\#(page)","isEligibleForSearch":true,"isEligibleForPublicIndexing":true}"#
                        .utf8)
            }
            try engine.forUser(UserID(rawValue: user)!).donate(documents: documents)
        }
        let reader = engine.forUser("reader")
        try reader.donate(
            documents: (0..<3).map { note in
                Data(
                    #"{"type":"searchableItem","app":"\#(app)","uniqueIdentifier":"n\#(note)","attributeSet":{"title":"Museum note \#(note)"}}"#
                        .utf8)
            })
        var seen: [SearchResult] = []
        var cursor: String? = ""
        while let next = cursor {
            let page = try reader.searchPage(SearchRequest("museum").limit(2).cursor(next))
            seen += page.results
            cursor = page.nextCursor
        }
        #expect(seen.count == 10)
        #expect(Set(seen.map(\.id)).count == 10)
        #expect(seen.prefix(3).allSatisfy { !$0.isPublic })
        #expect(seen.suffix(7).allSatisfy { $0.isPublic })
        // Without a cursor, the public ones fill the page after the user's own.
        let quick = try reader.search(SearchRequest("museum").limit(5))
        #expect(quick.map(\.isPublic) == [false, false, false, true, true])
        // A result's JSON says "public": true for public entries only.
        let json = String(decoding: try DonationCoding.makeEncoder().encode(quick), as: UTF8.self)
        #expect(json.components(separatedBy: #""public":true"#).count == 3)
        // An app sees the public entries of its own app only.
        let other = try reader.search(SearchRequest("museum"), donor: .app("com.example.other"))
        #expect(other.isEmpty)
    }
}
