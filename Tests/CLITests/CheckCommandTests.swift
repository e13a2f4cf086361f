import Foundation
import Testing

/// `imgframe check`: what `serve` would use, checked before deploying it.
@Suite("imgframe check")
struct CheckCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL

    @Test("the samples pass: root, each template with its parameters, origins, fonts")
    func samplesPass() throws {
        let result = try runImageFrame(["check", "--root", Self.samples.path, "--templates", Self.samples.appendingPathComponent("templates").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("award.swift: /view/award, parameters name, date"), "\(result.stdout)")
        #expect(result.stdout.contains("ok   fonts: Inter, Inter Display"), "\(result.stdout)")
    }

    @Test("a broken template fails with its file, line and column; the good ones are still listed")
    func brokenTemplate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.samples.appendingPathComponent("templates/award.swift"), to: folder.appendingPathComponent("award.swift"))
        try Data("VStack {\n  Text(\"\\(title)\")\n    .font(.sytem(size: 20))\n}\n".utf8).write(to: folder.appendingPathComponent("bad.swift"))
        let result = try runImageFrame(["check", "--root", Self.samples.path, "--templates", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(folder.path + "/bad.swift:3:"), "\(result.stderr)")
        #expect(result.stdout.contains("award.swift: /view/award"), "\(result.stdout)")
    }

    @Test(
        "module-level errors name the file, line and column: an ambiguous name, a duplicate, cycles, an unknown name",
        arguments: [
            ("uses", "Star()", "uses.swift:1:1: `Star` is declared differently in a.swift, b.swift"),
            (
                "twice",
                "struct Row: View { var body: some View { Circle() } }\nstruct Row: View { var body: some View { Capsule() } }\n#Preview { Row() }",
                "twice.swift:2:8: `Row` is declared twice in this file"
            ),
            ("cycle", "let a = b\nlet b = a\nvar body: some View { Text(a) }", "is defined in terms of itself"),
            ("unknown", "var body: some View {\n    Sparkle(size: 3)\n}", "unknown.swift:2:5:"),
            ("loop", "struct Loop: View {\n    var body: some View { Loop() }\n}", "loop.swift:2:27: calls nest more than 32 deep here"),
        ])
    func moduleErrors(_ name: String, _ text: String, _ message: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("struct Star: View { var body: some View { Circle() } }".utf8).write(to: folder.appendingPathComponent("a.swift"))
        try Data("struct Star: View { var body: some View { Rectangle() } }".utf8).write(to: folder.appendingPathComponent("b.swift"))
        try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".swift"))
        let result = try runImageFrame(["check", "--root", Self.samples.path, "--templates", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.contains("a.swift: /view/a") && result.stdout.contains("b.swift: /view/b"), "\(result.stdout)")
    }

    @Test("a bad setting stops it with 78, as it stops serve")
    func badSetting() throws {
        let result = try runImageFrame(["check", "--root", Self.samples.path], environment: ["IMGFRAME_WORKERS": "many"])
        #expect(result.status == 78 && result.stderr.contains("`workers`"), "\(result.stderr)")
    }
}
