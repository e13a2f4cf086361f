import Foundation
import Testing

/// `--fonts` on the commands: `render` and `plan` draw and measure a brand family for one run, and
/// `check` lists the folder's families and flags a template naming a family nobody installed.
@Suite("imgframe: brand fonts")
struct BrandFontCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
    static let fonts = samples.appendingPathComponent("fonts").path
    static let chain = #"Text("Brand fonts").font(.custom("Comic Neue", size: 36))"#

    @Test("render --fonts draws the brand family; without the folder it is refused, listing what is installed")
    func render() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-brand-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let source = Self.samples.appendingPathComponent("dot_green.png").path
        let drawn = try runImageFrame(["render", source, "--fonts", Self.fonts, "--chain", Self.chain, "-o", output.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        let refused = try runImageFrame(["render", source, "--chain", Self.chain, "-o", output.path])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("no installed font family is named `Comic Neue`; installed: \"Inter\", \"Inter Display\""), "\(refused.stderr)")
    }

    @Test("plan measures with the brand family (another width than Inter's) and refuses an unknown one as a request error")
    func plan() throws {
        let line = #"Text("The quick brown fox 0123456789")"#
        let brand = try runImageFrame([
            "plan", "--fonts", Self.fonts, "--size", "10x10", "--chain", line + #".font(.custom("Comic Neue", size: 40))"#,
        ])
        #expect(brand.status == 0, "\(brand.stderr)")
        let inter = try runImageFrame(["plan", "--size", "10x10", "--chain", line + ".font(.system(size: 40))"])
        #expect(inter.status == 0 && brand.stdout.contains("\"root_size\"") && inter.stdout.contains("\"root_size\""))
        let rootSize = { (json: String) in json.split(separator: "\n").first { $0.contains("\"root_size\"") } }
        #expect(
            rootSize(brand.stdout) != rootSize(inter.stdout),
            "\(String(describing: rootSize(brand.stdout))) vs \(String(describing: rootSize(inter.stdout)))")
        let unknown = try runImageFrame(["plan", "--fonts", Self.fonts, "--size", "10x10", "--chain", #"Text("a").font(.custom("Acme", size: 9))"#])
        #expect(unknown.status == 2 && unknown.stderr.contains("installed: \"Comic Neue\", \"Inter\""), "\(unknown.stderr)")
    }

    @Test("check lists the brand families and flags a template whose Font.custom names an unknown family; a bad folder stops it")
    func check() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-check-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"Text("\(title)").font(.custom("Comic Neue", size: 40))"#.utf8).write(to: folder.appendingPathComponent("brand.swift"))
        try Data(#"Text("\(title)").font(.custom("Acme Grotesk", fixedSize: 40))"#.utf8).write(to: folder.appendingPathComponent("acme.swift"))
        let result = try runImageFrame(["check", "--root", Self.samples.path, "--templates", folder.path, "--fonts", Self.fonts])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ok   brand fonts: Comic Neue"), "\(result.stdout)")
        #expect(result.stdout.contains("brand.swift: /view/brand, parameters title"), "\(result.stdout)")
        #expect(result.stderr.contains("acme.swift: no installed font family is named `Acme Grotesk`"), "\(result.stderr)")
        let bad = try runImageFrame(["check", "--root", Self.samples.path, "--templates", folder.path, "--fonts", folder.path])
        #expect(bad.stderr.contains("configuration: `fonts`: \(folder.path) holds no TrueType or OpenType font"), "\(bad.stderr)")
    }
}
