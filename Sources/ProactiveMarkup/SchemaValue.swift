/// One value of a schema.org property: text, a URL, or a nested entity.
public indirect enum SchemaValue: Sendable, Hashable {
    /// Literal text, trimmed, with runs of white space collapsed to one space.
    case text(String)
    /// A URL or IRI: a link in microdata or RDFa, or an unresolved `@id` reference in JSON-LD.
    case url(String)
    /// A nested entity, such as the `PostalAddress` of a `Restaurant`.
    case entity(SchemaEntity)

    /// The text or URL of this value; `nil` for a nested entity.
    public var string: String? {
        switch self {
        case .text(let text): text
        case .url(let url): url
        case .entity: nil
        }
    }

    /// The nested entity of this value; `nil` for text or a URL.
    public var entity: SchemaEntity? {
        if case .entity(let entity) = self { entity } else { nil }
    }
}
