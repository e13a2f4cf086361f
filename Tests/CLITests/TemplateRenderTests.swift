import Foundation
import Testing

/// `imgframe render --template`: the same templates, parameters and errors as `GET /view/…`.
@Suite("imgframe render --template")
struct TemplateRenderTests {
    /// A temporary templates folder holding `card.swift` (160×90, parameters `name` and `place`).
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let card = """
            // A card.
            ZStack {
                LinearGradient(colors: [.blue, .purple], startPoint: .leading, endPoint: .trailing)
                Text("\\(name) in \\(place)").foregroundStyle(.white).bold()
            }
            .frame(width: 160, height: 90)
            """
        try Data(card.utf8).write(to: folder.appendingPathComponent("card.swift"))
        try Data("Text(\"\\(name)\").frame(width: )".utf8).write(to: folder.appendingPathComponent("broken.swift"))
        return folder
    }

    @Test("writes a PNG of the template's size; renderer options apply")
    func writes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png")
        let result = try runImageFrame([
            "render", "--template", "card", "--templates", folder.path, "--set", "name=Ana",
            "--set", "place=\"); Color.red; Text(\"", "--scale", "2", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("320×180 png"), "\(result.stdout)")
        #expect(try Data(contentsOf: output).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(
        "reports what is wrong and writes nothing",
        arguments: [
            (["--template", "card", "--set", "name=Ana"], 2, "needs the parameter `place`"),
            (["--template", "card", "--set", "name=Ana", "--set", "place=x", "--set", "age=3"], 2, "unknown parameter `age`"),
            (["--template", "nothing"], 2, "no template named `nothing` in"),
            (["--template", "../card"], 2, "is not allowed"),
            (["--template", "broken", "--set", "name=x"], 1, "template `broken.swift` line 1, column"),
            (["--template", "card", "--set", "name"], 64, "--set takes KEY=VALUE"),
            (["--template", "card", "--chain", "Color.red"], 64, "give no SOURCE, --chain or --query"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("bad.png")
        let result = try runImageFrame(["render"] + arguments + ["--templates", folder.path, "-o", output.path])
        #expect(result.status == status && result.stderr.contains(message), "\(result.status) \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
