import CheckedConversion
import Layout
import Synchronization

/// Counters, gauges and histograms with labels, rendered in the Prometheus text format (version
/// 0.0.4) for `/metrics`. Small on purpose: the service's metrics are few and fixed.
public final class MetricsRegistry: Sendable {
    /// Upper bounds (seconds) of the latency histograms' buckets.
    public static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Observations (seconds) counted into `latencyBuckets`, with their sum and count.
    public struct Histogram: Sendable {
        var buckets = Array(repeating: 0, count: MetricsRegistry.latencyBuckets.count)
        var sum = 0.0
        /// Observations recorded.
        public private(set) var count = 0

        public init() {}

        public mutating func record(_ seconds: Double) {
            for (i, bound) in MetricsRegistry.latencyBuckets.enumerated() where seconds <= bound { buckets[i] += 1 }
            sum += seconds
            count += 1
        }
    }

    private struct Family {
        let help: String
        let type: String
        var values: [String: Double] = [:]
        var histograms: [String: Histogram] = [:]
    }

    private let families = Mutex<[String: Family]>([:])
    private let order = Mutex<[String]>([])

    public init() {}

    private func declare(_ name: String, help: String, type: String) {
        families.withLock { families in
            guard families[name] == nil else { return }
            declare(name, help: help, type: type, in: &families)
        }
    }

    private func declare(_ name: String, help: String, type: String, in families: inout [String: Family]) {
        families[name] = Family(help: help, type: type)
        order.withLock { $0.append(name) }
    }

    /// Adds `value` to a counter.
    public func increment(_ name: String, help: String, labels: [(String, String)] = [], by value: Double = 1) {
        declare(name, help: help, type: "counter")
        let key = Self.labelText(labels)
        families.withLock { $0[name]!.values[key, default: 0] += value }
    }

    /// Sets a gauge (or a counter read from elsewhere, with `type: "counter"`).
    public func set(_ name: String, help: String, type: String = "gauge", labels: [(String, String)] = [], to value: Double) {
        declare(name, help: help, type: type)
        families.withLock { $0[name]!.values[Self.labelText(labels)] = value }
    }

    /// Sets a histogram kept elsewhere (read when the exposition is asked for).
    public func set(_ name: String, help: String, labels: [(String, String)] = [], histogram: Histogram) {
        declare(name, help: help, type: "histogram")
        families.withLock { $0[name]!.histograms[Self.labelText(labels)] = histogram }
    }

    /// Records one observation (seconds) in a histogram.
    public func observe(_ name: String, help: String, labels: [(String, String)] = [], seconds: Double) {
        declare(name, help: help, type: "histogram")
        let key = Self.labelText(labels)
        families.withLock { families in
            // Updated in place: copying the histogram out and back would copy its buckets each time.
            families[name]!.histograms[key, default: Histogram()].record(seconds)
        }
    }

    /// The exposition text.
    public func render() -> String {
        let names = order.withLock { $0 }
        return families.withLock { families in
            var out = ""
            for name in names {
                guard let family = families[name] else { continue }
                out += "# HELP \(name) \(family.help)\n# TYPE \(name) \(family.type)\n"
                for (labels, value) in family.values.sorted(by: { $0.key < $1.key }) {
                    out += "\(name)\(labels.isEmpty ? "" : "{\(labels)}") \(Self.number(value))\n"
                }
                for (labels, histogram) in family.histograms.sorted(by: { $0.key < $1.key }) {
                    let prefix = labels.isEmpty ? "" : labels + ","
                    for (i, bound) in Self.latencyBuckets.enumerated() {
                        out += "\(name)_bucket{\(prefix)le=\"\(Self.number(bound))\"} \(histogram.buckets[i])\n"
                    }
                    out += "\(name)_bucket{\(prefix)le=\"+Inf\"} \(histogram.count)\n"
                    let suffix = labels.isEmpty ? "" : "{\(labels)}"
                    out += "\(name)_sum\(suffix) \(Self.number(histogram.sum))\n\(name)_count\(suffix) \(histogram.count)\n"
                }
            }
            return out
        }
    }

    /// `a="x",b="y"` with values escaped as the format requires.
    static func labelText(_ labels: [(String, String)]) -> String {
        labels.map { key, value in
            let needsEscaping = value.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") }
            guard needsEscaping else { return "\(key)=\"\(value)\"" }
            let escaped = value.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"").replacingOccurrences("\n", "\\n")
            return "\(key)=\"\(escaped)\""
        }.joined(separator: ",")
    }

    static func number(_ value: Double) -> String {
        value.compactText
    }
}

private extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
