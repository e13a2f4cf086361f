import Foundation
import HTTP1
import HTTPTestSupport
import Testing

/// The per-client connection limit and the probe reserve on a real server over loopback: clients
/// told apart by their source address (127.0.0.1 and 127.0.1.2, of two /24 networks, are both loopback on Linux).
@Suite("connection limits per client and the probe reserve")
struct ConnectionLimitTests {
    /// Waits (bounded) until the server holds `count` connections.
    static func waitForConnections(_ server: TestServer, _ count: Int) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if server.server.connectionCount == count { return true }
            usleep(5_000)
        }
        return false
    }

    @Test("the client's N+1-th connection is refused 503; another address still gets in; a close frees a place")
    func perClient() throws {
        let server = try TestServer { $0.maxConnectionsPerClient = 4 }
        let held = try (0..<4).map { _ in try server.client() }
        #expect(Self.waitForConnections(server, 4))
        let extra = try server.client()
        let refused = try extra.readResponse()
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        #expect(extra.isClosedByServer())

        let other = try RawClient(port: server.port, from: "127.0.1.2")
        try other.send(get("/echo/other"))
        #expect(try other.readResponse().text == "GET /echo/other")

        held[0].closeNow()
        #expect(Self.waitForConnections(server, 4))
        let again = try server.client()
        try again.send(get("/echo/again"))
        #expect(try again.readResponse().text == "GET /echo/again")
        withExtendedLifetime(held) {}
    }

    @Test("pool full of idle clients: a probe path is answered; the oldest silent reserve connection makes room")
    func probeReserve() throws {
        let server = try TestServer {
            $0.maxConnections = 4
            $0.probePaths = ["/echo/probe"]
            $0.probeConnections = 2
            $0.probeHeaderTimeout = .seconds(60)  // so any 503 below comes from an eviction
        }
        let held = try (0..<4).map { _ in try server.client() }
        #expect(Self.waitForConnections(server, 4))

        let probe = try server.client(timeout: 5)
        try probe.send(get("/echo/probe"))
        let answer = try probe.readResponse()
        #expect(answer.text == "GET /echo/probe" && answer.header("Connection") == "close")

        let other = try server.client(timeout: 5)
        try other.send(get("/echo/other"))
        #expect(try other.readResponse().status == 503)
        // Both close, so their lingering closes end now rather than after the linger timeout.
        probe.closeNow()
        other.closeNow()
        #expect(Self.waitForConnections(server, 4))

        let silent = try (0..<2).map { _ in try server.client(timeout: 5) }
        #expect(Self.waitForConnections(server, 6))
        let newcomer = try server.client(timeout: 5)
        let evicted = try silent[0].readResponse()
        #expect(evicted.status == 503 && evicted.header("Retry-After") == "1")
        try newcomer.send(get("/echo/probe"))
        #expect(try newcomer.readResponse().status == 200)
        withExtendedLifetime((held, silent)) {}
    }
}
