import Foundation
import ProactiveMarkup
import Testing

/// schema.org's own examples: the entities read from microdata and from RDFa must equal those read
/// from JSON-LD, after the normalisation described in ``NormalizedValue``.
@Suite struct ConformanceTests {
    /// `/work/shared/data/schemaorg-examples.jsonl`, found from this file: repository root, then `../shared/data`.
    static let corpusURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data/schemaorg-examples.jsonl").standardized

    static var corpusExists: Bool { FileManager.default.fileExists(atPath: corpusURL.path) }

    /// The measured pass rates (see docs/markup.md); the test fails if a change makes them worse.
    static let floors: [MarkupSyntax: Double] = [.microdata: 0.40, .rdfa: 0.44]
    /// The measured rates when only the structure is compared (types, property names, nesting).
    static let structuralFloors: [MarkupSyntax: Double] = [.microdata: 0.58, .rdfa: 0.61]

    struct Example: Decodable {
        var id: String
        var microdata: String
        var rdfa: String
        var jsonld: String
        var has: [String: Bool]
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOf: corpusURL, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONDecoder().decode(Example.self, from: Data($0.utf8))
        }
    }

    /// The result of comparing one syntax of one example with its JSON-LD.
    static func compare(_ example: Example, syntax: MarkupSyntax, structureOnly: Bool = false) throws
        -> String?
    {
        let extractor = MarkupExtractor()
        let html = syntax == .microdata ? example.microdata : example.rdfa
        // A few examples give the JSON-LD without its <script> element.
        let jsonLD =
            example.jsonld.contains("<script")
            ? example.jsonld : "<script type=\"application/ld+json\">\(example.jsonld)</script>"
        let expected = try extractor.extract(html: jsonLD).entities(from: .jsonLD).map {
            NormalizedEntity($0, structureOnly: structureOnly)
        }
        let found = try extractor.extract(html: html).entities(from: syntax).map {
            NormalizedEntity($0, structureOnly: structureOnly)
        }
        let expectedSorted = expected.sorted { $0.description < $1.description }
        let foundSorted = found.sorted { $0.description < $1.description }
        if expectedSorted == foundSorted { return nil }
        if expected.count != found.count {
            return "JSON-LD has \(expected.count) top-level entities \(expected.map(\.types)), "
                + "\(syntax) has \(found.count) \(found.map(\.types))"
        }
        for (a, b) in zip(expectedSorted, foundSorted) where a != b {
            // Pair by type when possible, so the reason names the entity that differs.
            let partner = foundSorted.first { $0.types == a.types && $0 != a } ?? b
            return a.difference(from: partner) ?? "entities differ"
        }
        return "entities differ"
    }

    @Test(
        "Microdata and RDFa agree with JSON-LD on schema.org's examples",
        .enabled(
            if: corpusExists, "schemaorg-examples.jsonl not found at ../shared/data: conformance NOT measured"
        ),
        arguments: [MarkupSyntax.microdata, .rdfa])
    func conformance(syntax: MarkupSyntax) throws {
        let examples = try Self.examples()
        let key = syntax == .microdata ? "microdata" : "rdfa"
        let pairs = examples.filter { $0.has["jsonld"] == true && $0.has[key] == true }
        var failures: [(String, String)] = []
        var structuralFailures = 0
        for example in pairs {
            if let reason = try Self.compare(example, syntax: syntax) {
                failures.append((example.id, reason))
            }
            if try Self.compare(example, syntax: syntax, structureOnly: true) != nil {
                structuralFailures += 1
            }
        }
        let rate = Double(pairs.count - failures.count) / Double(max(pairs.count, 1))
        let structuralRate = Double(pairs.count - structuralFailures) / Double(max(pairs.count, 1))
        print(
            "conformance \(syntax): \(pairs.count - failures.count)/\(pairs.count) pairs equal = "
                + "\(String(format: "%.1f", rate * 100))%; same structure: \(pairs.count - structuralFailures)/\(pairs.count) = "
                + "\(String(format: "%.1f", structuralRate * 100))%")
        for (id, reason) in failures { print("  \(syntax) \(id): \(reason)") }
        #expect(pairs.count > 150)
        #expect(rate >= Self.floors[syntax] ?? 1, "pass rate \(rate) fell below the measured floor")
        #expect(
            structuralRate >= Self.structuralFloors[syntax] ?? 1, "structural rate \(structuralRate) fell")
    }
}
