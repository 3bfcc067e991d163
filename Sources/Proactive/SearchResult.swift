/// One search result: what was found, how well it matched, and why.
public struct SearchResult: Sendable, Hashable, Codable {
    /// What kind of thing was found.
    public enum Kind: String, Sendable, Hashable, Codable { case item, activity, page, place }

    /// The result's reference ("item/57"), usable in `suggestionEngaged` events.
    public var id: String
    /// What kind of thing was found.
    public var kind: Kind
    /// The app that donated it.
    public var app: String
    /// The item's identifier, for items.
    public var uniqueIdentifier: String?
    /// The item's domain, for items.
    public var domainIdentifier: String?
    /// The activity's persistent identifier, for activities.
    public var persistentIdentifier: String?
    /// The activity's type, for activities.
    public var activityType: String?
    /// The web page, for pages and activities with one.
    public var url: String?
    /// The title.
    public var title: String
    /// A second line: the description or the address.
    public var subtitle: String?
    /// The score, from 0 to 1.
    public var score: Double
    /// Why it was found and ranked here, in words.
    public var why: [String]
    /// Whether it is an entry of the public index (`public/12`) that many users contributed
    /// to, rather than something this user did; encoded as `"public": true`, left out otherwise.
    public var isPublic: Bool

    /// Creates a result.
    public init(
        id: String, kind: Kind, app: String, uniqueIdentifier: String? = nil, domainIdentifier: String? = nil,
        persistentIdentifier: String? = nil, activityType: String? = nil, url: String? = nil, title: String,
        subtitle: String? = nil, score: Double, why: [String], isPublic: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.app = app
        self.uniqueIdentifier = uniqueIdentifier
        self.domainIdentifier = domainIdentifier
        self.persistentIdentifier = persistentIdentifier
        self.activityType = activityType
        self.url = url
        self.title = title
        self.subtitle = subtitle
        self.score = score
        self.why = why
        self.isPublic = isPublic
    }

    /// ``id`` as a typed reference (`nil` for a public entry).
    public var reference: EntryReference? { EntryReference(id) }

    private enum CodingKeys: String, CodingKey {
        case id, kind, app, uniqueIdentifier, domainIdentifier, persistentIdentifier, activityType, url, title
        case subtitle, score, why
        case isPublic = "public"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            kind: try container.decode(Kind.self, forKey: .kind),
            app: try container.decode(String.self, forKey: .app),
            uniqueIdentifier: try container.decodeIfPresent(String.self, forKey: .uniqueIdentifier),
            domainIdentifier: try container.decodeIfPresent(String.self, forKey: .domainIdentifier),
            persistentIdentifier: try container.decodeIfPresent(String.self, forKey: .persistentIdentifier),
            activityType: try container.decodeIfPresent(String.self, forKey: .activityType),
            url: try container.decodeIfPresent(String.self, forKey: .url),
            title: try container.decode(String.self, forKey: .title),
            subtitle: try container.decodeIfPresent(String.self, forKey: .subtitle),
            score: try container.decode(Double.self, forKey: .score),
            why: try container.decode([String].self, forKey: .why),
            isPublic: try container.decodeIfPresent(Bool.self, forKey: .isPublic) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(app, forKey: .app)
        try container.encodeIfPresent(uniqueIdentifier, forKey: .uniqueIdentifier)
        try container.encodeIfPresent(domainIdentifier, forKey: .domainIdentifier)
        try container.encodeIfPresent(persistentIdentifier, forKey: .persistentIdentifier)
        try container.encodeIfPresent(activityType, forKey: .activityType)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        try container.encode(score, forKey: .score)
        try container.encode(why, forKey: .why)
        if isPublic { try container.encode(true, forKey: .isPublic) }
    }
}
