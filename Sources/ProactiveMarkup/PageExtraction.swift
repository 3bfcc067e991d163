/// What a page says about itself: its title and description, the schema.org entities in its markup,
/// and the places they describe.
///
/// Encoded as JSON, this is the output of `proactive extract`; the keys are stable.
public struct PageExtraction: Codable, Sendable, Hashable {
    /// The page's URL, as given to the extractor.
    public var url: String?
    /// The page's title: `<title>`, otherwise `og:title`.
    public var title: String?
    /// The page's description: `<meta name="description">`, otherwise `og:description`.
    public var description: String?
    /// The top-level entities, JSON-LD first, then microdata, RDFa and Open Graph, each in document order.
    public var entities: [SchemaEntity]
    /// The places described by the entities, without duplicates.
    public var places: [ExtractedPlace]
    /// Whether the page asks `<meta name="format-detection" content="telephone=no">`; its places then
    /// carry no telephone numbers.
    public var telephoneDetectionDisabled: Bool
    /// Problems in parts of the page that were skipped or repaired.
    public var issues: [MarkupIssue]

    /// Creates an extraction.
    public init(
        url: String? = nil, title: String? = nil, description: String? = nil, entities: [SchemaEntity] = [],
        places: [ExtractedPlace] = [], telephoneDetectionDisabled: Bool = false, issues: [MarkupIssue] = []
    ) {
        self.url = url
        self.title = title
        self.description = description
        self.entities = entities
        self.places = places
        self.telephoneDetectionDisabled = telephoneDetectionDisabled
        self.issues = issues
    }

    /// The entities read from one syntax.
    public func entities(from syntax: MarkupSyntax) -> [SchemaEntity] {
        entities.filter { $0.source == syntax }
    }
}
