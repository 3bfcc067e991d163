/// A model that learns from app launches and scores the apps the user may open next.
///
/// Proactive's own ``NextAppPredictor`` and the baselines it is measured against
/// (``MostFrequentlyUsedBaseline``, ``MostRecentlyUsedBaseline``, ``MarkovBaseline``,
/// ``FrecencyBaseline``, ``MarkovFrecencyBaseline``, ``GlobalPopularityBaseline``) share this
/// interface, so ``NextAppEvaluation`` runs them side by side under one protocol.
public protocol NextAppModel: Sendable {
    /// Learns from a launch; launches arrive in chronological order.
    mutating func observe(_ launch: AppLaunch)

    /// Scores the apps the model can rank in `context`, in no particular order. Apps that are
    /// not listed rank below every listed app. The foreground app may be listed: callers
    /// exclude it (``ranked(in:limit:)`` does).
    func scores(in context: NextAppContext) -> [AppScore]
}

extension NextAppModel {
    /// The apps the model ranks in `context`, best first, without the foreground app; ties are
    /// broken by app identifier so the order is deterministic.
    public func ranked(in context: NextAppContext, limit: Int = .max) -> [AppScore] {
        let candidates = scores(in: context).filter { $0.app != context.foregroundApp }
        let sorted = candidates.sorted { $0.score != $1.score ? $0.score > $1.score : $0.app < $1.app }
        return Array(sorted.prefix(max(0, limit)))
    }
}
