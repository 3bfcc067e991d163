import CoreMetrics
import Metrics
import Proactive
import Prometheus

/// The daemon's metrics, exported at `/metrics` in Prometheus' text format: Hummingbird's
/// request counters and timers per route, and the engine's own counters.
enum ServerMetrics {
    /// The registry behind `MetricsSystem` (bootstrapped once per process).
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    // The handles are made once (each `Counter(label:)` is a lookup in the registry); making
    // them reads `registry` first, so the metrics system is bootstrapped before.

    static let donationsByStatus: [DonationReceipt.Status: CoreMetrics.Counter] = {
        _ = registry
        return Dictionary(
            uniqueKeysWithValues: [DonationReceipt.Status.accepted, .merged, .rejected].map { status in
                (
                    status,
                    CoreMetrics.Counter(
                        label: "proactive_donations_total", dimensions: [("status", status.rawValue)])
                )
            })
    }()

    static let cachedSuggestionLists: CoreMetrics.Counter = {
        _ = registry
        return CoreMetrics.Counter(label: "proactive_suggestion_lists_total", dimensions: [("cached", "yes")])
    }()

    static let computedSuggestionLists: CoreMetrics.Counter = {
        _ = registry
        return CoreMetrics.Counter(label: "proactive_suggestion_lists_total", dimensions: [("cached", "no")])
    }()

    static let rateLimited: CoreMetrics.Counter = {
        _ = registry
        return CoreMetrics.Counter(label: "proactive_rate_limited_total")
    }()

    static let liveSessions: CoreMetrics.Gauge = {
        _ = registry
        return CoreMetrics.Gauge(label: "proactive_live_sessions")
    }()
}
