/// A mutable entity under construction while a page is walked (microdata items, RDFa subjects).
///
/// Builders are reference types because a nested item is attached to its parent before its own
/// properties are known. Pages can make them refer to each other in cycles (an RDFa `rev`, a
/// hanging `rel`, a subject nested in itself), so whoever makes them keeps a list and empties their
/// properties once the entities are written (``EntityBuilder/release(_:)``); otherwise each such page
/// would leak its builders.
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

    /// Breaks every reference between `builders`, so that cycles among them are freed.
    static func release(_ builders: [EntityBuilder]) {
        for builder in builders { builder.properties.removeAll() }
    }

    func add(_ value: Value, for names: [String]) {
        for name in names { properties.append((name, value)) }
    }
}
