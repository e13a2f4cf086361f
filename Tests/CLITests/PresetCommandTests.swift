import Foundation
import HTTPTestSupport
import Testing

/// Presets through the binary: `serve` stops on a bad one, `render` and `plan` expand `preset=` from
/// the configuration they read, and a URL `imgframe sign` prints with `preset=` verifies on `serve`.
@Suite("imgframe with presets")
struct PresetCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
    static let key = "preset-command-suite-key-of-32-bytes"

    @Test("a bad preset stops serve with 78, naming the preset")
    func badPreset() throws {
        let server = try ServeProcess([], environment: ["IMGFRAME_PRESETS": "thumb: w=300&h=300&mode=fill; broken: blur=999"])
        #expect(server.waitForExit() == 78)
        // The stderr reader may still be catching up after the exit: wait (bounded) for the line.
        #expect(
            server.waitForLog(
                "`presets` = `thumb: w=300&h=300&mode=fill; broken: blur=999` (from IMGFRAME_PRESETS): preset `broken`: `blur` must be", seconds: 5),
            "\(server.log)")
    }

    @Test("render and plan expand preset= from the configuration, explicit parameters winning")
    func renderAndPlan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("imgframe.conf")
        try "presets = thumb: w=30&h=30&mode=fill; wide: w=60\n".write(to: config, atomically: true, encoding: .utf8)
        let source = Self.samples.appendingPathComponent("landscape_4.jpg").path

        let thumb = try runImageFrame([
            "render", source, "--query", "preset=thumb", "--config", config.path, "-o", folder.appendingPathComponent("t.png").path,
        ])
        #expect(thumb.status == 0 && thumb.stdout.contains("30×30 png"), "\(thumb.stderr)")
        let wider = try runImageFrame([
            "render", source, "--query", "preset=thumb:wide&h=20", "--config", config.path, "-o", folder.appendingPathComponent("w.png").path,
        ])
        #expect(wider.status == 0 && wider.stdout.contains("60×20 png"), "\(wider.stderr)")
        let unknown = try runImageFrame([
            "render", source, "--query", "preset=thum", "--config", config.path, "-o", folder.appendingPathComponent("u.png").path,
        ])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean `thumb`"), "\(unknown.stderr)")

        let planned = try runImageFrame(["plan", source, "--query", "preset=thumb", "--config", config.path])
        let spelled = try runImageFrame(["plan", source, "--query", "w=30&h=30&mode=fill"])
        #expect(planned.status == 0 && planned.stdout == spelled.stdout, "\(planned.stderr)")
    }

    @Test("imgframe sign signs preset= as written, and serve answers the signed URL")
    func signedPreset() throws {
        let server = try ServeProcess(
            [],
            environment: [
                "IMGFRAME_SIGNING_KEYS": Self.key, "IMGFRAME_PRESETS": "thumb: w=30&h=30&mode=fill&fmt=png", "IMGFRAME_PRESETS_ONLY": "true",
            ])
        _ = try server.waitUntilListening()
        defer { server.terminate() }
        let signed = try runImageFrame(["sign", "--key", Self.key, "/img/landscape_4.jpg?preset=thumb"])
        let target = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(signed.status == 0 && target.hasPrefix("/img/landscape_4.jpg?preset=thumb&sig="), "\(signed.stderr)")
        for (target, status) in [(target, 200), (target.replacingOccurrences(of: "thumb", with: "thumc"), 403)] {
            let client = try RawClient(port: server.port)
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == status, "\(target): \(response.text)")
            if status == 200 { #expect(response.header("Content-Type") == "image/png") }
        }
    }
}
