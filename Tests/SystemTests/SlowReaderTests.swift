import Foundation
import HTTPTestSupport
import Testing

/// Clients that request a large cached image and never read it must not make the server hold a
/// copy of the body each: cache hits over the streaming threshold are sent from the cache file in
/// chunks, within the server's byte budget.
@Suite("slow readers of large cached images", .serialized)
struct SlowReaderTests {
    /// A 3000×2250 PNG of a photo: about 14 MB encoded.
    static let target = "/img/landscape_4.jpg?w=3000&h=2250&mode=fill&fmt=png"
    static let readers = 40

    /// Lines in the log for cache hits of `target`.
    static func hits(_ server: ServeProcess) -> Int {
        server.log.components(separatedBy: "\n").filter { $0.contains("GET \(target) 200") && $0.contains("cache=HIT") }.count
    }

    @Test("40 readers that never read a 14 MB cached PNG leave RSS far below 40 copies; others get the exact body")
    func slowReadersStayBounded() throws {
        raiseOpenFileLimit()
        let server = try ServeProcess([], environment: ["MALLOC_ARENA_MAX": "2"])
        _ = try server.waitUntilListening()
        func fetch() throws -> RawClient.Response {
            let client = try RawClient(port: server.port, timeout: 60)
            try client.send("GET \(Self.target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        let rendered = try fetch()
        #expect(rendered.status == 200 && rendered.header("X-Cache") == "MISS" && rendered.body.count > 8_000_000)
        let cached = try fetch()
        #expect(cached.header("X-Cache") == "HIT" && cached.body == rendered.body)
        #expect(cached.header("Content-Length") == String(rendered.body.count))
        let pid = server.process.processIdentifier
        let baseline = HostileInputTests.memory(pid)

        var stalled: [RawClient] = []
        for _ in 0..<Self.readers {
            let client = try RawClient(port: server.port, timeout: 30)
            var size = Int32(4096)
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            try client.send("GET \(Self.target) HTTP/1.1\r\nHost: t\r\n\r\n")
            stalled.append(client)
        }
        // Every stalled request has been answered (its hit logged) and is being written.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, Self.hits(server) < Self.readers + 1 { usleep(20_000) }
        #expect(Self.hits(server) >= Self.readers + 1)
        var peak = 0
        for _ in 0..<10 {
            peak = max(peak, HostileInputTests.memory(pid))
            usleep(50_000)
        }
        // Holding each body would be readers × 14 MB ≈ 560 MB; streaming holds at most the budget.
        print("slow readers: RSS \(baseline) kB before, peak \(peak) kB with \(Self.readers) stalled readers of \(rendered.body.count) bytes")
        #expect(peak < baseline + 120_000, "RSS grew from \(baseline) kB to \(peak) kB")

        // A normal client is still served the whole, exact body while the others stall.
        let other = try fetch()
        #expect(other.status == 200 && other.header("X-Cache") == "HIT" && other.body == rendered.body)
        stalled.removeAll()
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}
