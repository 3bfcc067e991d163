import Foundation
import Proactive
import ProactiveModel
import ProactiveSQLite
import ProactiveStorage
import Testing

@Suite struct PageVisitTests {
    static func visit(_ html: String, url: String = "https://example.fr/le-comptoir") -> String {
        let escaped = String(decoding: try! JSONEncoder().encode(html), as: UTF8.self)
        return #"{"type":"pageVisit","app":"org.example.browser","url":"\#(url)","html":\#(escaped)}"#
    }

    @Test func markupMakesThePageSearchableWithItsPlace() throws {
        let f = try EngineFixture()
        let html = """
            <html><head><title>Le Comptoir du Relais</title>
            <meta name="description" content="Bistrot parisien, cuisine du marché">
            </head><body><div itemscope itemtype="https://schema.org/Restaurant">
            <span itemprop="name">Le Comptoir du Relais</span>
            <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
            <span itemprop="streetAddress">9 Carrefour de l'Odéon</span>
            <span itemprop="postalCode">75006</span> <span itemprop="addressLocality">Paris</span></div>
            <span itemprop="telephone">+33 1 44 27 07 97</span></div></body></html>
            """
        let receipt = try f.donate(Self.visit(html))[0]
        #expect(receipt.status == .accepted)
        #expect(receipt.places == ["Le Comptoir du Relais"])
        for query in ["comptoir", "bistrot", "odeon", "marche"] {
            let results = try f.search(query)
            #expect(results.map(\.kind) == [.page], "query \(query)")
            #expect(results.first?.url == "https://example.fr/le-comptoir")
        }
        #expect(try f.search("comptoir").first?.subtitle == "Bistrot parisien, cuisine du marché")
    }

    @Test func unusablePagesAreRejectedAndChangeNothing() throws {
        let f = try EngineFixture()
        let huge = String(repeating: "<p>x</p>", count: 1_400_000)  // over 10 MB
        let receipt = try f.donate(Self.visit(huge))[0]
        #expect(receipt.status == .rejected)
        #expect(receipt.code == .tooLarge)
        #expect(try f.storage.read { try $0.entryCounts() }.isEmpty)
        // Hostile but parseable markup is handled: deep nesting and broken JSON-LD.
        let deep =
            String(repeating: "<div>", count: 100_000) + "Deep page"
            + String(repeating: "</div>", count: 100_000)
        let broken =
            #"<html><head><title>Broken</title><script type="application/ld+json">{"@type": "Restaurant", "name": </script></head></html>"#
        let receipts = try f.donate(
            Self.visit(deep, url: "https://a.example/deep"),
            Self.visit(broken, url: "https://a.example/broken"))
        #expect(receipts.allSatisfy { $0.status == .accepted })
        #expect(try f.search("broken").count == 1)
    }
}
