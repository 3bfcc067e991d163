import CoreMetrics
import Metrics
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

    static func donations(_ status: String) -> CoreMetrics.Counter {
        _ = registry
        return CoreMetrics.Counter(label: "proactive_donations_total", dimensions: [("status", status)])
    }

    static func suggestionLists(cached: Bool) -> CoreMetrics.Counter {
        _ = registry
        return CoreMetrics.Counter(
            label: "proactive_suggestion_lists_total", dimensions: [("cached", cached ? "yes" : "no")])
    }

    static var rateLimited: CoreMetrics.Counter {
        _ = registry
        return CoreMetrics.Counter(label: "proactive_rate_limited_total")
    }

    static var liveSessions: CoreMetrics.Gauge {
        _ = registry
        return CoreMetrics.Gauge(label: "proactive_live_sessions")
    }
}
