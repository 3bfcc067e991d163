import Foundation
import ProactiveTesting
import Testing

@testable import ProactiveMarkup

/// Random mutations of realistic pages (and of schema.org's examples when present): extraction never
/// crashes, and either returns or throws a ``MarkupError``.
@Suite struct FuzzTests {
    static let fragments: [[UInt8]] = [
        "<", ">", "\"", "'", "{", "}", "[", "]", ",", ";", ":", "\\", "<!--", "-->", "<![CDATA[", "]]>",
        "</script>",
        "<script type=\"application/ld+json\">", " itemscope", " itemprop=\"name\"", " itemref=\"a b\"",
        " id=\"a\"",
        " typeof=\"Place\"", " property=\"geo\"", " rel=\"x\"", " vocab=\"https://schema.org/\"",
        "\"@id\":\"#a\"",
        "{\"@id\":\"#a\"}", "<div>", "</div>", "&amp;", "&#xD800;", "\u{0}", "\u{FEFF}", "é", "餐",
    ].map { Array($0.utf8) }

    static func corpus() -> [[UInt8]] {
        var pages = [
            RestaurantPages.frenchJSONLD, RestaurantPages.italianMicrodata, RestaurantPages.portugueseRDFa,
            RestaurantPages.germanGraph, RestaurantPages.chineseMicrodata, RestaurantPages.englishOpenGraph,
        ].map { Array($0.utf8) }
        if let text = try? String(contentsOf: ConformanceTests.corpusURL, encoding: .utf8) {
            for line in text.split(separator: "\n").prefix(120) {
                if let example = try? JSONDecoder().decode(
                    ConformanceTests.Example.self, from: Data(line.utf8))
                {
                    pages.append(Array((example.jsonld + example.microdata + example.rdfa).utf8))
                }
            }
        }
        return pages
    }

    static func mutate(_ page: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = page
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1:
                bytes.insert(contentsOf: fragments.randomElement(using: &generator)!, at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &generator))
                bytes.removeSubrange(position..<end)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...256, using: &generator))
                let slice = Array(bytes[position..<end])
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &generator))
            default:
                bytes.append(contentsOf: fragments.randomElement(using: &generator)!)
            }
        }
        return bytes
    }

    @Test("Random mutations never crash", arguments: [1 as UInt64, 2, 3, 4])
    func mutations(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let pages = Self.corpus()
        let extractor = MarkupExtractor()
        var extracted = 0
        for _ in 0..<1_500 {
            let page = Self.mutate(pages.randomElement(using: &generator)!, using: &generator)
            do {
                let result = try extractor.extract(html: Data(page))
                _ = try JSONEncoder().encode(result)
                extracted += 1
            } catch is MarkupError {
                continue
            }
        }
        #expect(extracted > 1_000)
    }

    @Test func lenientParserOnRandomBytes() {
        var generator = SplitMix64(seed: 42)
        let parser = LenientJSONParser(maximumDepth: 64)
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<200, using: &generator)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                bytes +=
                    Bool.random(using: &generator)
                    ? [UInt8.random(in: 0...255, using: &generator)]
                    : Array("{}[],:\"'\\/*-<!>;tfn0.e".utf8).randomElement(using: &generator).map { [$0] }!
            }
            _ = try? parser.parseAll(bytes)
        }
    }
}
