import ProactiveMarkup

/// The normalised form used to compare entities read from different syntaxes.
///
/// - Types: short schema.org names, as a sorted set.
/// - Identifiers (`@id`, `itemid`, `resource`) are ignored: a syntax often names a node the other leaves blank.
/// - Property names: short schema.org names.
/// - Values: text trimmed with white space collapsed; URLs and text compare by their string, and a
///   schema.org URL (`https://schema.org/InStock`) compares as its short name (`InStock`).
/// - Booleans: schema.org's `True`/`False` (as microdata and RDFa links give them) equal JSON's `true`/`false`.
/// - `additionalType` values naming a schema.org type count as types (`TouristAttraction` with
///   `additionalType` `https://schema.org/Museum` equals `@type: ["Museum", "TouristAttraction"]`).
/// - Properties and types in the RDFa vocabulary (`http://www.w3.org/ns/rdfa#usesVocabulary`, which
///   schema.org's JSON-LD examples carry over from their RDFa source) are left out.
/// - Nested entities compare structurally; the values of a property, and the top-level entities,
///   compare as multisets (order does not matter).
indirect enum NormalizedValue: Hashable, Comparable, CustomStringConvertible {
    case string(String)
    case entity(NormalizedEntity)

    /// - Parameter structureOnly: Compare only the shape (types, property names, nesting, number of
    ///   values) and not the literal text, which schema.org's examples often word differently.
    init(_ value: SchemaValue, structureOnly: Bool = false) {
        switch value {
        case .text(let text), .url(let text):
            self = .string(structureOnly ? "·" : NormalizedValue.normalize(text))
        case .entity(let entity): self = .entity(NormalizedEntity(entity, structureOnly: structureOnly))
        }
    }

    static func normalize(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for namespace in ["https://schema.org/", "http://schema.org/"] where collapsed.hasPrefix(namespace) {
            return normalizeBoolean(String(collapsed.dropFirst(namespace.count)))
        }
        return normalizeBoolean(collapsed)
    }

    static func normalizeBoolean(_ text: String) -> String {
        switch text {
        case "True": "true"
        case "False": "false"
        default: text
        }
    }

    var description: String {
        switch self {
        case .string(let string): "\"\(string)\""
        case .entity(let entity): entity.description
        }
    }

    static func < (lhs: NormalizedValue, rhs: NormalizedValue) -> Bool { lhs.description < rhs.description }
}

/// An entity in normalised form; see ``NormalizedValue``.
struct NormalizedEntity: Hashable, CustomStringConvertible {
    var types: [String]
    var properties: [String: [NormalizedValue]]

    init(_ entity: SchemaEntity, structureOnly: Bool = false) {
        var types = Set(entity.types)
        var properties: [String: [NormalizedValue]] = [:]
        types = types.filter { !$0.hasPrefix(Self.rdfaNamespace) }
        for (name, values) in entity.properties where !name.hasPrefix(Self.rdfaNamespace) {
            if name == "additionalType" {
                let schemaTypes = values.compactMap(\.string).filter { $0.contains("schema.org/") }
                for type in schemaTypes { types.insert(String(type.split(separator: "/").last ?? "")) }
                let others = values.filter { !($0.string?.contains("schema.org/") ?? false) }
                if !others.isEmpty {
                    properties[name] = others.map { NormalizedValue($0, structureOnly: structureOnly) }
                        .sorted()
                }
                continue
            }
            properties[name] = values.map { NormalizedValue($0, structureOnly: structureOnly) }.sorted()
        }
        self.properties = properties
        self.types = types.sorted()
    }

    static let rdfaNamespace = "http://www.w3.org/ns/rdfa#"

    var description: String {
        let body = properties.keys.sorted().map { key in
            "\(key)=[\(properties[key]!.map(\.description).joined(separator: ","))]"
        }
        return "\(types.joined(separator: "+")){\(body.joined(separator: "; "))}"
    }

    /// The first difference between `self` (expected) and `other` (found), as a path and a reason.
    func difference(from other: NormalizedEntity, path: String = "") -> String? {
        if types != other.types { return "\(path)@type: expected \(types), found \(other.types)" }
        for key in Set(properties.keys).union(other.properties.keys).sorted() {
            let expected = properties[key] ?? []
            let found = other.properties[key] ?? []
            if expected == found { continue }
            if expected.isEmpty { return "\(path)\(key): not in JSON-LD, found \(found)" }
            if found.isEmpty { return "\(path)\(key): missing, expected \(expected)" }
            if expected.count == 1, found.count == 1, case .entity(let a) = expected[0],
                case .entity(let b) = found[0],
                let nested = a.difference(from: b, path: "\(path)\(key).")
            {
                return nested
            }
            return "\(path)\(key): expected \(expected), found \(found)"
        }
        return nil
    }
}
