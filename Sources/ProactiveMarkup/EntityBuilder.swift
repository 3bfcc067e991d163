/// A mutable entity under construction while a page is walked (microdata items, RDFa subjects).
///
/// Builders are reference types because a nested item is attached to its parent before its own
/// properties are known.
final class EntityBuilder {
    /// A property value under construction.
    enum Value {
        case text(String)
        case url(String)
        case entity(EntityBuilder)
    }

    var types: [String]
    var id: String?
    var properties: [(name: String, value: Value)] = []
    let source: MarkupSyntax

    init(types: [String], id: String?, source: MarkupSyntax) {
        self.types = types
        self.id = id
        self.source = source
    }

    func add(_ value: Value, for names: [String]) {
        for name in names { properties.append((name, value)) }
    }

    /// The finished entity; URLs go through `resolve`, and a builder already on the path (a cycle
    /// made by `itemref`) becomes a URL of its id, or is left out.
    func entity(resolve: (String) -> String, path: inout [ObjectIdentifier]) -> SchemaEntity {
        path.append(ObjectIdentifier(self))
        defer { path.removeLast() }
        var result = SchemaEntity(types: types, id: id.map(resolve), source: source)
        for (name, value) in properties {
            let finished: SchemaValue
            switch value {
            case .text(let text): finished = .text(text)
            case .url(let url): finished = .url(resolve(url))
            case .entity(let nested):
                if nested.types.isEmpty && nested.id == nil && nested.properties.isEmpty { continue }
                if path.contains(ObjectIdentifier(nested)) {
                    guard let id = nested.id else { continue }
                    finished = .url(resolve(id))
                } else {
                    finished = .entity(nested.entity(resolve: resolve, path: &path))
                }
            }
            result.properties[name, default: []].append(finished)
        }
        return result
    }
}
