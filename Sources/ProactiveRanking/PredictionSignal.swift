/// One of the evidence sources ``NextAppPredictor`` blends. Each gives a smoothed probability
/// of every app being next; the predictor adds their logarithms with learned weights.
public enum PredictionSignal: String, Sendable, Hashable, Codable, CaseIterable {
    /// Frecency with a short half-life (default 3 launches): what the user is doing right now.
    case recentUse
    /// Frecency with a medium half-life (default 20 launches): what they use these days.
    case frequentUseLately
    /// Frecency with a long half-life (default 200 launches): their habitual apps.
    case frequentUse
    /// Transitions from the previous app (first-order Markov, backed off to frecency).
    case previousApp
    /// Transitions from the two previous apps (second-order Markov, backed off to first order).
    case previousTwoApps
    /// Launches by hour of the day.
    case hourOfDay
    /// Launches by part of the day (four-hour blocks), weekdays and weekends apart.
    case dayPart
    /// Launches after the active trigger (headphones, Bluetooth device, car, arrival).
    case trigger
    /// Launches at the current place.
    case place

    /// The signal's position in ``allCases``.
    var index: Int {
        switch self {
        case .recentUse: 0
        case .frequentUseLately: 1
        case .frequentUse: 2
        case .previousApp: 3
        case .previousTwoApps: 4
        case .hourOfDay: 5
        case .dayPart: 6
        case .trigger: 7
        case .place: 8
        }
    }
}
