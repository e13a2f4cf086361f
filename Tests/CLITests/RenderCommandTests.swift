import Foundation
import Testing

@Suite("imgframe render")
struct RenderCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL

    func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-cli-\(UUID().uuidString)-\(name)")
    }

    @Test("writes the file, with the format from the extension")
    func writes() throws {
        let output = temporary("out.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runImageFrame([
            "render", Self.samples.appendingPathComponent("landscape_4.jpg").path,
            "--query", "w=120&h=90&mode=fill&clip=1", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("120×90 png"))
        #expect(try Data(contentsOf: output).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--colormode extendedLinear writes a 16-bit PNG (IHDR bit depth 16)")
    func colorMode() throws {
        let output = temporary("deep.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runImageFrame([
            "render", Self.samples.appendingPathComponent("landscape_4.jpg").path,
            "--query", "w=40&h=30&mode=fill", "--colormode", "extendedLinear", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // PNG signature (8), IHDR length and type (8), width and height (8), then the bit depth.
        #expect(try Data(contentsOf: output)[24] == 16)
    }

    @Test(
        "bad input exits non-zero and says what is wrong",
        arguments: [
            (["--query", "mode=fil"], "landscape_4.jpg", 2, "`mode` must be one of"),
            (["--query", "w=10", "--colormode", "linear-light"], "landscape_4.jpg", 2, "did you mean `linear`?"),
            (["--query", "w=10"], "missing.jpg", 1, "source image `missing.jpg` not found"),
            (["--query", "w=10"], "CREDITS.md", 1, "not an image in a supported format"),
            (["--chain", "resizable().aspectRatio(contentMode:.fill).frame(width:10)"], "landscape_4.jpg", 1, "non-finite root size"),
        ])
    func badInput(_ request: [String], _ source: String, _ status: Int32, _ message: String) throws {
        let output = temporary("bad.jpg")
        let result = try runImageFrame(["render", Self.samples.appendingPathComponent(source).path] + request + ["-o", output.path])
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

@Suite("ratio without a size")
struct RatioAloneTests {
    @Test(
        "a box of the ratio in the image's own size, not SwiftUI's 10×10 placeholder",
        arguments: [
            ("ratio=1&mode=fill", "3024×3024"), ("ratio=1", "3024×3024"), ("ratio=2&mode=fill", "4032×2016"), ("ratio=1&w=50", "50×50"),
        ])
    func imageSized(_ query: String, _ size: String) throws {
        let photo = RenderCommandTests.samples.appendingPathComponent("landscape_4.jpg").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-ratio-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runImageFrame(["render", photo, "--query", query, "-o", output.path])
        #expect(result.status == 0 && result.stdout.contains(size), "\(result.stdout)\(result.stderr)")
    }

    @Test("`propose` takes `image` only, and not with pw or ph")
    func proposeRefusals() throws {
        let photo = RenderCommandTests.samples.appendingPathComponent("landscape_4.jpg").path
        let wrong = try runImageFrame(["plan", photo, "--query", "propose=source"])
        #expect(wrong.status != 0 && wrong.stdout.contains("`image`"), "\(wrong.stdout)\(wrong.stderr)")
        let both = try runImageFrame(["plan", photo, "--query", "propose=image&pw=100"])
        #expect(both.status != 0 && both.stdout.contains("use one"), "\(both.stdout)\(both.stderr)")
    }
}
