import Foundation

extension MarkupExtractor {
    /// Builds the extraction from what the scanner gathered.
    func assemble(_ scanner: PageScanner, url: String?, pageSize: Int, issues: [MarkupIssue])
        -> PageExtraction
    {
        var issues = issues
        if scanner.exceededDepth {
            issues.append(
                MarkupIssue(
                    code: .tooDeep, syntax: nil,
                    message: "Elements nested deeper than \(maximumDepth) levels were skipped."))
        }

        // JSON-LD: every block, then references resolved across the page.
        let parser = LenientJSONParser(maximumDepth: maximumDepth)
        var reader = JSONLDReader(maximumDepth: maximumDepth)
        defer { EntityBuilder.release(scanner.builders + reader.builders) }
        for (index, block) in scanner.jsonLDBlocks.enumerated() {
            do {
                reader.add(try parser.parseAll(block))
            } catch {
                issues.append(
                    MarkupIssue(
                        code: error.isTooDeep ? .tooDeep : .invalidJSON, syntax: .jsonLD,
                        message:
                            "JSON-LD block \(index + 1) was skipped: expected \(error.reason) at byte \(error.offset)."
                    ))
            }
        }
        // Links resolve against <base href> or the page's URL.
        let base = Self.baseURL(page: url, base: scanner.baseHref)
        let resolve: (String) -> String = { reference in
            guard let base, !reference.isEmpty, let resolved = URL(string: reference, relativeTo: base) else {
                return reference
            }
            return resolved.absoluteString
        }
        var entities: [SchemaEntity] = []
        for roots in [reader.roots, scanner.microdataRoots, scanner.rdfaRoots] {
            var graph = EntityGraph(resolve: resolve, maximumDepth: maximumDepth, pageSize: pageSize)
            entities += graph.entities(roots: roots)
        }
        if let openGraph = OpenGraphReader.entity(from: scanner.metas) { entities.append(openGraph) }

        let telephoneDetectionDisabled = scanner.metas.contains { meta in
            meta.name?.trimmed.lowercased() == "format-detection" && Self.disablesTelephone(meta.content)
        }
        let description =
            scanner.metas.first { $0.name?.trimmed.lowercased() == "description" }?.content
            ?? scanner.metas.first { $0.property?.trimmed.lowercased() == "og:description" }?.content
        let title =
            scanner.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? scanner.metas.first { $0.property?.trimmed.lowercased() == "og:title" }?.content
        return PageExtraction(
            url: url, title: title.map(HTMLText.collapsingWhitespace),
            description: description.map(HTMLText.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 },
            entities: entities,
            places: ExtractedPlace.places(in: entities, includeTelephones: !telephoneDetectionDisabled),
            telephoneDetectionDisabled: telephoneDetectionDisabled, issues: issues)
    }

    /// Whether a `format-detection` value such as `telephone=no, address=no` turns telephone
    /// detection off.
    static func disablesTelephone(_ content: String) -> Bool {
        content.split(whereSeparator: { $0 == "," || $0 == ";" }).contains { setting in
            let parts = setting.split(separator: "=", maxSplits: 1).map { String($0).trimmed.lowercased() }
            return parts.count == 2 && parts[0] == "telephone" && parts[1] == "no"
        }
    }

    /// The URL relative links resolve against: `<base href>` (itself relative to the page), else the page.
    static func baseURL(page: String?, base: String?) -> URL? {
        let pageURL = page.flatMap { URL(string: $0) }
        if let base, let resolved = URL(string: base.trimmed, relativeTo: pageURL), resolved.scheme != nil {
            return resolved.absoluteURL
        }
        return pageURL?.scheme == nil ? nil : pageURL
    }
}
