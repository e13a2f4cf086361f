import Foundation
import HTTPTestSupport
import Testing

/// `imgframe serve` as a child process: start-up line, curl, SIGTERM with a render in flight.
@Suite("imgframe serve", .serialized)
struct ServeCommandTests {
    @Test("prints `listening on`, serves curl with the documented headers, drains on SIGTERM")
    func curl() throws {
        let server = try ServeProcess()
        let line = try server.waitUntilListening()
        #expect(line.hasPrefix("listening on http://127.0.0.1:") && server.port > 0)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-sv", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/img/landscape_4.jpg?w=300&h=400&mode=fill&clip=1&interp=medium",
        ]
        let pipe = Pipe()
        curl.standardError = pipe
        try curl.run()
        let verbose = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        for header in [
            "< HTTP/1.1 200 OK", "< Content-Type: image/jpeg", "< Content-Length: ", "< ETag: \"",
            "< Cache-Control: public, max-age=31536000, immutable",
            "< Vary: Accept", "< Server-Timing: open;desc=", "< Date: ",
        ] {
            #expect(verbose.contains(header), "missing \(header) in\n\(verbose)")
        }
        #expect(server.waitForLog("GET /img/landscape_4.jpg?w=300&h=400&mode=fill&clip=1&interp=medium 200"))
        server.terminate()
        #expect(server.waitForExit() == 0)
    }

    @Test("SIGTERM while a render is in flight: that response completes, then exit 0")
    func drainInFlight() throws {
        let server = try ServeProcess(["--log-level", "debug"])
        _ = try server.waitUntilListening()
        let client = try RawClient(port: server.port, timeout: 60)
        try client.send("GET /img/landscape_4.jpg?w=3000&h=2250&mode=fill&fmt=png HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(server.waitForLog("render started"))
        server.terminate()
        let response = try client.readResponse()
        #expect(response.status == 200 && response.header("Connection") == "close")
        #expect(response.body.count == Int(response.header("Content-Length") ?? "") && Array(response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(server.waitForExit() == 0)
        #expect((try? RawClient(port: server.port)) == nil)
    }

    @Test("an invalid setting stops start-up with the key, value and reason")
    func invalidConfiguration() throws {
        let result = try runImageFrame(["serve", "--port", "99999"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("`port` = `99999` (from --port): must be a whole number from 0 to 65535"))
        let environment = try ServeProcess([], environment: ["IMGFRAME_LIMITS_IDLE_TIMEOUT": "forever"])
        #expect(environment.waitForExit() == 78)
        // The stderr reader may still be catching up after the exit: wait (bounded) for the line.
        #expect(environment.waitForLog("`limits.idle_timeout` = `forever` (from IMGFRAME_LIMITS_IDLE_TIMEOUT)", seconds: 5))
    }
}

@Suite("imgframe serve --help")
struct ServeHelpTests {
    @Test("lists every route the server answers")
    func listsEveryRoute() throws {
        let result = try runImageFrame(["serve", "--help"])
        #expect(result.status == 0)
        for route in ["/img/{path}", "/view/{template}", "/info/{path}", "/healthz", "/readyz", "/metrics", "/playground/", "/admin/purge"] {
            #expect(result.stdout.contains(route), "missing \(route) in\n\(result.stdout)")
        }
    }
}

@Suite("imgframe cache")
struct CacheCommandTests {
    @Test("stats counts what serve cached; clear empties it")
    func statsAndClear() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-cli-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(["--cache-dir", folder.path])
        _ = try server.waitUntilListening()
        for width in [20, 30] {
            let client = try RawClient(port: server.port)
            try client.send("GET /img/dot_green.png?w=\(width)&fmt=png HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().header("X-Cache") == "MISS")
        }
        server.terminate()
        #expect(server.waitForExit() == 0)
        let stats = try runImageFrame(["cache", "stats", "--cache-dir", folder.path])
        #expect(stats.status == 0 && stats.stdout.contains(": 2 entries,"), "\(stats.stdout)")
        let clear = try runImageFrame(["cache", "clear", "--cache-dir", folder.path])
        #expect(clear.stdout.contains("removed 2 entries"))
        #expect(try runImageFrame(["cache", "stats", "--cache-dir", folder.path]).stdout.contains(": 0 entries, 0 bytes"))
    }
}
