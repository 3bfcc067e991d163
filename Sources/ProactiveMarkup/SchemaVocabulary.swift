/// The schema.org vocabulary IRIs and the shortening of IRIs to schema.org names.
enum SchemaVocabulary {
    /// The namespaces that mean schema.org, longest first.
    static let namespaces = [
        "https://www.schema.org/", "http://www.schema.org/", "https://schema.org/", "http://schema.org/",
    ]

    /// The canonical schema.org namespace.
    static let canonical = "https://schema.org/"

    /// Whether `iri` names the schema.org vocabulary itself (with or without a trailing slash).
    static func isSchemaOrg(_ iri: String) -> Bool {
        let trimmed = iri.hasSuffix("/") ? iri : iri + "/"
        return namespaces.contains(trimmed) || namespaces.contains(trimmed.replacingHash())
    }

    /// `https://schema.org/Restaurant` → `Restaurant`; any other IRI is returned unchanged.
    static func shortName(_ iri: String) -> String {
        guard iri.hasPrefix("http") else { return iri }
        for namespace in namespaces where iri.hasPrefix(namespace) {
            let name = iri.dropFirst(namespace.count)
            return name.isEmpty ? iri : String(name)
        }
        return iri
    }

    /// The initial RDFa context prefixes that matter here (RDFa Core 1.1, initial context).
    static let initialPrefixes: [String: String] = [
        "schema": "http://schema.org/",
        "og": "http://ogp.me/ns#",
        "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "rdfa": "http://www.w3.org/ns/rdfa#",
        "dc": "http://purl.org/dc/terms/",
        "foaf": "http://xmlns.com/foaf/0.1/",
        "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
        "xsd": "http://www.w3.org/2001/XMLSchema#",
    ]

    /// Expands a compact IRI or term against `prefixes` and `vocabulary`, then shortens schema.org IRIs.
    ///
    /// A term without a vocabulary is kept as written (pages often omit `vocab`/`@context`, and a bare
    /// term is then almost always a schema.org name).
    static func resolve(_ term: String, vocabulary: String?, prefixes: [String: String]) -> String {
        if term.hasPrefix("http://") || term.hasPrefix("https://") { return shortName(term) }
        if let colon = term.firstIndex(of: ":") {
            let prefix = String(term[..<colon])
            if let namespace = prefixes[prefix] ?? initialPrefixes[prefix] {
                return shortName(namespace + term[term.index(after: colon)...])
            }
            return term
        }
        if let vocabulary {
            // `vocab="https://schema.org"` (no slash) is common and means schema.org.
            if !vocabulary.hasSuffix("/") && !vocabulary.hasSuffix("#") && isSchemaOrg(vocabulary) {
                return term
            }
            return shortName(vocabulary + term)
        }
        return term
    }
}

extension String {
    /// The string with a trailing `#` turned into `/` (`http://schema.org#` → `http://schema.org/`).
    fileprivate func replacingHash() -> String {
        hasSuffix("#/") ? String(dropLast(2)) + "/" : self
    }
}
