/// Turns the JSON values of a page's JSON-LD blocks into schema.org entities.
///
/// It understands what pages use: `@context` as the schema.org URL, an object with `@vocab` and
/// term definitions, or a list of those; `@type` as one name or a list; `@graph`; top-level arrays;
/// `@value`, `@list` and `@set` objects; and `@id` references, resolved across every block of the
/// page by ``EntityGraph``.
struct JSONLDReader {
    /// The vocabulary and terms in effect for an object.
    struct Context {
        var vocabulary: String? = nil
        var terms: [String: String] = [:]
        /// Keyword aliases (`"type": "@type"`), such as schema.org's own context defines.
        var aliases: [String: String] = [:]
    }

    /// The deepest nesting of objects followed.
    var maximumDepth: Int
    /// The top-level nodes, in document order.
    private(set) var roots: [EntityBuilder] = []
    /// Every builder made, so that their references can be released (see ``EntityBuilder``).
    private(set) var builders: [EntityBuilder] = []

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Adds the values of one JSON-LD block.
    mutating func add(_ values: [JSONValue]) {
        for value in values { addTopLevel(value, context: Context()) }
    }

    private mutating func addTopLevel(_ value: JSONValue, context: Context) {
        switch value {
        case .array(let elements):
            for element in elements { addTopLevel(element, context: context) }
        case .object:
            var context = context
            if let declared = value["@context"] { apply(declared, to: &context) }
            if let graph = value["@graph"] {
                let elements: [JSONValue]
                if case .array(let list) = graph { elements = list } else { elements = [graph] }
                for element in elements { addTopLevel(element, context: context) }
                // An object with `@graph` and its own properties is a node too.
                let hasOwnProperties: Bool
                if case .object(let members) = value {
                    hasOwnProperties = members.contains { !$0.key.hasPrefix("@") }
                } else {
                    hasOwnProperties = false
                }
                if !hasOwnProperties { return }
            }
            if let node = node(from: value, context: context, depth: 0) { roots.append(node) }
        default:
            return
        }
    }

    /// Reads `@context` into `context`.
    private func apply(_ declared: JSONValue, to context: inout Context) {
        switch declared {
        case .string(let iri):
            if SchemaVocabulary.isSchemaOrg(iri) {
                context.vocabulary = SchemaVocabulary.canonical
                // schema.org's published context aliases `type` and `id` to the keywords.
                context.aliases["type"] = "@type"
                context.aliases["id"] = "@id"
            }
        case .array(let list):
            for element in list { apply(element, to: &context) }
        case .object(let members):
            for (key, value) in members {
                switch (key, value) {
                case ("@vocab", .string(let iri)):
                    context.vocabulary = iri
                case (_, .string(let keyword)) where !key.hasPrefix("@") && keyword.hasPrefix("@"):
                    context.aliases[key] = keyword
                case (_, .string(let iri)) where !key.hasPrefix("@"):
                    context.terms[key] = iri
                case (_, .object) where !key.hasPrefix("@"):
                    if case .string(let iri)? = value["@id"] { context.terms[key] = iri }
                default:
                    continue
                }
            }
        default:
            return
        }
    }

    /// Expands a key or type name and shortens schema.org IRIs.
    private func expand(_ term: String, context: Context) -> String {
        if let iri = context.terms[term] {
            return expand(iri, context: Context(vocabulary: context.vocabulary))
        }
        if let colon = term.firstIndex(of: ":"), !term.hasPrefix("http://"), !term.hasPrefix("https://") {
            let prefix = String(term[..<colon])
            if let namespace = context.terms[prefix] {
                return SchemaVocabulary.shortName(namespace + term[term.index(after: colon)...])
            }
        }
        return SchemaVocabulary.resolve(term, vocabulary: context.vocabulary, prefixes: [:])
    }

    /// The node of an object; `nil` for a reference (`{"@id": …}` alone) or beyond the depth limit.
    private mutating func node(from object: JSONValue, context parent: Context, depth: Int) -> EntityBuilder?
    {
        guard case .object(let members) = object, depth < maximumDepth else { return nil }
        var context = parent
        if let declared = object["@context"] { apply(declared, to: &context) }
        let node = EntityBuilder(types: [], id: nil, source: .jsonLD)
        builders.append(node)
        for (written, value) in members {
            let key = context.aliases[written] ?? written
            switch key {
            case "@id":
                if case .string(let id) = value { node.id = identifier(id, context: context) }
            case "@type":
                switch value {
                case .string(let type): node.types.append(expand(type.trimmed, context: context))
                case .array(let list):
                    for case .string(let type) in list {
                        node.types.append(expand(type.trimmed, context: context))
                    }
                default: break
                }
            case "@reverse":
                addReverse(value, of: node, context: context, depth: depth)
            case "@context", "@graph", "@language", "@index":
                continue
            default:
                guard !key.hasPrefix("@") else { continue }
                let name = expand(key, context: context)
                for element in values(of: value, context: context, depth: depth + 1) {
                    node.properties.append((name: name, value: element))
                }
            }
        }
        return node
    }

    /// Reads `"@reverse": {"property": nodes}`: each node has `property`, whose value is `node`. The
    /// nodes become top-level nodes of their own, linked by ``EntityGraph`` like any other.
    private mutating func addReverse(
        _ reverse: JSONValue, of node: EntityBuilder, context: Context, depth: Int
    ) {
        guard case .object(let members) = reverse else { return }
        for (key, value) in members where !key.hasPrefix("@") {
            let name = expand(key, context: context)
            for element in values(of: value, context: context, depth: depth + 1) {
                let other: EntityBuilder
                switch element {
                case .entity(let builder): other = builder
                case .url(let id):
                    other = EntityBuilder(types: [], id: id, source: .jsonLD)
                    builders.append(other)
                case .text: continue
                }
                other.add(.entity(node), for: [name])
                roots.append(other)
            }
        }
    }

    /// An `@id` with a compact IRI expanded (`schema:` → `https://schema.org/`, `ex:a` with an `ex`
    /// prefix in the context); blank node labels and other IRIs are kept as written.
    private func identifier(_ id: String, context: Context) -> String {
        let id = id.trimmed
        guard let colon = id.firstIndex(of: ":"), !id.hasPrefix("_:") else { return id }
        let prefix = String(id[..<colon])
        let rest = id[id.index(after: colon)...]
        guard !rest.hasPrefix("//"), let namespace = context.terms[prefix] else { return id }
        return namespace + rest
    }

    private mutating func values(of json: JSONValue, context: Context, depth: Int) -> [EntityBuilder.Value] {
        switch json {
        case .string(let string):
            return [.text(HTMLText.collapsingWhitespace(string))]
        case .number(let number):
            return [.text(number)]
        case .bool(let bool):
            return [.text(bool ? "true" : "false")]
        case .null:
            return []
        case .array(let list):
            guard depth < maximumDepth else { return [] }
            return list.flatMap { values(of: $0, context: context, depth: depth + 1) }
        case .object:
            if let value = json["@value"] { return values(of: value, context: context, depth: depth + 1) }
            if let list = json["@list"] ?? json["@set"] {
                return values(of: list, context: context, depth: depth + 1)
            }
            let ownKeys = json.objectKeys.filter { $0 != "@context" }
            if ownKeys.count == 1, context.aliases[ownKeys[0]] ?? ownKeys[0] == "@id",
                case .string(let id)? = json[ownKeys[0]]
            {
                return [.url(identifier(id, context: context))]
            }
            guard let node = node(from: json, context: context, depth: depth) else { return [] }
            return [.entity(node)]
        }
    }
}

extension JSONValue {
    /// The member names of an object; empty for other values.
    var objectKeys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }
}
