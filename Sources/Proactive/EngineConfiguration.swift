import Foundation
import ProactiveModel

/// How an engine behaves. Every property documents its default.
public struct EngineConfiguration: Sendable {
    /// Size limits on donations. Default: `DonationLimits()`.
    public var limits = DonationLimits()
    /// How long an indexed item lives without an expiration date. Default 30 days, like Core Spotlight.
    public var defaultItemLifetime: TimeInterval = SearchableItem.defaultLifetime
    /// How long a visited page stays suggested and searchable. Default 30 days.
    public var pageLifetime: TimeInterval = 30 * 24 * 3600
    /// How fast a place fades from location suggestions: its score halves every this long.
    /// Default 6 hours, so a place seen now beats one seen yesterday.
    public var placeHalfLife: TimeInterval = 6 * 3600
    /// How far back places are suggested from. Default 7 days.
    public var placeWindow: TimeInterval = 7 * 24 * 3600
    /// How long context events are kept in the event log. Default 90 days.
    public var eventRetention: TimeInterval = 90 * 24 * 3600
    /// Whether an activity's app must have declared itself (an `app` document) before it donates.
    /// Default `true`: an undeclared app's activities are rejected with `unknownApp`.
    public var requiresDeclaredApps = true
    /// Whether the learned context (next apps, triggers, places, contacts) is kept in memory
    /// between suggestion requests and fed only what was donated since. When `false`, each
    /// request learns it again from the event log. Default `true`.
    public var keepsLearnedContext = true
    /// The region whose numbering plan applies to phone numbers written without a country code
    /// ("06 12 34 56 78" in FR), as an ISO 3166-1 code. Default: the system locale's region,
    /// else "US".
    public var phoneRegion: String = Locale.current.region?.identifier ?? "US"
    /// The time zone of the user's days ("tomorrow at 9"). Default: the system's.
    public var timeZone: TimeZone = .current
    /// The clock, used when a request gives no time. Default: the system clock.
    public var clock: @Sendable () -> Date = { Date() }
    /// How many distinct users must contribute to a public entry before every user's search
    /// finds it (see `docs/public-index.md`). Default: 5.
    public var publicThreshold = 5
    /// The secret that turns a user's identifier into the opaque key counting their
    /// contributions to the public index: at least 16 random bytes, kept outside the store (so
    /// that a copy of the database does not tell who contributed), the same for every daemon of
    /// a service. `nil`: activities eligible for public indexing stay private (their receipts
    /// say so). See ``PublicIndexKeyFile``.
    public var publicIndexKey: Data?

    /// The default configuration.
    public init() {}
}
