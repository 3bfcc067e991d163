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
}
