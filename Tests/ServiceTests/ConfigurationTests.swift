import Foundation
import Service
import Testing

@Suite("configuration")
struct ConfigurationTests {
    static let exampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/imgframe.conf")
        .standardizedFileURL.path

    @Test("the example file parses and states the defaults")
    func exampleFile() throws {
        let fromFile = try ConfigurationLoader.load(file: Self.exampleFile, environment: [:], flags: [])
        let defaults = ServiceConfiguration()
        #expect(fromFile.server.host == "127.0.0.1" && fromFile.server.port == 8080 && fromFile.root == "Samples")
        #expect(fromFile.server.headerTimeout == defaults.server.headerTimeout && fromFile.server.maxHeaderBytes == defaults.server.maxHeaderBytes)
        #expect(fromFile.drainTimeout == defaults.drainTimeout && fromFile.cacheControl == defaults.cacheControl)
        #expect(fromFile.server.maxConnections == defaults.server.maxConnections)
        #expect(fromFile.server.maxConnectionsPerClient == defaults.server.maxConnectionsPerClient)
        #expect(
            fromFile.workers == defaults.workers && fromFile.queueLength == defaults.queueLength && fromFile.queueTimeout == defaults.queueTimeout)
    }

    @Test("the example file documents every key")
    func documented() throws {
        let text = try String(contentsOfFile: Self.exampleFile, encoding: .utf8)
        for key in ServiceConfiguration.keys {
            #expect(text.contains("\n\(key) =") || text.contains("\n# \(key) ="), "\(key) is not in config/imgframe.conf")
        }
    }

    @Test("environment overrides the file, flags override the environment")
    func layering() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-\(UUID().uuidString).conf")
        try "port = 9000\nhost = ::1   # comment\nlimits.header_timeout = 5s\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let config = try ConfigurationLoader.load(
            file: file.path, environment: ["IMGFRAME_PORT": "9001", "IMGFRAME_FORMATS_AVIF": "false", "PATH": "/bin"],
            flags: [("port", "9002"), ("root", "/srv/images")])
        #expect(config.server.port == 9002 && config.server.host == "::1" && config.root == "/srv/images")
        #expect(config.server.headerTimeout == .seconds(5) && !config.avif)
    }

    @Test(
        "invalid values stop start-up with key, value, origin and reason",
        arguments: [
            ([("port", "80000")], [String: String](), "`port` = `80000` (from --port): must be a whole number from 0 to 65535"),
            (
                [], ["IMGFRAME_LIMITS_HEADER_TIMEOUT": "soon"],
                "`limits.header_timeout` = `soon` (from IMGFRAME_LIMITS_HEADER_TIMEOUT): must be a duration"
            ),
            ([], ["IMGFRAME_FORMATS_WEBP": "maybe"], "must be true or false"),
            ([], ["IMGFRAME_PROT": "1"], "unknown key `IMGFRAME_PROT`"),
            ([("log_level", "loud")], [:], "must be one of trace, debug, info"),
            ([("limits.body_bytes", "1XB")], [:], "must be a byte count"),
            ([("queue_timeout", "5ms")], [:], "`queue_timeout` = `5ms` (from --queue-timeout): must be at least 10ms"),
        ])
    func invalid(_ flags: [(String, String)], _ environment: [String: String], _ message: String) {
        do {
            _ = try ConfigurationLoader.load(file: nil, environment: environment, flags: flags)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("malformed and unknown lines in a file name the file and line")
    func fileErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: file) }
        try "# fine\nport 9000\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: file.path, environment: [:], flags: []) }
        try "colour = blue\n".write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try ConfigurationLoader.load(file: file.path, environment: [:], flags: [])
        } catch {
            #expect(error.description.contains("unknown key `colour`") && error.description.contains("line 1"))
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: "/nonexistent.conf", environment: [:], flags: []) }
    }
}
