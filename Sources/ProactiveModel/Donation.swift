import Foundation

/// One donation document: what an app (or the system) tells the engine.
///
/// In JSON every document has a `type` (`app`, `activity`, `searchableItem`,
/// `searchableItemBatch`, `interaction`, `pageVisit`, `nowPlaying`, `event`), the donating
/// `app` (its bundle identifier; absent for system events), an optional `at` (when it
/// happened; the engine's clock otherwise) and the fields of its content, flattened.
public struct Donation: Sendable, Hashable {
    /// What the document carries.
    public enum Content: Sendable, Hashable {
        /// An app declaring itself.
        case app(App)
        /// An activity; `current` is `becomeCurrent()` at the donation time.
        case activity(UserActivity, current: Bool)
        /// An indexed item.
        case searchableItem(SearchableItem)
        /// A batch of indexed items with a client state.
        case searchableItemBatch(SearchableItemBatch)
        /// A communication with people, optionally with the activity it happened in.
        case interaction(Interaction, activity: UserActivity?)
        /// A visited web page.
        case pageVisit(PageVisit)
        /// What a media app plays.
        case nowPlaying(NowPlayingInfo)
        /// A context event.
        case event(SystemEvent)
    }

    /// The donating app's bundle identifier (`nil` for system events).
    public var app: String?
    /// When it happened; `nil` means "now" for whoever ingests it.
    public var at: Date?
    /// The content.
    public var content: Content

    /// Creates a donation.
    public init(app: String?, at: Date? = nil, content: Content) {
        self.app = app
        self.at = at
        self.content = content
    }

    /// The document's `type` in JSON.
    public var type: String {
        switch content {
        case .app: "app"
        case .activity: "activity"
        case .searchableItem: "searchableItem"
        case .searchableItemBatch: "searchableItemBatch"
        case .interaction: "interaction"
        case .pageVisit: "pageVisit"
        case .nowPlaying: "nowPlaying"
        case .event: "event"
        }
    }

    /// Every document type the engine accepts.
    public static let types = [
        "app", "activity", "searchableItem", "searchableItemBatch", "interaction", "pageVisit",
        "nowPlaying", "event",
    ]
}

extension Donation: Codable {
    enum EnvelopeKeys: String, CodingKey { case type, app, at, current, activity, bundleIdentifier }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EnvelopeKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        at = try c.decodeIfPresent(Date.self, forKey: .at)
        guard Donation.types.contains(type) else {
            throw DonationError(
                code: .unknownType, field: "type",
                reason: "unknown document type; expected one of \(Donation.types.joined(separator: ", "))")
        }
        if !DocumentFields.fieldsAreKnown { try DocumentFields.rejectUnknown(in: decoder, type: type) }
        switch type {
        case "app":
            let app = try App(from: decoder)
            self.app = app.bundleIdentifier
            content = .app(app)
            return
        case "event":
            app = try c.decodeIfPresent(String.self, forKey: .app)
            content = .event(try SystemEvent(from: decoder))
            return
        default:
            break
        }
        app = try c.decode(String.self, forKey: .app)
        switch type {
        case "activity":
            content = .activity(
                try UserActivity(from: decoder),
                current: try c.decodeIfPresent(Bool.self, forKey: .current) ?? false)
        case "searchableItem":
            content = .searchableItem(try SearchableItem(from: decoder))
        case "searchableItemBatch":
            content = .searchableItemBatch(try SearchableItemBatch(from: decoder))
        case "interaction":
            content = .interaction(
                try Interaction(from: decoder),
                activity: try c.decodeIfPresent(UserActivity.self, forKey: .activity))
        case "pageVisit":
            content = .pageVisit(try PageVisit(from: decoder))
        default:
            content = .nowPlaying(try NowPlayingInfo(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EnvelopeKeys.self)
        try c.encode(type, forKey: .type)
        if case .app = content {} else { try c.encodeIfPresent(app, forKey: .app) }
        try c.encodeIfPresent(at, forKey: .at)
        switch content {
        case .app(let value): try value.encode(to: encoder)
        case .activity(let value, let current):
            try value.encode(to: encoder)
            try c.encode(current, forKey: .current)
        case .searchableItem(let value): try value.encode(to: encoder)
        case .searchableItemBatch(let value): try value.encode(to: encoder)
        case .interaction(let value, let activity):
            try value.encode(to: encoder)
            try c.encodeIfPresent(activity, forKey: .activity)
        case .pageVisit(let value): try value.encode(to: encoder)
        case .nowPlaying(let value): try value.encode(to: encoder)
        case .event(let value): try value.encode(to: encoder)
        }
    }
}
