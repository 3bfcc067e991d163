/// A token bucket for one live connection's messages: `rate` a second, up to twice as many at once.
struct MessageAllowance {
    let rate: Double
    private var tokens: Double
    private var updated = ContinuousClock.now

    init(rate: Double) {
        self.rate = max(rate, 1)
        tokens = self.rate * 2
    }

    /// Takes one message's token; false when the connection is over its rate.
    mutating func take() -> Bool {
        let now = ContinuousClock.now
        let elapsed = updated.duration(to: now)
        updated = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(rate * 2, tokens + seconds * rate)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
