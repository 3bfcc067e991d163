import Foundation
import Synchronization

/// A token bucket per key (an app, or the system): `rate` units a second, up to `burst` saved.
/// A request may take more than is saved only from a full bucket (it then owes the rest).
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    let rate: Double
    let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    private let origin = ContinuousClock.now

    init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = max(burst, 1)
    }

    private var seconds: Double {
        let elapsed = origin.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Takes `amount` units for `key`; returns `nil` when granted, else how many seconds to
    /// wait before asking again.
    func take(_ amount: Double, for key: String) -> Double? {
        let now = seconds
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            bucket.updated = now
            defer { buckets[key] = bucket }
            guard bucket.tokens >= min(amount, burst) else {
                return (min(amount, burst) - bucket.tokens) / rate
            }
            bucket.tokens -= amount
            return nil
        }
    }
}
