import Foundation

extension NextAppPredictor {
    /// Why `app` ranks where it does: the signals that raise it most above the average
    /// candidate (weight × (its feature − expected feature)), as sentences, at most two, plus
    /// the user's feedback when it helped.
    func explanations(of app: Int, in scored: ScoredFrame) -> [String] {
        var contributions: [(signal: PredictionSignal, value: Double)] = []
        for signal in PredictionSignal.allCases where scored.table.active[signal.index] {
            let value =
                weightVector[signal.index]
                * (scored.table.value(signal.index, app) - scored.expected[signal.index])
            contributions.append((signal, value))
        }
        contributions.sort { $0.value > $1.value }
        var sentences: [String] = []
        for (signal, value) in contributions where value > 0 && sentences.count < 2 {
            if let sentence = sentence(for: signal, app: app, in: scored.frame) { sentences.append(sentence) }
        }
        if let tally = decayedFeedback(of: app), tally.engaged > tally.dismissed {
            sentences.append("you picked it from suggestions before")
        }
        if sentences.isEmpty {
            for (signal, _) in contributions {
                if let sentence = sentence(for: signal, app: app, in: scored.frame) {
                    sentences.append(sentence)
                    break
                }
            }
        }
        if sentences.isEmpty { sentences.append("one of the apps you use") }
        return sentences
    }

    /// The sentence for one signal, or `nil` when the signal has no evidence for the app.
    func sentence(for signal: PredictionSignal, app: Int, in frame: Frame) -> String? {
        let name = frame.context.name(of: apps.names[app])
        switch signal {
        case .recentUse:
            guard launchCounts[app] > 0 else { return nil }
            let elapsed = frame.context.at.timeIntervalSince1970 - lastLaunches[app]
            return "you used it \(Self.relativePhrase(seconds: elapsed))"
        case .frequentUseLately:
            guard launchCounts[app] > 0 else { return nil }
            return "one of your most used apps lately"
        case .frequentUse:
            guard launchCounts[app] > 0 else { return nil }
            return "one of your most used apps — \(Int(launchCounts[app])) launches"
        case .previousApp:
            guard let count = frame.transitionRow.counts[app], let previousApp else { return nil }
            let previous = frame.context.name(of: apps.names[previousApp])
            return "often opened after \(previous) — \(Int(count)) of \(Int(frame.transitionRow.total)) times"
        case .previousTwoApps:
            guard let count = frame.secondOrderRow.counts[app], let previousApp, let appBeforePrevious else {
                return nil
            }
            let previous = frame.context.name(of: apps.names[previousApp])
            let before = frame.context.name(of: apps.names[appBeforePrevious])
            return "often opened after \(before) then \(previous) — \(Int(count)) of "
                + "\(Int(frame.secondOrderRow.total)) times"
        case .hourOfDay:
            guard let count = frame.hourRow.counts[app] else { return nil }
            return "you often open it \(LocalTime.phrase(hour: frame.time.hour)) — \(Int(count)) times"
        case .dayPart:
            guard let count = frame.dayPartRow.counts[app] else { return nil }
            let share = count / max(1, launchCounts[app])
            let quantifier = share >= 0.5 ? "most" : "often on"
            return "you open it \(quantifier) \(LocalTime.phrase(dayPart: frame.time.dayPart))"
        case .trigger:
            guard let key = frame.triggerKey, let history = triggerHistory[key] else { return nil }
            let times = history.count(of: app)
            guard times > 0 else { return nil }
            let adverb = times * 2 > history.apps.count ? "usually" : "often"
            return
                "you \(adverb) open \(name) \(key.phrase) — \(times) of the last \(history.apps.count) times"
        case .place:
            guard let place = frame.context.place, let count = frame.placeRow?.counts[app] else { return nil }
            return "you often open it at \(place) — \(Int(count)) times"
        }
    }

    /// "a moment ago", "5 minutes ago", "3 hours ago", "2 days ago".
    static func relativePhrase(seconds: Double) -> String {
        switch seconds {
        case ..<60: return "a moment ago"
        case ..<3_600:
            let minutes = Int(seconds / 60)
            return minutes == 1 ? "a minute ago" : "\(minutes) minutes ago"
        case ..<86_400:
            let hours = Int(seconds / 3_600)
            return hours == 1 ? "an hour ago" : "\(hours) hours ago"
        default:
            let days = Int(seconds / 86_400)
            return days == 1 ? "yesterday" : "\(days) days ago"
        }
    }
}
