import Foundation

/// "3 minutes ago", "yesterday", "in 2 days": durations in words for "why" explanations.
enum RelativeTimeDescription {
    static func ago(_ interval: TimeInterval) -> String {
        let seconds = Int(max(interval, 0))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute") + " ago"
        case ..<86_400: return plural(seconds / 3600, "hour") + " ago"
        case ..<(2 * 86_400): return "yesterday"
        default: return plural(seconds / 86_400, "day") + " ago"
        }
    }

    /// "350 m", "2.4 km", "120 km".
    static func distance(_ meters: Double) -> String {
        if meters < 1000 { return "\(Int((meters / 10).rounded()) * 10) m" }
        if meters < 10_000 { return String(format: "%.1f km", meters / 1000) }
        return "\(Int((meters / 1000).rounded())) km"
    }

    static func plural(_ n: Int, _ unit: String) -> String { n == 1 ? "1 \(unit)" : "\(n) \(unit)s" }
}
