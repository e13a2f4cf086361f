import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("/metrics placement")
struct MetricsListenerTests {
    static func get(_ url: String, _ path: String) throws -> RawClient.Response {
        let port = try #require(Int(url.split(separator: ":").last!))
        let client = try RawClient(port: port)
        try client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
        return try client.readResponse()
    }

    @Test("with metrics.listen, /metrics is served there alone and not on the public port")
    func ownListener() throws {
        let fixture = try ServiceFixture { $0.metricsListen = ListenAddress(host: "127.0.0.1", port: 0) }
        let metricsURL = try #require(fixture.service.metricsURL)
        let metrics = try Self.get(metricsURL, "/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("imgframe_cache_hits"))
        #expect(try Self.get(metricsURL, "/healthz").status == 404)
        #expect(try Self.get(metricsURL, "/img/dot_green.png?w=10").status == 404)
        #expect(try fixture.get("/metrics").status == 404)
        #expect(try fixture.get("/img/dot_green.png?w=10").status == 200)
    }

    @Test("with signing on and no metrics.listen, the public port does not serve /metrics")
    func signedPublicPort() throws {
        let signed = try ServiceFixture { $0.signingKeys = ["k"] }
        #expect(signed.service.metricsURL == nil)
        #expect(try signed.get("/metrics").status == 404)
        let open = try ServiceFixture()
        #expect(try open.get("/metrics").status == 200)
    }

    @Test("metrics.listen accepts HOST:PORT, [v6]:PORT and :PORT, and names the form on a bad value")
    func listenSetting() throws {
        var configuration = ServiceConfiguration()
        for (value, expected) in [
            ("127.0.0.1:9090", ListenAddress(host: "127.0.0.1", port: 9090)),
            ("[::1]:9091", ListenAddress(host: "::1", port: 9091)), (":9092", ListenAddress(host: "0.0.0.0", port: 9092)),
        ] {
            configuration = try ConfigurationLoader.load(file: nil, environment: ["IMGFRAME_METRICS_LISTEN": value], flags: [])
            #expect(configuration.metricsListen == expected)
        }
        for bad in ["9090", "localhost:http", "[::1:9090", "host:70000"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try ConfigurationLoader.load(file: nil, environment: ["IMGFRAME_METRICS_LISTEN": bad], flags: [])
            }
        }
    }
}
