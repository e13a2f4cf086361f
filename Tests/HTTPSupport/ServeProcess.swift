import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// `imgframe serve` as a child process (the built binary, a sibling of the test runner): its
/// start-up line, its log, SIGTERM, exit.
public final class ServeProcess: @unchecked Sendable {
    // @unchecked: `stderrText` is guarded by `lock`; the rest is set up before the process runs.
    public let process = Process()
    private let errors = Pipe()
    public let output = Pipe()
    public private(set) var port = 0
    private var stderrText = ""
    private let lock = NSLock()
    /// A cache folder of its own, so tests never write into the user's cache.
    public let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-serve-cache-\(UUID().uuidString)")

    /// - Parameter openFileLimit: runs the server with `ulimit -n` set to this (through `sh`, which
    ///   `exec`s it, so the process id is the server's).
    public init(_ arguments: [String] = [], environment: [String: String] = [:], openFileLimit: Int? = nil) throws {
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
    public func waitUntilListening() throws -> String {
        var line = ""
        while !line.hasSuffix("\n") {
            let data = output.fileHandleForReading.readData(ofLength: 1)
            guard !data.isEmpty else { break }
            line += String(decoding: data, as: UTF8.self)
        }
        port = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        return line.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public var log: String { lock.withLock { stderrText } }

    /// Waits (bounded) until the log contains `text`.
    public func waitForLog(_ text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    public func terminate() { process.terminate() }

    /// Waits (bounded) for exit; the status, or nil if it is still running.
    public func waitForExit(seconds: Double = 20) -> Int32? {
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
