import Foundation
import HTTPTestSupport
import Testing

/// `imgframe serve` as a child process: start-up line, curl, SIGTERM with a render in flight.
final class ServeProcess: @unchecked Sendable {
    // @unchecked: `stderrText` is guarded by `lock`; the rest is set up before the process runs.
    let process = Process()
    private let errors = Pipe()
    let output = Pipe()
    private(set) var port = 0
    private var stderrText = ""
    private let lock = NSLock()
    /// A cache folder of its own, so tests never write into the user's cache.
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-serve-cache-\(UUID().uuidString)")

    /// - Parameter openFileLimit: runs the server with `ulimit -n` set to this (through `sh`, which
    ///   `exec`s it, so the process id is the server's).
    init(_ arguments: [String] = [], environment: [String: String] = [:], openFileLimit: Int? = nil) throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("imgframe")
        let serveArguments = ["serve", "--port", "0", "--root", samples.path, "--cache-dir", cacheFolder.path] + arguments
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", binary.path] + serveArguments
        } else {
            process.executableURL = binary
            process.arguments = serveArguments
        }
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGFRAME_") }.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.stderrText += text }
        }
        try process.run()
    }

    /// Reads the `listening on http://HOST:PORT` line.
    func waitUntilListening() throws -> String {
        var line = ""
        while !line.hasSuffix("\n") {
            let data = output.fileHandleForReading.readData(ofLength: 1)
            guard !data.isEmpty else { break }
            line += String(decoding: data, as: UTF8.self)
        }
        port = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        return line.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var log: String { lock.withLock { stderrText } }

    /// Waits (bounded) until the log contains `text`.
    func waitForLog(_ text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    func terminate() { process.terminate() }

    /// Waits (bounded) for exit; the status, or nil if it is still running.
    func waitForExit(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.interrupt()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: cacheFolder)
    }
}

@Suite("imgframe serve", .serialized)
struct ServeCommandTests {
    @Test("prints `listening on`, serves curl with the documented headers, drains on SIGTERM")
    func curl() throws {
        let server = try ServeProcess()
        let line = try server.waitUntilListening()
        #expect(line.hasPrefix("listening on http://127.0.0.1:") && server.port > 0)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sv", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/img/landscape_4.jpg?w=300&h=400&mode=fill&clip=1&interp=medium"]
        let pipe = Pipe()
        curl.standardError = pipe
        try curl.run()
        let verbose = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        for header in ["< HTTP/1.1 200 OK", "< Content-Type: image/jpeg", "< Content-Length: ", "< ETag: \"", "< Cache-Control: public, max-age=31536000, immutable",
                       "< Vary: Accept", "< Server-Timing: open;desc=", "< Date: "] {
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
