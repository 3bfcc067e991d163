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
    static let floors: [MarkupSyntax: Double] = [.microdata: 0.455, .rdfa: 0.495]
    /// The measured rates when only the structure is compared (types, property names, nesting).
    static let structuralFloors: [MarkupSyntax: Double] = [.microdata: 0.645, .rdfa: 0.675]

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

    /// The normalised top-level entities of the JSON-LD and of `syntax` (entities left empty by
    /// normalisation are dropped).
    static func normalizedEntities(_ example: Example, syntax: MarkupSyntax, structureOnly: Bool = false)
        throws -> (jsonLD: [NormalizedEntity], other: [NormalizedEntity])
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
        return (expected.filter { !$0.isEmpty }, found.filter { !$0.isEmpty })
    }

    /// Whether every JSON-LD top-level entity's facts are stated by a distinct entity of the other
    /// syntax (the weaker, "JSON-LD ⊆ other" reading; reported beside the strict rate, never instead).
    static func jsonLDIsSubset(_ example: Example, syntax: MarkupSyntax) throws -> Bool {
        let (expected, found) = try normalizedEntities(example, syntax: syntax)
        var remaining = found
        for entity in expected {
            guard let index = remaining.firstIndex(where: { entity.isSubset(of: $0) }) else { return false }
            remaining.remove(at: index)
        }
        return true
    }

    /// The kind of a failure, read from its reason: the first differing path decides it.
    static func category(of reason: String) -> String {
        if reason.hasPrefix("JSON-LD has ") { return "top-level entities differ" }
        if reason.contains("@type: expected") { return "types differ" }
        if reason.contains(": not in JSON-LD, found") { return "property only in the other syntax" }
        if reason.contains(": missing, expected") { return "property missing from the other syntax" }
        return "values differ"
    }

    /// The result of comparing one syntax of one example with its JSON-LD.
    static func compare(_ example: Example, syntax: MarkupSyntax, structureOnly: Bool = false) throws
        -> String?
    {
        let (expected, found) = try normalizedEntities(example, syntax: syntax, structureOnly: structureOnly)
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

    /// Every difference of one failing pair, for the report file: each differing path with both
    /// sides' values, or both lists of top-level entities when they cannot be paired.
    static func details(_ example: Example, syntax: MarkupSyntax) throws -> [String] {
        let (expected, found) = try normalizedEntities(example, syntax: syntax)
        var remaining = found.sorted { $0.description < $1.description }
        var lines: [String] = []
        for entity in expected.sorted(by: { $0.description < $1.description }) {
            if let index = remaining.firstIndex(of: entity) {
                remaining.remove(at: index)
                continue
            }
            guard let index = remaining.firstIndex(where: { $0.types == entity.types }) else {
                lines.append("JSON-LD only: \(entity)")
                continue
            }
            lines += entity.differences(from: remaining.remove(at: index))
        }
        lines += remaining.map { "\(syntax) only: \($0)" }
        return lines
    }

    /// Where the test writes every failing pair with all its differences (the printed list keeps
    /// only the first one).
    static func reportURL(_ syntax: MarkupSyntax) -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "proactive-markup-conformance-\(syntax).txt")
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
        var subsetFailures = 0
        for example in pairs {
            if let reason = try Self.compare(example, syntax: syntax) {
                failures.append((example.id, reason))
            }
            if try Self.compare(example, syntax: syntax, structureOnly: true) != nil {
                structuralFailures += 1
            }
            if try !Self.jsonLDIsSubset(example, syntax: syntax) { subsetFailures += 1 }
        }
        let rate = Double(pairs.count - failures.count) / Double(max(pairs.count, 1))
        let subsetRate = Double(pairs.count - subsetFailures) / Double(max(pairs.count, 1))
        let structuralRate = Double(pairs.count - structuralFailures) / Double(max(pairs.count, 1))
        print(
            "conformance \(syntax): \(pairs.count - failures.count)/\(pairs.count) pairs equal = "
                + "\(String(format: "%.1f", rate * 100))%; same structure: \(pairs.count - structuralFailures)/\(pairs.count) = "
                + "\(String(format: "%.1f", structuralRate * 100))%; JSON-LD facts ⊆ \(syntax) facts (weaker, "
                + "not the headline): \(pairs.count - subsetFailures)/\(pairs.count) = "
                + "\(String(format: "%.1f", subsetRate * 100))%")
        var byCategory: [String: Int] = [:]
        for (_, reason) in failures { byCategory[Self.category(of: reason), default: 0] += 1 }
        print("  failures by kind: \(byCategory.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })")
        for (id, reason) in failures { print("  \(syntax) \(id) [\(Self.category(of: reason))]: \(reason)") }
        var report = ""
        for example in pairs where failures.contains(where: { $0.0 == example.id }) {
            report += "== \(syntax) \(example.id)\n"
            for line in try Self.details(example, syntax: syntax) { report += "  - \(line)\n" }
        }
        try report.write(to: Self.reportURL(syntax), atomically: true, encoding: .utf8)
        print("  every difference of every failing pair: \(Self.reportURL(syntax).path)")
        #expect(pairs.count > 150)
        #expect(rate >= Self.floors[syntax] ?? 1, "pass rate \(rate) fell below the measured floor")
        #expect(
            structuralRate >= Self.structuralFloors[syntax] ?? 1, "structural rate \(structuralRate) fell")
    }
}
