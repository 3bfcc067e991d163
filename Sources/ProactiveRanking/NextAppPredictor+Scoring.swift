import Foundation

extension NextAppPredictor {
    /// Everything about a context that is the same for every candidate app.
    struct Frame {
        var context: NextAppContext
        var time: LocalTime
        var excluded: Int?
        /// The previous app, if the latest launch is recent enough to be in the same session.
        var previousApp: Int?
        var transitionRow: ConditionalCounts<Int>.Row
        var secondOrderRow: ConditionalCounts<AppPair>.Row
        var hourRow: ConditionalCounts<Int>.Row
        var dayPartRow: ConditionalCounts<Int>.Row
        var triggerRow: ConditionalCounts<ContextTrigger>.Row?
        var triggerKey: ContextTrigger?
        var placeRow: ConditionalCounts<String>.Row?
    }

    /// Every app's feature for every signal (log-probabilities), plus the feedback term.
    struct FeatureTable {
        /// How many apps.
        var count: Int
        /// `values[signal × count + app]`.
        var values: [Double]
        /// Whether each signal has evidence in this context (inactive ones are all zero).
        var active: [Bool]
        var bonus: [Double]

        /// The feature of `app` for the signal at `signal`.
        func value(_ signal: Int, _ app: Int) -> Double { values[signal * count + app] }
    }

    func frame(for context: NextAppContext) -> Frame {
        let time = LocalTime(context.at, in: configuration.timeZone)
        var triggerKey: ContextTrigger?
        var triggerRow: ConditionalCounts<ContextTrigger>.Row?
        if let trigger = context.trigger {
            for key in [trigger, trigger.generalized] where triggers[key].total > 0 {
                triggerKey = key
                triggerRow = triggers[key]
                break
            }
        }
        let inSession =
            latestLaunchTime.map { context.at.timeIntervalSince1970 - $0 <= configuration.sessionGap }
            ?? false
        let previousApp = inSession ? self.previousApp : nil
        let placeRow = context.place.map { places[$0] }.flatMap { $0.total > 0 ? $0 : nil }
        return Frame(
            context: context, time: time, excluded: context.foregroundApp.flatMap { apps.number(of: $0) },
            previousApp: previousApp,
            transitionRow: previousApp.map { transitions[$0] } ?? .init(),
            secondOrderRow: previousApp.flatMap { previous in
                appBeforePrevious.map { secondOrderTransitions[AppPair(first: $0, second: previous)] }
            } ?? .init(),
            hourRow: hours[time.hour], dayPartRow: dayParts[time.dayPart],
            triggerRow: triggerRow, triggerKey: triggerKey, placeRow: placeRow)
    }

    /// log((count + smoothing × prior) / (total + smoothing)).
    @inline(__always)
    static func smoothedLog(count: Double, prior: Double, total: Double, smoothing: Double) -> Double {
        log((count + smoothing * prior) / (total + smoothing))
    }

    /// Computes every signal's feature for every known app: a dense pass for what every app has
    /// (overall use, frecency) and sparse passes over the rows of the context's counts.
    func featureTable(for frame: Frame) -> FeatureTable {
        let count = apps.count
        let signals = PredictionSignal.allCases.count
        var active = Array(repeating: true, count: signals)
        let beta = configuration.contextSmoothing
        let timeBeta = configuration.timeSmoothing
        let logPriorTotal = log(Double(launchCount) + Double(count) + 1)
        let priorTotal = Double(launchCount) + Double(count) + 1
        let transitionShift = log(beta / (frame.transitionRow.total + beta))
        let secondOrderShift = log(beta / (frame.secondOrderRow.total + beta))
        let hourShift = log(timeBeta / (frame.hourRow.total + timeBeta))
        let dayPartShift = log(timeBeta / (frame.dayPartRow.total + timeBeta))
        let triggerShift = frame.triggerRow.map { log(beta / ($0.total + beta)) }
        let placeShift = frame.placeRow.map { log(beta / ($0.total + beta)) }
        active[PredictionSignal.previousApp.index] = frame.previousApp != nil
        active[PredictionSignal.previousTwoApps.index] = frame.previousApp != nil
        active[PredictionSignal.trigger.index] = triggerShift != nil
        active[PredictionSignal.place.index] = placeShift != nil
        let (s0, s1, s2) = (frecencies[0].scale, frecencies[1].scale, frecencies[2].scale)
        let (t0, t1, t2) = (frecencies[0].total + 1, frecencies[1].total + 1, frecencies[2].total + 1)
        var values = [Double](repeating: 0, count: count * signals)
        var medium = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBufferPointer { v in
            medium.withUnsafeMutableBufferPointer { m in
                frecencies[0].withAnchoredWeights { w0 in
                    frecencies[1].withAnchoredWeights { w1 in
                        frecencies[2].withAnchoredWeights { w2 in
                            launchCounts.withUnsafeBufferPointer { counts in
                                for app in 0..<count {
                                    let p0 = (counts[app] + 1) / priorTotal
                                    let logPrior = log(counts[app] + 1) - logPriorTotal
                                    let a0 = app < w0.count ? w0[app] : 0
                                    let a1 = app < w1.count ? w1[app] : 0
                                    let a2 = app < w2.count ? w2[app] : 0
                                    let share = (a1 * s1 + p0) / t1
                                    let mediumLog = log(share)
                                    m[app] = share
                                    v[app] = log((a0 * s0 + p0) / t0)
                                    v[count + app] = mediumLog
                                    v[2 * count + app] = log((a2 * s2 + p0) / t2)
                                    v[3 * count + app] = mediumLog + transitionShift
                                    v[4 * count + app] = mediumLog + transitionShift + secondOrderShift
                                    v[5 * count + app] = logPrior + hourShift
                                    v[6 * count + app] = logPrior + dayPartShift
                                    if let triggerShift { v[7 * count + app] = mediumLog + triggerShift }
                                    if let placeShift { v[8 * count + app] = mediumLog + placeShift }
                                }
                            }
                        }
                    }
                }
            }
        }
        let row = frame.transitionRow
        for (app, c) in row.counts {
            values[3 * count + app] = Self.smoothedLog(
                count: c, prior: medium[app], total: row.total, smoothing: beta)
            values[4 * count + app] = values[3 * count + app] + secondOrderShift
        }
        let second = frame.secondOrderRow
        for (app, c) in second.counts {
            values[4 * count + app] = Self.smoothedLog(
                count: c, prior: exp(values[3 * count + app]), total: second.total, smoothing: beta)
        }
        for (app, c) in frame.hourRow.counts {
            values[5 * count + app] = Self.smoothedLog(
                count: c, prior: (launchCounts[app] + 1) / priorTotal, total: frame.hourRow.total,
                smoothing: timeBeta)
        }
        for (app, c) in frame.dayPartRow.counts {
            values[6 * count + app] = Self.smoothedLog(
                count: c, prior: (launchCounts[app] + 1) / priorTotal, total: frame.dayPartRow.total,
                smoothing: timeBeta)
        }
        if let triggerRow = frame.triggerRow {
            for (app, c) in triggerRow.counts {
                values[7 * count + app] = Self.smoothedLog(
                    count: c, prior: medium[app], total: triggerRow.total, smoothing: beta)
            }
        }
        if let placeRow = frame.placeRow {
            for (app, c) in placeRow.counts {
                values[8 * count + app] = Self.smoothedLog(
                    count: c, prior: medium[app], total: placeRow.total, smoothing: beta)
            }
        }
        var bonus = [Double](repeating: 0, count: count)
        for app in feedback.keys where app < count { bonus[app] = feedbackBonus(of: app) }
        return FeatureTable(count: count, values: values, active: active, bonus: bonus)
    }

    /// The features of a single app in a frame, computed the same way as ``featureTable(for:)``.
    func features(of app: Int, in frame: Frame) -> [Double] {
        let beta = configuration.contextSmoothing
        let timeBeta = configuration.timeSmoothing
        let p0 = (launchCounts[app] + 1) / (Double(launchCount) + Double(apps.count) + 1)
        var values = frecencies.map { log(($0.weight(of: app) + p0) / ($0.total + 1)) }
        let medium = exp(values[1])
        let transition = Self.smoothedLog(
            count: frame.transitionRow.counts[app] ?? 0, prior: medium, total: frame.transitionRow.total,
            smoothing: beta)
        values.append(transition)
        values.append(
            Self.smoothedLog(
                count: frame.secondOrderRow.counts[app] ?? 0, prior: exp(transition),
                total: frame.secondOrderRow.total, smoothing: beta))
        values.append(
            Self.smoothedLog(
                count: frame.hourRow.counts[app] ?? 0, prior: p0, total: frame.hourRow.total,
                smoothing: timeBeta))
        values.append(
            Self.smoothedLog(
                count: frame.dayPartRow.counts[app] ?? 0, prior: p0, total: frame.dayPartRow.total,
                smoothing: timeBeta))
        if frame.previousApp == nil {
            values[PredictionSignal.previousApp.index] = 0
            values[PredictionSignal.previousTwoApps.index] = 0
        }
        values.append(
            frame.triggerRow.map {
                Self.smoothedLog(count: $0.counts[app] ?? 0, prior: medium, total: $0.total, smoothing: beta)
            } ?? 0)
        values.append(
            frame.placeRow.map {
                Self.smoothedLog(count: $0.counts[app] ?? 0, prior: medium, total: $0.total, smoothing: beta)
            } ?? 0)
        return values
    }

    /// Scores of every known app (the foreground app gets −∞), the softmax normaliser and the
    /// expected feature values, for ranking and learning.
    struct ScoredFrame {
        var frame: Frame
        var table: FeatureTable
        var scores: [Double]
        var maximum: Double
        var normaliser: Double
        var expected: [Double]
    }

    func scoredFrame(for context: NextAppContext) -> ScoredFrame {
        let frame = frame(for: context)
        let table = featureTable(for: frame)
        let count = apps.count
        let signals = table.active.indices.filter { table.active[$0] }
        let weights = signals.map { weightVector[$0] }
        var scores = table.bonus
        var expected = [Double](repeating: 0, count: table.active.count)
        var maximum = -Double.infinity
        var normaliser = 0.0
        scores.withUnsafeMutableBufferPointer { score in
            table.values.withUnsafeBufferPointer { v in
                for app in 0..<count {
                    var sum = score[app]
                    for (position, signal) in signals.enumerated() {
                        sum += weights[position] * v[signal * count + app]
                    }
                    score[app] = sum
                }
                if let excluded = frame.excluded { score[excluded] = -.infinity }
                for app in 0..<count where score[app] > maximum { maximum = score[app] }
                guard maximum.isFinite else { return }
                var sums = [Double](repeating: 0, count: signals.count)
                for app in 0..<count where score[app].isFinite {
                    let p = exp(score[app] - maximum)
                    normaliser += p
                    for (position, signal) in signals.enumerated() {
                        sums[position] += p * v[signal * count + app]
                    }
                }
                for (position, signal) in signals.enumerated() {
                    expected[signal] = sums[position] / normaliser
                }
            }
        }
        return ScoredFrame(
            frame: frame, table: table, scores: scores, maximum: maximum, normaliser: normaliser,
            expected: expected)
    }

    /// Every known app's score in `context` (log-linear, higher first; only order matters).
    public func scores(in context: NextAppContext) -> [AppScore] {
        let scored = scoredFrame(for: context)
        return apps.names.enumerated().map { AppScore(app: $1, score: scored.scores[$0]) }
    }

    /// The `limit` apps the user most likely opens next in `context`, best first, without the
    /// foreground app, each with its probability and why.
    public func predictions(in context: NextAppContext, limit: Int = 4) -> NextAppRanking {
        let scored = scoredFrame(for: context)
        var top: [Int] = []
        let wanted = max(0, limit)
        if wanted > 0 {
            for app in 0..<apps.count where scored.scores[app].isFinite {
                if top.count == wanted, let last = top.last, !isBetter(app, than: last, in: scored.scores) {
                    continue
                }
                var position = top.count
                while position > 0 && isBetter(app, than: top[position - 1], in: scored.scores) {
                    position -= 1
                }
                top.insert(app, at: position)
                if top.count > wanted { top.removeLast() }
            }
        }
        let predictions = top.map { app in
            AppPrediction(
                app: apps.names[app],
                score: exp(scored.scores[app] - scored.maximum) / scored.normaliser,
                why: explanations(of: app, in: scored))
        }
        return NextAppRanking(
            predictions: predictions, context: context, launchCount: launchCount,
            expectedFeatures: scored.expected)
    }

    private func isBetter(_ app: Int, than other: Int, in scores: [Double]) -> Bool {
        scores[app] != scores[other] ? scores[app] > scores[other] : apps.names[app] < apps.names[other]
    }
}
