import CLibXML2
import Foundation
import Testing

@testable import ProactiveMarkup

/// Pages built to hurt: deep nesting, huge pages, invalid bytes, broken JSON. Each must end quickly,
/// without a crash, with a clear error or issue.
@Suite struct HostileInputTests {
    let extractor = MarkupExtractor()

    /// Runs `body` and returns its result with the time it took.
    func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return (result, clock.now - start)
    }

    @Test func hundredThousandNestedElements() throws {
        let depth = 100_000
        let html =
            String(
                repeating: "<div itemscope itemtype=\"https://schema.org/Place\" itemprop=\"containsPlace\">",
                count: depth)
            + "<span itemprop=\"name\">deep</span>" + String(repeating: "</div>", count: depth)
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        #expect(page.issues.contains { $0.code == .tooDeep })
        #expect(elapsed < .seconds(10))
    }

    @Test func hundredThousandNestedUnclosedElements() throws {
        let html = String(
            repeating: "<span vocab=\"https://schema.org/\" typeof=\"Thing\" property=\"about\">",
            count: 100_000)
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        #expect(page.issues.contains { $0.code == .tooDeep })
        #expect(elapsed < .seconds(10))
    }

    @Test("100k-deep JSON-LD", arguments: ["[", "{\"a\":", "{\"@type\":\"Thing\",\"about\":"])
    func hundredThousandNestedJSON(opening: String) throws {
        let json = String(repeating: opening, count: 100_000)
        let html = "<script type=\"application/ld+json\">\(json)</script>"
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        #expect(page.issues.map(\.code) == [.tooDeep])
        #expect(page.entities.isEmpty)
        #expect(elapsed < .seconds(10))
    }

    @Test func deepButClosedJSONWithinTheLimitIsRead() throws {
        let depth = 200
        let json =
            String(repeating: "{\"@type\":\"Place\",\"containedInPlace\":", count: depth) + "\"x\""
            + String(repeating: "}", count: depth)
        let page = try extractor.extract(html: "<script type=\"application/ld+json\">\(json)</script>")
        #expect(page.issues.isEmpty)
        #expect(page.entities.count == 1)
    }

    @Test func fiftyMegabytePageIsRejected() throws {
        let chunk = "<p>Le Petit Zinc, 11 rue Saint-Benoît, Paris. </p>\n"
        let html = String(repeating: chunk, count: 50 * 1024 * 1024 / chunk.utf8.count + 1)
        let (result, elapsed) = timed {
            Result { () throws(MarkupError) in try extractor.extract(html: html) }
        }
        #expect(throws: MarkupError.self) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.code == .pageTooLarge)
            #expect(error.message.contains("10485760"))
        }
        #expect(elapsed < .seconds(5))
        #expect(throws: MarkupError.self) { try extractor.extract(html: Data(html.utf8)) }
    }

    @Test func largePageUnderTheLimitIsReadInBoundedTime() throws {
        var html = RestaurantPages.frenchJSONLD
        let filler = "<div><p>Plat du jour : <b>blanquette</b> &amp; vin.</p></div>\n"
        html += String(repeating: filler, count: 9 * 1024 * 1024 / filler.utf8.count)
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        #expect(page.places.count == 1)
        #expect(elapsed < .seconds(20))
    }

    @Test func invalidUTF8IsReadAndReported() throws {
        var bytes = Array("<html><head><title>Caf".utf8)
        bytes += [0xE9, 0xFF, 0xC3]  // Latin-1 é, then bytes that are never UTF-8
        bytes += Array("</title></head><body><div itemscope itemtype=\"https://schema.org/Restaurant\">".utf8)
        bytes += Array("<span itemprop=\"name\">Caf".utf8) + [0xE9] + Array("</span>".utf8)
        bytes += Array("<span itemprop=\"address\">Paris</span></div></body></html>".utf8)
        let page = try extractor.extract(html: Data(bytes))
        #expect(page.issues.map(\.code) == [.invalidUTF8])
        #expect(page.places.first?.name == "Café")  // read as ISO-8859-1, the fallback
        #expect(page.places.first?.addressText == "Paris")
    }

    @Test func declaredLegacyEncodingIsFollowed() throws {
        var bytes = Array("<html><head><meta charset=\"gbk\"><title>".utf8)
        bytes += [0xB2, 0xCD, 0xCC, 0xFC]  // 餐厅 in GBK
        bytes += Array("</title></head><body></body></html>".utf8)
        let page = try extractor.extract(html: Data(bytes))
        #expect(page.title == "餐厅")
    }

    @Test func validUTF8DataIsNotReported() throws {
        let page = try extractor.extract(html: Data(RestaurantPages.chineseMicrodata.utf8))
        #expect(page.issues.isEmpty)
        #expect(page.places.first?.name == "老正兴菜馆")
    }

    @Test(
        "Invalid JSON is an issue, not an error",
        arguments: ["{", "}", "{\"a\" 1}", "\"unterminated", "nul", "{\"a\":[1,2}", "@@@", "{'a': tru}"])
    func invalidJSON(json: String) throws {
        let page = try extractor.extract(
            html: "<script type=\"application/ld+json\">\(json)</script><p>x</p>")
        #expect(page.issues.map(\.code) == [.invalidJSON])
        #expect(page.entities.isEmpty)
    }

    @Test("Unusable pages throw a clear error", arguments: ["", "   "])
    func unusablePage(html: String) {
        #expect {
            try extractor.extract(html: html)
        } throws: { error in
            (error as? MarkupError)?.code == .unusablePage
        }
    }

    /// Found by the libFuzzer target: one item under four property names at every level (4^12
    /// entities written naively) gave 100 000 entities, a JSON output 2 000 times the page's size.
    @Test func propertyNameFanOutStaysProportionalToThePage() throws {
        let level =
            "<div itemprop=\"a b c d\" itemscope itemtype=\"https://schema.org/Thing\"><span itemprop=\"name\">x</span>"
        let html =
            "<div itemscope itemtype=\"https://schema.org/Thing\">"
            + String(repeating: level, count: 12) + String(repeating: "</div>", count: 13)
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        let json = try JSONEncoder().encode(page)
        #expect(page.entities.count == 1)
        #expect(json.count < 4 * html.utf8.count + 200_000, "JSON of \(json.count) bytes")
        #expect(elapsed < .seconds(2))
    }

    /// Found by the libFuzzer target (LeakSanitizer): an RDFa `rev` beside `typeof` and `property`
    /// makes the subject and the new node refer to each other, and such cycles
    /// of builders outlived every extraction.
    @Test(arguments: [
        "<div vocab=\"https://schema.org/\" typeof=\"Legislation\"><a property=\"isBasedOn\" rev=\"legislationCorrects\" typeof=\"Legislation\" href=\"c.html\">c</a></div>"
    ])
    func builderCyclesAreFreedAfterExtraction(html: String) throws {
        let builders = try weakBuilders(afterExtracting: html)
        #expect(!builders.isEmpty)
        #expect(builders.allSatisfy { $0.builder == nil }, "builders left alive")
    }

    /// The builders made while `html` was extracted, held weakly.
    func weakBuilders(afterExtracting html: String) throws -> [WeakBuilder] {
        var bytes = Array(html.utf8)
        let document = try #require(
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", 0)
                }
            })
        defer { xmlFreeDoc(document) }
        let scanner = PageScanner(maximumDepth: 256, maximumTextLength: 65_536)
        scanner.scan(try #require(xmlDocGetRootElement(document)))
        _ = extractor.assemble(scanner, url: nil, pageSize: bytes.count, issues: [])
        return scanner.builders.map(WeakBuilder.init)
    }

    /// A builder held without keeping it alive.
    struct WeakBuilder {
        weak var builder: EntityBuilder?
    }

    @Test func referenceFanOutStaysBounded() throws {
        // Each node names the next one twice: written out naively this is 2^40 entities.
        let nodes = (0..<40).map { index in
            "{\"@id\":\"#n\(index)\",\"@type\":\"Place\",\"a\":{\"@id\":\"#n\(index + 1)\"},\"b\":{\"@id\":\"#n\(index + 1)\"}}"
        }
        let html =
            "<script type=\"application/ld+json\">{\"@graph\":[\(nodes.joined(separator: ","))]}</script>"
        let (page, elapsed) = try timed { try extractor.extract(html: html) }
        #expect(page.entities.count == 1)
        #expect(elapsed < .seconds(10))
    }
}
