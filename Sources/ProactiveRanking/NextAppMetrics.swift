/// Next-app prediction quality, micro-averaged over the predicted launches.
public struct NextAppMetrics: Sendable, Hashable, Codable {
    /// Share of launches whose app was ranked first.
    public var hit1: Double
    /// Share of launches whose app was in the top 4.
    public var hit4: Double
    /// Share of launches whose app was in the top 5.
    public var hit5: Double
    /// Mean reciprocal rank of the launched app (0 for an app no one launched in training).
    public var mrr: Double

    /// Creates metrics.
    public init(hit1: Double, hit4: Double, hit5: Double, mrr: Double) {
        self.hit1 = hit1
        self.hit4 = hit4
        self.hit5 = hit5
        self.mrr = mrr
    }
}

/// Running sums from which ``NextAppMetrics`` are computed.
struct MetricsAccumulator: Sendable {
    var predictions = 0
    var hits1 = 0
    var hits4 = 0
    var hits5 = 0
    var reciprocalRanks = 0.0

    /// Adds a prediction in which the launched app had rank `rank` (1-based), or none.
    mutating func add(rank: Int?) {
        predictions += 1
        guard let rank else { return }
        if rank <= 1 { hits1 += 1 }
        if rank <= 4 { hits4 += 1 }
        if rank <= 5 { hits5 += 1 }
        reciprocalRanks += 1 / Double(rank)
    }

    mutating func merge(_ other: MetricsAccumulator) {
        predictions += other.predictions
        hits1 += other.hits1
        hits4 += other.hits4
        hits5 += other.hits5
        reciprocalRanks += other.reciprocalRanks
    }

    var metrics: NextAppMetrics {
        let n = Double(max(1, predictions))
        return NextAppMetrics(
            hit1: Double(hits1) / n, hit4: Double(hits4) / n, hit5: Double(hits5) / n,
            mrr: reciprocalRanks / n)
    }
}
