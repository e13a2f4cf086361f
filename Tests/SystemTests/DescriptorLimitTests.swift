import Foundation
import HTTPTestSupport
import Testing

/// `imgframe serve` with fewer descriptors than its connection limit: once they run out, waiting
/// clients get a 503 instead of hanging, accepting does not spin, and service resumes as soon as
/// descriptors free up.
@Suite("serve out of file descriptors", .serialized)
struct DescriptorLimitTests {
    /// CPU seconds (user + system) the process has used, from /proc/PID/stat.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name start at field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test("ulimit -n 128 with 200 idle clients: a new client gets 503, CPU stays low, /healthz answers once they go")
    func outOfDescriptors() throws {
        raiseOpenFileLimit()
        let server = try ServeProcess([], openFileLimit: 128)
        _ = try server.waitUntilListening()
        let pid = server.process.processIdentifier
        func health(timeout: Double) -> Int? {
            guard let client = try? RawClient(port: server.port, timeout: timeout) else { return nil }
            guard (try? client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")) != nil else { return nil }
            return try? client.readResponse().status
        }
        #expect(health(timeout: 10) == 200)

        // More idle connections than the process has descriptors: the kernel queues the rest.
        var idle: [RawClient] = []
        for _ in 0..<200 {
            guard let client = try? RawClient(port: server.port, timeout: 5) else { break }
            idle.append(client)
        }
        #expect(idle.count == 200)
        // While they stay, the server sits still rather than retrying accept in a loop.
        let cpuBefore = Self.cpuSeconds(pid)
        for _ in 0..<10 { usleep(100_000) }
        let cpuUsed = Self.cpuSeconds(pid) - cpuBefore
        print("out of descriptors: \(cpuUsed) CPU-s used over the wait")
        #expect(cpuUsed < 0.3, "the server used \(cpuUsed) CPU-s in 1 s while out of descriptors")

        // A new client is answered (503 + Retry-After while descriptors are out), not left hanging.
        let client = try RawClient(port: server.port, timeout: 5)
        try client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 503 || response.status == 200)
        if response.status == 503 { #expect(response.header("Retry-After") == "1") }

        // Once the idle clients go, their descriptors free up and /healthz is served again.
        idle.removeAll()
        var healthy = false
        for _ in 0..<100 where !healthy {
            healthy = health(timeout: 2) == 200
            if !healthy { usleep(100_000) }
        }
        #expect(healthy)
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}
