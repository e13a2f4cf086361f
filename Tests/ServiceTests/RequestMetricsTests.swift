import HTTPTestSupport
import ServiceTestSupport
import Testing

/// Every answer is counted, with its latency, under the label of the route that took it (the route
/// table's own 404 under `other`), in the Prometheus families `/metrics` shows.
@Suite("request metrics")
struct RequestMetricsTests {
    @Test("requests and their latency by route and status")
    func countedByRoute() throws {
        let fixture = try ServiceFixture()
        for _ in 0..<2 { #expect(try fixture.get("/img/dot_green.png?w=8&fmt=png").status == 200) }
        #expect(try fixture.get("/healthz").status == 200)
        #expect(try fixture.get("/nowhere").status == 404)
        #expect(try fixture.get("/img/dot_green.png?mode=fil").status == 400)
        let lines = Set(try fixture.get("/metrics").text.split(separator: "\n").map(String.init))
        for expected in [
            "# TYPE imgframe_http_requests_total counter",
            "# TYPE imgframe_http_request_duration_seconds histogram",
            "imgframe_http_requests_total{route=\"img\",status=\"200\"} 2",
            "imgframe_http_requests_total{route=\"img\",status=\"400\"} 1",
            "imgframe_http_requests_total{route=\"healthz\",status=\"200\"} 1",
            "imgframe_http_requests_total{route=\"other\",status=\"404\"} 1",
            "imgframe_http_request_duration_seconds_count{route=\"img\",status=\"200\"} 2",
            "imgframe_http_request_duration_seconds_bucket{route=\"img\",status=\"200\",le=\"+Inf\"} 2",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
    }
}
