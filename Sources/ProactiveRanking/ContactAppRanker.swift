import Foundation

/// Per person, the apps the user communicates with them through (messages, audio and video
/// calls), usual first, and the remembered default chosen from the person's card.
///
/// People are keyed by a normalised handle the caller provides (e.g. an E.164 phone number or a
/// lower-cased email address). Interactions build recency-weighted counts (half-life
/// ``Configuration/halfLife``). Picks on the card (engaged suggestions) count as interactions and
/// decide the default: an app becomes the default after ``Configuration/picksToBecomeDefault``
/// picks in a row (default 2), and stays it until another app is picked that many times in a
/// row. One pick may be a one-off; two in a row is a preference.
public struct ContactAppRanker: Sendable, Codable {
    /// Parameters.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Consecutive picks of the same app on a person's card that make it the default. Default 2.
        public var picksToBecomeDefault = 2
        /// Half-life of an interaction's weight, in seconds. Default 30 days.
        public var halfLife: TimeInterval = 30 * 86_400

        /// The defaults.
        public init() {}
    }

    struct Usage: Sendable, Codable {
        var interactions = 0
        /// Weight anchored at `anchor`: weight at time t is `value × 2^(−(t − anchor)/halfLife)`.
        var value = 0.0
        var anchor = Date(timeIntervalSince1970: 0)
        var lastUsed = Date(timeIntervalSince1970: 0)
        var picks = 0
    }

    struct PersonRecord: Sendable, Codable {
        var apps: [String: Usage] = [:]
        var streakApp: String?
        var streak = 0
        var defaultApp: String?
    }

    /// The parameters.
    public let configuration: Configuration
    var people: [String: PersonRecord] = [:]

    /// Creates an empty ranker.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Learns that the user communicated with `person` through `app` at `date`.
    public mutating func recordInteraction(person: String, app: String, at date: Date) {
        var usage = people[person]?.apps[app] ?? Usage()
        usage.value = weight(of: usage, at: date) + 1
        usage.anchor = date
        usage.interactions += 1
        usage.lastUsed = max(usage.lastUsed, date)
        people[person, default: PersonRecord()].apps[app] = usage
    }

    /// Learns that the user picked `app` on `person`'s card at `date`: an interaction, and a
    /// step towards making it the default.
    public mutating func recordPick(person: String, app: String, at date: Date) {
        recordInteraction(person: person, app: app, at: date)
        var record = people[person] ?? PersonRecord()
        record.apps[app]?.picks += 1
        if record.streakApp == app {
            record.streak += 1
        } else {
            record.streakApp = app
            record.streak = 1
        }
        if record.streak >= max(1, configuration.picksToBecomeDefault) { record.defaultApp = app }
        people[person] = record
    }

    /// The remembered default app for `person`, if the user made one.
    public func defaultApp(for person: String) -> String? { people[person]?.defaultApp }

    /// The apps used with `person`, the default first, then by recency-weighted use at `now`.
    public func apps(
        for person: String, at now: Date, appNames: [String: String] = [:],
        language: ExplanationLanguage = .en
    ) -> [ContactAppSuggestion] {
        guard let record = people[person] else { return [] }
        let entries = record.apps.map { app, usage in (app, usage, weight(of: usage, at: now)) }
            .sorted { lhs, rhs in
                let lhsDefault = lhs.0 == record.defaultApp
                let rhsDefault = rhs.0 == record.defaultApp
                if lhsDefault != rhsDefault { return lhsDefault }
                if lhs.2 != rhs.2 { return lhs.2 > rhs.2 }
                if lhs.1.interactions != rhs.1.interactions { return lhs.1.interactions > rhs.1.interactions }
                return lhs.0 < rhs.0
            }
        return entries.map { app, usage, score in
            let isDefault = app == record.defaultApp
            let why =
                isDefault
                ? language.pickedFromCard(usage.picks)
                : language.usedWith(usage.interactions, lastSeconds: now.timeIntervalSince(usage.lastUsed))
            return ContactAppSuggestion(
                app: app, isDefault: isDefault, interactions: usage.interactions, lastUsed: usage.lastUsed,
                score: score, why: why)
        }
    }

    /// The people known, by handle key.
    public var knownPeople: [String] { Array(people.keys) }

    private func weight(of usage: Usage, at date: Date) -> Double {
        usage.value * exp2(-date.timeIntervalSince(usage.anchor) / max(1, configuration.halfLife))
    }
}
