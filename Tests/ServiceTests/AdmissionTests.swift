import Dispatch
import HTTPTestSupport
import Service
import ServiceTestSupport
import Synchronization
import Testing

/// Admission by time at the HTTP level: concurrent misses beyond the threads wait instead of being refused.
@Suite("render admission")
struct AdmissionTests {
    @Test("with one worker and default settings, 8 concurrent uncached renders all succeed")
    func concurrentMissesWait() throws {
        let fixture = try ServiceFixture { $0.workers = 1 }
        let clients = try (0..<8).map { _ in try fixture.client() }
        for (index, client) in clients.enumerated() {
            try client.send("GET /img/landscape_4.jpg?w=\(300 + index)&h=200&mode=fill&fmt=jpeg HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        let statuses = try clients.map { try $0.readResponse().status }
        #expect(statuses == Array(repeating: 200, count: 8))
        let metrics = try fixture.get("/metrics").text
        #expect(metrics.contains("imgframe_render_queue_wait_seconds_count 8") && metrics.contains("imgframe_render_queue_depth 0"))
    }

    @Test("a request refused for a full queue still gets 503 + Retry-After, and /healthz never waits")
    func fullQueue() throws {
        let fixture = try ServiceFixture {
            $0.workers = 1; $0.queueLength = 1; $0.queueTimeout = .milliseconds(200)
        }
        let clients = try (0..<6).map { _ in try fixture.client() }
        for (index, client) in clients.enumerated() {
            try client.send("GET /img/landscape_4.jpg?w=\(1500 + index)&h=1000&mode=fill&fmt=png HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        #expect(try fixture.get("/healthz").status == 200)
        let responses = try clients.map { try $0.readResponse() }
        let refused = responses.filter { $0.status == 503 }
        #expect(responses.allSatisfy { [200, 503].contains($0.status) })
        #expect(!refused.isEmpty, "\(responses.map(\.status))")
        #expect(refused.allSatisfy { $0.header("Retry-After") == "1" && $0.json["error"] != nil })
        #expect(try fixture.get("/metrics").text.contains("imgframe_render_refusals_total{reason="))
    }
}
