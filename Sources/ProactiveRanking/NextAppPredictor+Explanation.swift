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
        let language = scored.frame.context.language
        if let tally = decayedFeedback(of: app), tally.engaged > tally.dismissed {
            sentences.append(language.pickedFromSuggestions)
        }
        if sentences.isEmpty {
            for (signal, _) in contributions {
                if let sentence = sentence(for: signal, app: app, in: scored.frame) {
                    sentences.append(sentence)
                    break
                }
            }
        }
        if sentences.isEmpty { sentences.append(language.oneOfYourApps) }
        return sentences
    }

    /// The sentence for one signal, or `nil` when the signal has no evidence for the app.
    func sentence(for signal: PredictionSignal, app: Int, in frame: Frame) -> String? {
        let name = frame.context.name(of: apps.names[app])
        let language = frame.context.language
        switch signal {
        case .recentUse:
            guard launchCounts[app] > 0 else { return nil }
            let elapsed = frame.context.at.timeIntervalSince1970 - lastLaunches[app]
            return language.usedIt(seconds: elapsed)
        case .frequentUseLately:
            guard launchCounts[app] > 0 else { return nil }
            return language.mostUsedLately
        case .frequentUse:
            guard launchCounts[app] > 0 else { return nil }
            return language.mostUsed(launches: Int(launchCounts[app]))
        case .previousApp:
            guard let count = frame.transitionRow.counts[app], let previousApp else { return nil }
            let previous = frame.context.name(of: apps.names[previousApp])
            return language.openedAfter(previous, count: Int(count), of: Int(frame.transitionRow.total))
        case .previousTwoApps:
            guard let count = frame.secondOrderRow.counts[app], let previousApp, let appBeforePrevious else {
                return nil
            }
            let previous = frame.context.name(of: apps.names[previousApp])
            let before = frame.context.name(of: apps.names[appBeforePrevious])
            return language.openedAfter(
                before, then: previous, count: Int(count), of: Int(frame.secondOrderRow.total))
        case .hourOfDay:
            guard let count = frame.hourRow.counts[app] else { return nil }
            return language.opensAround(hour: frame.time.hour, count: Int(count))
        case .dayPart:
            guard let count = frame.dayPartRow.counts[app] else { return nil }
            let share = count / max(1, launchCounts[app])
            return language.opens(inDayPart: frame.time.dayPart, mostly: share >= 0.5)
        case .trigger:
            guard let key = frame.triggerKey, let history = triggerHistory[key] else { return nil }
            let times = history.count(of: app)
            guard times > 0 else { return nil }
            return language.opens(
                name, after: key, times: times, of: history.apps.count,
                usually: times * 2 > history.apps.count,
                otherwise: "often")
        case .place:
            guard let place = frame.context.place, let count = frame.placeRow?.counts[app] else { return nil }
            return language.opensAt(place, count: Int(count))
        }
    }
}
