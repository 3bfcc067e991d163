/// Turns the JSON values of a page's JSON-LD blocks into schema.org entities.
///
/// It understands what pages use: `@context` as the schema.org URL, an object with `@vocab` and
/// term definitions, or a list of those; `@type` as one name or a list; `@graph`; top-level arrays;
/// `@value`, `@list` and `@set` objects; and `@id` references, resolved across every block of the
/// page (nodes with the same `@id` are merged, and a reference to a known node is replaced by it).
/// A node referenced by another is not repeated at the top level. Reference cycles end in a URL.
struct JSONLDReader {
    /// The vocabulary and terms in effect for an object.
    struct Context {
        var vocabulary: String? = nil
        var terms: [String: String] = [:]
    }

    /// A JSON-LD node under construction.
    final class Node {
        var id: String?
        var types: [String] = []
        var properties: [(name: String, value: Value)] = []
        var isReference = false
        init() {}
    }

    /// A property value under construction.
    enum Value {
        case text(String)
        case url(String)
        case node(Node)
    }

    /// The deepest nesting of objects followed.
    var maximumDepth: Int
    private var roots: [Node] = []
    private var nodesByID: [String: Node] = [:]

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
            if let node = node(from: value, context: context, depth: 0), !node.isReference {
                roots.append(node)
            }
        default:
            return
        }
    }

    /// Reads `@context` into `context`.
    private func apply(_ declared: JSONValue, to context: inout Context) {
        switch declared {
        case .string(let iri):
            if SchemaVocabulary.isSchemaOrg(iri) { context.vocabulary = SchemaVocabulary.canonical }
        case .array(let list):
            for element in list { apply(element, to: &context) }
        case .object(let members):
            for (key, value) in members {
                switch (key, value) {
                case ("@vocab", .string(let iri)):
                    context.vocabulary = iri
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

    private mutating func node(from object: JSONValue, context parent: Context, depth: Int) -> Node? {
        guard case .object(let members) = object, depth < maximumDepth else { return nil }
        var context = parent
        if let declared = object["@context"] { apply(declared, to: &context) }
        let node = Node()
        for (key, value) in members {
            switch key {
            case "@id":
                if case .string(let id) = value { node.id = id.trimmed }
            case "@type":
                switch value {
                case .string(let type): node.types.append(expand(type.trimmed, context: context))
                case .array(let list):
                    for case .string(let type) in list {
                        node.types.append(expand(type.trimmed, context: context))
                    }
                default: break
                }
            case "@context", "@graph", "@reverse", "@language", "@index":
                continue
            default:
                guard !key.hasPrefix("@") else { continue }
                let name = expand(key, context: context)
                for element in values(of: value, context: context, depth: depth + 1) {
                    node.properties.append((name, element))
                }
            }
        }
        let ownKeys = members.filter { $0.key != "@context" }
        if let id = node.id, ownKeys.count == 1 {
            // `{"@id": …}` alone refers to a node described elsewhere.
            node.isReference = true
            node.id = id
            return node
        }
        if let id = node.id {
            if let existing = nodesByID[id] {
                for type in node.types where !existing.types.contains(type) { existing.types.append(type) }
                existing.properties.append(contentsOf: node.properties)
                return existing
            }
            nodesByID[id] = node
        }
        return node
    }

    private mutating func values(of json: JSONValue, context: Context, depth: Int) -> [Value] {
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
            guard let node = node(from: json, context: context, depth: depth) else { return [] }
            return [.node(node)]
        }
    }

    /// The finished top-level entities, with references resolved.
    ///
    /// At most ``maximumExpansions`` nodes are written out in all, so that a page whose references
    /// fan out (each node naming the next one twice) stays small.
    func entities() -> [SchemaEntity] {
        // Every node, found without recursion.
        var all: [Node] = []
        var found: Set<ObjectIdentifier> = []
        var stack = roots
        while let node = stack.popLast() {
            guard found.insert(ObjectIdentifier(node)).inserted else { continue }
            all.append(node)
            for (_, value) in node.properties { if let next = target(of: value) { stack.append(next) } }
        }
        var hasIncoming: Set<ObjectIdentifier> = []
        for node in all {
            for (_, value) in node.properties {
                if let next = target(of: value), next !== node { hasIncoming.insert(ObjectIdentifier(next)) }
            }
        }
        // Roots nobody refers to, then any root left out only because of a reference cycle.
        var reached: Set<ObjectIdentifier> = []
        var chosen: [Node] = []
        func choose(_ root: Node) {
            chosen.append(root)
            var pending = [root]
            while let node = pending.popLast() {
                guard reached.insert(ObjectIdentifier(node)).inserted else { continue }
                for (_, value) in node.properties { if let next = target(of: value) { pending.append(next) } }
            }
        }
        for root in roots
        where !hasIncoming.contains(ObjectIdentifier(root)) && !reached.contains(ObjectIdentifier(root)) {
            choose(root)
        }
        for root in roots where !reached.contains(ObjectIdentifier(root)) { choose(root) }

        var budget = Self.maximumExpansions
        var path: [ObjectIdentifier] = []
        return chosen.map { entity($0, path: &path, budget: &budget) }
    }

    /// The most nodes written out for one page.
    static let maximumExpansions = 100_000

    private func target(of value: Value) -> Node? {
        guard case .node(let node) = value else { return nil }
        if node.isReference, let id = node.id { return nodesByID[id] }
        return node
    }

    private func entity(_ node: Node, path: inout [ObjectIdentifier], budget: inout Int) -> SchemaEntity {
        budget -= 1
        path.append(ObjectIdentifier(node))
        defer { path.removeLast() }
        var result = SchemaEntity(types: node.types, id: node.id, source: .jsonLD)
        for (name, value) in node.properties {
            let finished: SchemaValue
            switch value {
            case .text(let text): finished = .text(text)
            case .url(let url): finished = .url(url)
            case .node(let raw):
                if let target = target(of: value), budget > 0, path.count < maximumDepth,
                    !path.contains(ObjectIdentifier(target))
                {
                    finished = .entity(entity(target, path: &path, budget: &budget))
                } else if let id = raw.id {
                    finished = .url(id)
                } else {
                    continue
                }
            }
            result.properties[name, default: []].append(finished)
        }
        return result
    }
}
