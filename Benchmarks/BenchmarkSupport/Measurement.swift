import Foundation

/// The value at quantile `p` (0…1) of sorted values (nearest rank), or 0 when there are none.
public func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

/// The process's peak resident memory so far (`VmHWM`), in MB.
public func peakRSSMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kb / 1024
    }
    return 0
}

extension Duration {
    /// The duration in milliseconds.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }

    /// The duration in seconds.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Latencies collected in milliseconds, reported as percentiles.
public struct Latencies: Sendable {
    public private(set) var values: [Double] = []

    public init() {}

    public mutating func add(_ milliseconds: Double) { values.append(milliseconds) }

    public mutating func add(_ duration: Duration) { values.append(duration.milliseconds) }

    public var count: Int { values.count }

    /// The percentile `p` (0…1) in milliseconds.
    public func percentile(_ p: Double) -> Double { BenchmarkSupport.percentile(values.sorted(), p) }

    /// "p50 X / p99 Y ms (n)".
    public var summary: String {
        let sorted = values.sorted()
        return String(
            format: "p50 %.3f / p99 %.3f ms (n=%d)", BenchmarkSupport.percentile(sorted, 0.5),
            BenchmarkSupport.percentile(sorted, 0.99), sorted.count)
    }
}

/// What a benchmark prints first: the machine, the date and the command.
public enum Machine {
    /// How many processors this process may use (`nproc`).
    public static var processors: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// The CPU model from /proc/cpuinfo.
    public static var cpuModel: String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
                ?? "?"
        }
        return "?"
    }

    /// Total memory from /proc/meminfo, in GiB.
    public static var memoryGiB: Double {
        let info = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        for line in info.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
            return kb / 1024 / 1024
        }
        return 0
    }

    /// Lines describing the machine, date and command.
    public static func header() -> [String] {
        let date = ISO8601DateFormatter().string(from: Date())
        let load =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        return [
            "machine: nproc \(processors), CPU \(cpuModel), \(String(format: "%.0f", memoryGiB)) GiB, load average \(load)",
            "date: \(date)",
            "command: \(CommandLine.arguments.joined(separator: " "))",
        ]
    }
}

/// CPU time this process has used (user + system), in seconds.
public func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}
