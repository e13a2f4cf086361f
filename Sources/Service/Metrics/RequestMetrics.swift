import Synchronization

/// Requests answered and their latency, by route and status: recorded by every event loop for
/// every request, so kept by small keys (no label text is built and no metric is looked up by name
/// per request) and copied into the registry when `/metrics` is read.
final class RequestMetrics: Sendable {
    private struct Key: Hashable {
        let route: RouteLabel
        let status: Int
    }

    private let tallies = Mutex<[Key: MetricsRegistry.Histogram]>([:])

    func record(route: RouteLabel, status: Int, seconds: Double) {
        tallies.withLock { $0[Key(route: route, status: status), default: MetricsRegistry.Histogram()].record(seconds) }
    }

    /// Writes `imgframe_http_requests_total` and `imgframe_http_request_duration_seconds` into `registry`.
    func publish(to registry: MetricsRegistry) {
        let now = tallies.withLock { $0 }
        for (key, histogram) in now {
            let labels = [("route", key.route.rawValue), ("status", String(key.status))]
            registry.set(
                "imgframe_http_requests_total", help: "Requests answered (http.server.request.count).", type: "counter", labels: labels,
                to: Double(histogram.count))
            registry.set(
                "imgframe_http_request_duration_seconds", help: "Time to answer a request (http.server.request.duration).", labels: labels,
                histogram: histogram)
        }
    }
}
