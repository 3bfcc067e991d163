import Foundation

/// Proactive's next-app model: learns online from launches (and their context) and from
/// feedback on its suggestions, and predicts the apps the user will open next, each with why.
///
/// It blends nine ``PredictionSignal``s — frecency at three half-lives, first- and second-order
/// transitions from the previous apps, hour of day, weekday/weekend part of day, the active
/// trigger and the place — as a weighted sum of the logarithms of their smoothed probabilities
/// (a product of experts). Every conditional distribution backs off to a more general one, so a
/// new context never produces zeros. The weights start equal and follow the gradient of the
/// log-likelihood of each prediction's outcome (pass the ranking to
/// ``observe(_:following:)``), so each user gets the blend that works for them.
///
/// Observing a launch costs O(1) (amortised); a prediction costs O(apps).
///
/// ```swift
/// var predictor = NextAppPredictor()
/// predictor.observe(AppLaunch(app: "com.example.mail", at: now))
/// let ranking = predictor.predictions(in: NextAppContext(at: now, foregroundApp: "com.example.mail"))
/// ```
public struct NextAppPredictor: NextAppModel, Codable {
    /// The parameters.
    public let configuration: Configuration

    var apps = AppTable()
    /// Launches per app number.
    var launchCounts: [Double] = []
    /// The time of each app's latest launch, seconds since 1970, by app number.
    var lastLaunches: [Double] = []
    /// Launches observed.
    public private(set) var launchCount = 0
    var frecencies: [FrecencyCounter]
    var transitions = ConditionalCounts<Int>()
    var secondOrderTransitions = ConditionalCounts<AppPair>()
    var hours = ConditionalCounts<Int>()
    var dayParts = ConditionalCounts<Int>()
    var triggers = ConditionalCounts<ContextTrigger>()
    var places = ConditionalCounts<String>()
    var triggerHistory: [ContextTrigger: RecentApps] = [:]
    var previousApp: Int?
    /// When the latest launch happened, seconds since 1970.
    var latestLaunchTime: Double?
    var appBeforePrevious: Int?
    /// The signals' weights, by ``PredictionSignal/index``.
    var weightVector: [Double]
    var feedback: [Int: FeedbackTally] = [:]

    /// Decayed counts of engagements and dismissals of one app's suggestions.
    struct FeedbackTally: Sendable, Hashable, Codable {
        var engaged = 0.0
        var dismissed = 0.0
        var launchIndex = 0
    }

    /// Creates a predictor that knows nothing yet.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var halfLives = configuration.halfLives
        while halfLives.count < 3 { halfLives.append(halfLives.last ?? 20) }
        frecencies = halfLives.prefix(3).map { FrecencyCounter(halfLife: max(0.5, $0)) }
        weightVector = PredictionSignal.allCases.map {
            max(0, configuration.initialWeights[$0] ?? 1 / Double(PredictionSignal.allCases.count))
        }
    }

    /// The current weight of each signal.
    public var weights: [PredictionSignal: Double] {
        Dictionary(uniqueKeysWithValues: PredictionSignal.allCases.map { ($0, weightVector[$0.index]) })
    }

    /// The apps the predictor has seen launched, in order of first launch.
    public var knownApps: [String] { apps.names }

    /// Learns from a launch (no weight update; see ``observe(_:following:)``).
    public mutating func observe(_ launch: AppLaunch) {
        observe(launch, following: nil)
    }

    /// Learns from a launch; when `ranking` is the prediction made just before it (nothing was
    /// observed in between), the signal weights also learn from how that prediction fared.
    public mutating func observe(_ launch: AppLaunch, following ranking: NextAppRanking?) {
        if let ranking { learn(from: ranking, outcome: launch.app) }
        let app = apps.intern(launch.app)
        if app == launchCounts.count {
            launchCounts.append(0)
            lastLaunches.append(0)
        }
        launchCount += 1
        launchCounts[app] += 1
        lastLaunches[app] = launch.at.timeIntervalSince1970
        for index in frecencies.indices { frecencies[index].add(app) }
        if let previousApp, previousApp != app {
            transitions.add(app, under: previousApp)
            if let appBeforePrevious {
                secondOrderTransitions.add(app, under: AppPair(first: appBeforePrevious, second: previousApp))
            }
        }
        let time = LocalTime(launch.at, in: configuration.timeZone)
        hours.add(app, under: time.hour)
        dayParts.add(app, under: time.dayPart)
        if let trigger = launch.trigger {
            triggers.add(app, under: trigger)
            triggerHistory[trigger, default: RecentApps(capacity: configuration.triggerHistoryLength)].append(
                app)
            if trigger.detail != nil {
                triggers.add(app, under: trigger.generalized)
                triggerHistory[
                    trigger.generalized, default: RecentApps(capacity: configuration.triggerHistoryLength)
                ]
                .append(app)
            }
        }
        if let place = launch.place { places.add(app, under: place) }
        latestLaunchTime = launch.at.timeIntervalSince1970
        if app != previousApp {
            appBeforePrevious = previousApp
            previousApp = app
        }
    }

    /// Learns from what the user did with a suggestion of `app`: engagement raises its later
    /// rankings, dismissal lowers them; the effect fades with a half-life of
    /// ``Configuration/feedbackHalfLife`` launches.
    public mutating func record(_ feedback: SuggestionFeedback, for app: String) {
        let number = apps.intern(app)
        if number == launchCounts.count {
            launchCounts.append(0)
            lastLaunches.append(0)
        }
        var tally = decayedFeedback(of: number) ?? FeedbackTally()
        tally.launchIndex = launchCount
        switch feedback {
        case .engaged: tally.engaged += 1
        case .dismissed: tally.dismissed += 1
        }
        self.feedback[number] = tally
    }

    /// The feedback tally of an app decayed to now, if it has any.
    func decayedFeedback(of app: Int) -> FeedbackTally? {
        guard var tally = feedback[app] else { return nil }
        let factor = exp2(-Double(launchCount - tally.launchIndex) / max(1, configuration.feedbackHalfLife))
        tally.engaged *= factor
        tally.dismissed *= factor
        tally.launchIndex = launchCount
        return tally
    }

    /// The feedback term added to an app's score.
    func feedbackBonus(of app: Int) -> Double {
        guard let tally = decayedFeedback(of: app) else { return 0 }
        return configuration.feedbackWeight * log((1 + tally.engaged) / (1 + tally.dismissed))
    }
}
