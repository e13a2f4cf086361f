import Foundation
import HTTPTestSupport
import Testing

/// `imgframe render` builds its renderer from the same configuration as `serve`, so a limit set in
/// the config file refuses the same request in both, with the same reason.
@Suite("imgframe render reads the configuration serve reads")
struct ConfiguredRenderTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL

    @Test("limits.output_side from the config file refuses the same output in render and serve")
    func outputSide() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-configured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("imgframe.conf")
        try "limits.output_side = 100\n".write(to: config, atomically: true, encoding: .utf8)
        let reason = "120×90 pixels, the longest side allowed is 100"
        let source = Self.samples.appendingPathComponent("landscape_4.jpg").path

        let refused = try runImageFrame([
            "render", source, "--query", "w=120&h=90", "--config", config.path, "-o", folder.appendingPathComponent("big.png").path,
        ])
        #expect(refused.status == 1 && refused.stderr.contains(reason), "\(refused.status): \(refused.stderr)")
        let within = try runImageFrame([
            "render", source, "--query", "w=100&h=75", "--config", config.path, "-o", folder.appendingPathComponent("small.png").path,
        ])
        #expect(within.status == 0 && within.stdout.contains("100×75 png"), "\(within.stderr)")
        let unconfigured = try runImageFrame(["render", source, "--query", "w=120&h=90", "-o", folder.appendingPathComponent("default.png").path])
        #expect(unconfigured.status == 0 && unconfigured.stdout.contains("120×90 png"), "\(unconfigured.stderr)")

        let server = try ServeProcess(["--config", config.path])
        _ = try server.waitUntilListening()
        defer { server.terminate() }
        for (query, status) in [("w=120&h=90", 400), ("w=100&h=75", 200)] {
            let client = try RawClient(port: server.port)
            try client.send("GET /img/landscape_4.jpg?\(query)&fmt=png HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == status, "\(query): \(response.text)")
            if status == 400 { #expect(response.text.contains(reason), "\(response.text)") }
        }
    }

    @Test("imgframe config prints every key with its default, as config-file lines")
    func configDefaults() throws {
        let result = try runImageFrame(["config"])
        #expect(result.status == 0)
        for line in [
            "limits.output_side = 8192", "limits.header_timeout = 10s", "limits.response_buffer = 64MiB", "io_workers = 16", "origin_fetches = 8",
            "# signing.keys =",
        ] {
            #expect(result.stdout.contains("\n" + line + "\n"), "missing `\(line)`")
        }
    }
}
