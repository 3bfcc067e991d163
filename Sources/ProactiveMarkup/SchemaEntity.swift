/// A schema.org entity found in a page, in a form that does not depend on the syntax it came from.
///
/// Types and property names are short schema.org names (`Restaurant`, `telephone`) when they belong
/// to the schema.org vocabulary, and full IRIs otherwise.
public struct SchemaEntity: Codable, Sendable, Hashable {
    /// The entity's types, such as `["Restaurant"]`; empty when the markup gives none.
    public var types: [String]
    /// The entity's identifier (`@id`, `itemid` or RDFa `resource`), if any.
    public var id: String?
    /// The property values by property name, in document order within each property.
    public var properties: [String: [SchemaValue]]
    /// The syntax the entity was read from.
    public var source: MarkupSyntax

    /// Creates an entity.
    public init(
        types: [String], id: String? = nil, properties: [String: [SchemaValue]] = [:], source: MarkupSyntax
    ) {
        self.types = types
        self.id = id
        self.properties = properties
        self.source = source
    }

    /// The values of a property; empty when the entity does not have it.
    public subscript(property: String) -> [SchemaValue] {
        properties[property] ?? []
    }

    /// Whether one of the entity's types is `type` or a subtype of it in the schema.org hierarchy.
    public func isA(_ type: String) -> Bool {
        types.contains { SchemaTypeHierarchy.isSubtype($0, of: type) }
    }
}
