import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

/// Liveness and readiness probes against a server whose every connection slot is taken by clients
/// that connect and send nothing (the cheapest way to fill a server).
@Suite("health probes at the connection limit")
struct ProbeReserveTests {
    static let limit = 16

    /// A service with a small connection limit, `/metrics` on a listener of its own (so the open
    /// connection count can be read while the public port is full), and `limit` idle clients.
    static func fullService() throws -> (ServiceFixture, [RawClient]) {
        let fixture = try ServiceFixture {
            $0.server.maxConnections = limit
            $0.metricsListen = ListenAddress(host: "127.0.0.1", port: 0)
        }
        let idle = try (0..<limit).map { _ in try fixture.client() }
        let metricsURL = try #require(fixture.service.metricsURL)
        let full = try fixture.waitUntil {
            try MetricsListenerTests.get(metricsURL, "/metrics").text.contains("imgframe_http_connections \(limit)\n")
        }
        try #require(full, "the \(limit) idle clients hold every connection slot")
        return (fixture, idle)
    }

    @Test("with every slot held by an idle client, /healthz and /readyz still answer 200 and close")
    func probesAnswerWhenFull() throws {
        let (fixture, idle) = try Self.fullService()
        for path in ["/healthz", "/readyz"] {
            let client = try RawClient(port: fixture.service.port, timeout: 5)
            try client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200, "\(path) → \(response.status) \(response.text)")
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
        let head = try RawClient(port: fixture.service.port, timeout: 5)
        try head.send("HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try head.readResponse(head: true).status == 200)
        withExtendedLifetime(idle) {}
    }

    @Test(
        "beyond the limit, any other request is answered 503 + Retry-After and closed",
        arguments: [
            "GET /img/dot_green.png?w=10 HTTP/1.1", "POST /healthz HTTP/1.1\r\nContent-Length: 0", "GET /healthz/x HTTP/1.1", "GET /metrics HTTP/1.1",
        ])
    func othersRefused(line: String) throws {
        let (fixture, idle) = try Self.fullService()
        let client = try RawClient(port: fixture.service.port, timeout: 5)
        try client.send("\(line)\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 503 && response.header("Retry-After") == "1")
        #expect(client.isClosedByServer())
        withExtendedLifetime(idle) {}
    }

    @Test("beyond the limit, a client that sends nothing is answered 503 and closed")
    func silentRefused() throws {
        let (fixture, idle) = try Self.fullService()
        let client = try RawClient(port: fixture.service.port, timeout: 10)
        let response = try client.readResponse()
        #expect(response.status == 503 && response.header("Retry-After") == "1")
        withExtendedLifetime(idle) {}
    }

    @Test("with health.listen, probes are answered there while the public port and its probe reserve are full")
    func ownHealthListener() throws {
        let fixture = try ServiceFixture {
            $0.server.maxConnections = Self.limit
            $0.healthListen = ListenAddress(host: "127.0.0.1", port: 0)
        }
        // The pool and every probe slot held by clients that send nothing.
        let idle = try (0..<(Self.limit + fixture.service.configuration.server.probeConnections)).map { _ in try fixture.client() }
        let healthURL = try #require(fixture.service.healthURL)
        for _ in 0..<20 {
            #expect(try MetricsListenerTests.get(healthURL, "/healthz").status == 200)
        }
        let ready = try MetricsListenerTests.get(healthURL, "/readyz")
        #expect(ready.status == 200 && ready.text.contains("\"status\":\"ready\""))
        #expect(try MetricsListenerTests.get(healthURL, "/img/dot_green.png?w=10").status == 404)
        withExtendedLifetime(idle) {}
    }
}
