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

    /// ``id`` as a typed reference.
    public var reference: EntryReference? { EntryReference(id) }
}
