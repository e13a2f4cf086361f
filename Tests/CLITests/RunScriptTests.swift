import Foundation
import HTTPTestSupport
import Testing

/// `scripts/run`, the README's first command, run with the test build (`SERVE_BINARY`): the links
/// it prints name the port the server really listens on, and a config file's `root` wins over the
/// bundled samples.
@Suite("scripts/run", .serialized)
struct RunScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// `scripts/run ARGUMENTS` as a child process; its process id is the server's (the script `exec`s it).
    final class RunScript {
        let process = Process()
        let output = Pipe()

        init(_ arguments: [String]) throws {
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("imgframe")
            process.executableURL = RunScriptTests.repository.appendingPathComponent("scripts/run")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGFRAME_") }.merging(["SERVE_BINARY": binary.path])
            { $1 }
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The lines printed up to and including the one that starts with `prefix` (all of them if none does).
        func lines(through prefix: String) -> [String] {
            var lines: [String] = []
            var line = ""
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { return lines }
                if byte.first == UInt8(ascii: "\n") {
                    lines.append(line)
                    if line.hasPrefix(prefix) { return lines }
                    line = ""
                } else {
                    line += String(decoding: byte, as: UTF8.self)
                }
            }
        }

        deinit {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// The port of `http://127.0.0.1:PORT/…` in `line`.
    static func port(in line: String) -> Int? {
        guard let range = line.range(of: "http://127.0.0.1:") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    static func status(_ port: Int, _ target: String) throws -> Int {
        let client = try RawClient(port: port)
        try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try client.readResponse().status
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the links name the port the server listens on, and the samples are served")
    func linksNameTheRealPort() throws {
        let cache = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try RunScript(["--port", "0", "--cache-dir", cache.path])
        let lines = run.lines(through: "  http://")
        let listening = try #require(lines.first { $0.hasPrefix("listening on ") })
        let port = try #require(Self.port(in: listening))
        #expect(port != 8080)
        #expect(lines.contains("Playground: http://127.0.0.1:\(port)/"))
        #expect(lines.contains("Try:"))
        let example = try #require(lines.last)
        #expect(Self.port(in: example) == port, "\(lines)")
        #expect(try Self.status(port, "/img/landscape_4.jpg?w=30") == 200)
    }

    @Test("a config file's `root` and `templates` win over the samples, and the sample links are left out")
    func configFileRootWins() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Samples/dot_green.png"), to: root.appendingPathComponent("only-here.png"))
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "import SwiftUI\n\nstruct Badge: View {\n    var body: some View { Color.red.frame(width: 4, height: 4) }\n}\n"
            .write(to: templates.appendingPathComponent("Badge.swift"), atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("imgframe.conf")
        try "root = \(root.path)\ntemplates = \(templates.path)\ncache_dir = \(folder.appendingPathComponent("cache").path)\nport = 0\n"
            .write(to: config, atomically: true, encoding: .utf8)

        let run = try RunScript(["--config", config.path])
        let lines = run.lines(through: "Playground: ")
        let port = try #require(lines.last.flatMap(Self.port(in:)))
        #expect(try Self.status(port, "/img/only-here.png") == 200)
        #expect(try Self.status(port, "/img/landscape_4.jpg") == 404)
        #expect(try Self.status(port, "/view/Badge") == 200)
        #expect(try Self.status(port, "/view/og-card") == 404)
        run.process.terminate()
        #expect(!run.lines(through: "\u{0}").contains("Try:"))
    }
}
