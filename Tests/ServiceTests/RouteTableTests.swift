import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("One route table")
struct RouteTableTests {
    @Test("known paths answer other methods with 405 and Allow; unknown paths are 404 whatever the method")
    func methodsAndPaths() throws {
        let fixture = try ServiceFixture { $0.playground = true }
        for (path, allow) in [
            ("/metrics", "GET, HEAD"), ("/healthz", "GET, HEAD"), ("/readyz", "GET, HEAD"), ("/", "GET, HEAD"),
            ("/playground/sources", "GET, HEAD"), ("/img/dot_green.png?w=10", "GET, HEAD, OPTIONS"),
            ("/view/none", "GET, HEAD, OPTIONS"), ("/info/dot_green.png", "GET, HEAD, OPTIONS"),
        ] {
            let response = try fixture.get(path, method: "POST", headers: ["Content-Length: 0"])
            #expect(response.status == 405 && response.header("Allow") == allow, "POST \(path)")
        }
        for method in ["GET", "POST"] {
            #expect(try fixture.get("/nowhere", method: method, headers: ["Content-Length: 0"]).status == 404)
        }
    }

    @Test("the metrics listener is a table of one route: 405 for POST /metrics, 404 elsewhere")
    func metricsListener() throws {
        let fixture = try ServiceFixture { $0.metricsListen = ListenAddress(host: "127.0.0.1", port: 0) }
        let url = try #require(fixture.service.metricsURL)
        let port = try #require(Int(url.split(separator: ":").last!))
        for (line, status) in [("POST /metrics", 405), ("POST /healthz", 404)] {
            let client = try RawClient(port: port)
            try client.send("\(line) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == status, "\(line)")
            if status == 405 { #expect(response.header("Allow") == "GET, HEAD") }
        }
    }
}
