import Foundation

/// Learns which app (and which media item) the user plays after each trigger — headphones or a
/// named Bluetooth device connected, the car connected, arrival home or at work — and suggests
/// it the next time the trigger happens, with a count-based explanation.
///
/// Each trigger keeps recency-weighted counts (an occurrence's weight halves every
/// ``Configuration/halfLife`` occurrences of that trigger) and its latest
/// ``Configuration/historyLength`` outcomes, so "14 of the last 16 times" is exact. Updates are
/// O(1) (amortised); everything is a value, time is an input.
public struct TriggerAppModel: Sendable, Codable {
    /// Parameters.
    public struct Configuration: Sendable, Hashable, Codable {
        /// How many latest outcomes per trigger are kept for explanations. Default 20.
        public var historyLength = 20
        /// Half-life of an outcome's weight, in occurrences of the same trigger. Default 10:
        /// a change of habit wins after a handful of times.
        public var halfLife = 10.0
        /// How long after a trigger the first app played is attributed to it, in seconds.
        /// Default 600 (10 minutes).
        public var attributionWindow: TimeInterval = 600

        /// The defaults.
        public init() {}
    }

    struct AppTally: Sendable, Codable {
        var weight: Double
        var occurrence: Int
        var lastItem: String?
    }

    struct TriggerHistory: Sendable, Codable {
        var occurrences = 0
        var total = 0.0
        var tallies: [String: AppTally] = [:]
        var latest: [String] = []
    }

    /// The parameters.
    public let configuration: Configuration
    var histories: [ContextTrigger: TriggerHistory] = [:]
    /// Triggers that happened and are waiting for the first app played after them.
    var pending: [ContextTrigger: Date] = [:]

    /// Creates an empty model.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Notes that `trigger` happened at `date`; the first app played within the attribution
    /// window (see ``notePlay(app:item:at:)``) is learned as its outcome.
    public mutating func noteTrigger(_ trigger: ContextTrigger, at date: Date) {
        pending[trigger] = date
    }

    /// Notes that `app` started playing `item` at `date`: it becomes the outcome of every trigger
    /// noted within the attribution window before it that has no outcome yet.
    public mutating func notePlay(app: String, item: String? = nil, at date: Date) {
        for (trigger, noted) in pending {
            let elapsed = date.timeIntervalSince(noted)
            if elapsed >= 0 && elapsed <= configuration.attributionWindow {
                record(app: app, item: item, after: trigger)
            }
            if elapsed >= 0 { pending[trigger] = nil }
        }
    }

    /// Learns that the user played `app` (and `item`) after `trigger`. A trigger with a detail
    /// (a device or place name) also counts for its general kind.
    public mutating func record(app: String, item: String? = nil, after trigger: ContextTrigger) {
        update(trigger, app: app, item: item)
        if trigger.detail != nil { update(trigger.generalized, app: app, item: item) }
    }

    private mutating func update(_ trigger: ContextTrigger, app: String, item: String?) {
        var history = histories[trigger] ?? TriggerHistory()
        history.occurrences += 1
        history.total = history.total * decay(1) + 1
        var tally =
            history.tallies[app] ?? AppTally(weight: 0, occurrence: history.occurrences, lastItem: nil)
        tally.weight = tally.weight * decay(history.occurrences - tally.occurrence) + 1
        tally.occurrence = history.occurrences
        if let item { tally.lastItem = item }
        history.tallies[app] = tally
        if history.latest.count >= max(1, configuration.historyLength) { history.latest.removeFirst() }
        history.latest.append(app)
        histories[trigger] = history
    }

    private func decay(_ steps: Int) -> Double { exp2(-Double(steps) / max(0.5, configuration.halfLife)) }

    /// The apps the user is likely to play after `trigger`, best first; falls back to the
    /// trigger's general kind when this exact trigger has no history. Empty when nothing is known.
    public func suggestions(
        for trigger: ContextTrigger, limit: Int = 3, appNames: [String: String] = [:],
        language: ExplanationLanguage = .en
    ) -> [TriggeredAppSuggestion] {
        let key = histories[trigger] != nil ? trigger : trigger.generalized
        guard let history = histories[key], history.total > 0 else { return [] }
        let scored = history.tallies.map { app, tally in
            (app, tally, tally.weight * decay(history.occurrences - tally.occurrence) / history.total)
        }
        .sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }
        return scored.prefix(max(0, limit)).map { app, tally, score in
            let times = history.latest.reduce(0) { $0 + ($1 == app ? 1 : 0) }
            let why = language.opens(
                appNames[app] ?? app, after: key, times: times, of: history.latest.count,
                usually: times * 2 > history.latest.count, otherwise: "sometimes")
            return TriggeredAppSuggestion(
                app: app, lastItem: tally.lastItem, times: times, outOf: history.latest.count, score: score,
                why: why,
                trigger: key)
        }
    }

    /// The triggers with a history, for inspection.
    public var knownTriggers: [ContextTrigger] { Array(histories.keys) }
}
