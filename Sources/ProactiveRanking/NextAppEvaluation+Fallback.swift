extension NextAppEvaluation {
    /// Ranks a model's scores the way the protocol says: the user's apps by score (ties broken
    /// by global popularity, then identifier), then the apps the user never used by global
    /// popularity, never the foreground app.
    struct Fallback: Sendable {
        /// Apps by global popularity, most popular first (ties by identifier).
        let order: [String]
        /// Position of each app in ``order``.
        let position: [String: Int]

        init(_ global: GlobalPopularityBaseline) {
            order = global.launchCounts.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
            }
            .map(\.key)
            position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        }

        /// The 1-based rank of `target`, or `nil` when it is in neither list.
        func rank(of target: String, in scores: [AppScore], foreground: String?) -> Int? {
            let targetPosition = position[target] ?? .max
            var targetScore: Double?
            var own = 0
            for entry in scores where entry.app != foreground {
                own += 1
                if entry.app == target { targetScore = entry.score }
            }
            if let targetScore {
                var better = 0
                for entry in scores where entry.app != foreground && entry.app != target {
                    if entry.score > targetScore {
                        better += 1
                    } else if entry.score == targetScore {
                        let entryPosition = position[entry.app] ?? .max
                        if entryPosition < targetPosition
                            || (entryPosition == targetPosition && entry.app < target)
                        {
                            better += 1
                        }
                    }
                }
                return better + 1
            }
            guard targetPosition != .max else { return nil }
            let ownApps = Set(scores.lazy.map(\.app))
            var before = 0
            for app in order.prefix(targetPosition) where app != foreground && !ownApps.contains(app) {
                before += 1
            }
            return own + before + 1
        }
    }
}
