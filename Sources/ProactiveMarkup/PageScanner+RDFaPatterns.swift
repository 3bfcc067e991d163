extension PageScanner {
    /// The RDFa vocabulary's `Pattern` type and `copy` property (RDFa Core 1.1, section 9, "Property
    /// copying"), which schema.org's examples use to share properties between subjects.
    static let rdfaPattern = "http://www.w3.org/ns/rdfa#Pattern"
    static let rdfaCopy = "http://www.w3.org/ns/rdfa#copy"

    /// Applies `rdfa:copy`: every subject with `rdfa:copy` naming a `rdfa:Pattern` receives the
    /// pattern's properties (patterns may copy other patterns), and the patterns and the `rdfa:copy`
    /// properties are removed.
    func applyRDFaPatterns() {
        var all: [EntityBuilder] = []
        var seen: Set<ObjectIdentifier> = []
        var stack = rdfaRoots
        while let builder = stack.popLast() {
            guard seen.insert(ObjectIdentifier(builder)).inserted else { continue }
            all.append(builder)
            for (_, value) in builder.properties {
                if case .entity(let nested) = value { stack.append(nested) }
            }
        }
        var patterns: [String: EntityBuilder] = [:]
        for builder in all where builder.types.contains(Self.rdfaPattern) {
            if let id = builder.id?.trimmed, !id.isEmpty, patterns[id] == nil { patterns[id] = builder }
        }
        guard !patterns.isEmpty else { return }
        for builder in all where !builder.types.contains(Self.rdfaPattern) {
            guard builder.properties.contains(where: { $0.name == Self.rdfaCopy }) else { continue }
            var properties: [(name: String, value: EntityBuilder.Value)] = []
            var pending = builder.properties
            var copied: Set<String> = []
            var index = 0
            while index < pending.count {
                let (name, value) = pending[index]
                index += 1
                guard name == Self.rdfaCopy else {
                    properties.append((name, value))
                    continue
                }
                let id: String?
                switch value {
                case .url(let url): id = url.trimmed
                case .entity(let nested): id = nested.id?.trimmed
                case .text: id = nil
                }
                // A reference to an unknown pattern stays as written; each pattern is copied once.
                guard let id, let pattern = patterns[id] else {
                    properties.append((name, value))
                    continue
                }
                if copied.insert(id).inserted { pending.append(contentsOf: pattern.properties) }
            }
            builder.properties = properties
        }
        rdfaRoots.removeAll { $0.types.contains(Self.rdfaPattern) }
    }
}
