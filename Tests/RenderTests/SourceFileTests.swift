import Sources
import Foundation
import Layout
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the renderer reads is the file it opened and checked, and only images it is meant to read.
@Suite("render: source files")
struct SourceFileTests {
    /// A complete 16×16 JPEG whose frame header claims 7000×7000: its entropy data ends at the end
    /// marker long before the claimed size, which libjpeg reports only as a warning.
    static func truncatedJPEG() throws -> [UInt8] {
        var bytes = try SourceFolder.image(width: 16, height: 16) { x, y in RGBA(UInt8(x * 16), UInt8(y * 16), UInt8((x * y) % 256)) }
            .jpegKeepingMetadata(quality: 90)
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [0x1B, 0x58, 0x1B, 0x58])  // 7000, 7000
        return bytes
    }

    @Test("a JPEG cut short of the size it claims is undecodable (422), not a grey image")
    func truncated() throws {
        let folder = try SourceFolder()
        try folder.write("cut.jpg", bytes: try Self.truncatedJPEG())
        for query in ["w=100", "w=100&fmt=png", "w=2000&fmt=jpeg"] {
            let error = try folder.failure("cut.jpg", query)
            guard case .undecodable = error else {
                Issue.record("\(query): \(String(describing: error))")
                continue
            }
        }
    }

    @Test("a text file libvips could read as a matrix is not a supported image (415)")
    func matrixText() throws {
        let folder = try SourceFolder()
        try folder.write("matrix.png", bytes: Array("2 2\n1 2\n3 4\n".utf8))
        let error = try folder.failure("matrix.png", "w=10&fmt=png")
        guard case .unsupportedSource = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("a FIFO in the source root is refused at once, without waiting for a writer")
    func fifo() throws {
        let folder = try SourceFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.png").path, 0o644) == 0)
        let directory = SourceDirectory(root: folder.url.path)
        do {
            _ = try directory.file(named: "pipe.png")
            Issue.record("a FIFO opened as a source")
        } catch {
            guard case .unsupported("pipe.png") = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(throws: ImageFile.OpenError.self) { try ImageFile(path: folder.url.appendingPathComponent("pipe.png").path) }
    }

    @Test("libvips reads the file that was opened and checked, even after the path is replaced", arguments: ["image", "fifo"])
    func replacedAfterOpening(_ replacement: String) throws {
        let folder = try SourceFolder()
        try folder.png("a.png", width: 8, height: 8) { _, _ in .red }
        let file = try SourceDirectory(root: folder.url.path).file(named: "a.png")
        let path = folder.url.appendingPathComponent("a.png").path
        #expect(unlink(path) == 0)
        if replacement == "fifo" {
            #expect(mkfifo(path, 0o644) == 0)
        } else {
            try folder.png("a.png", width: 8, height: 8) { _, _ in .blue }
        }
        let spec = try TransformSpec.parse(source: "a.png", query: "w=8&fmt=png")
        let image = try folder.renderer.render(spec, opened: [.primary: ResolvedSource(name: "a.png", file: file)])
        #expect(try Bitmap(encoded: image.bytes)[4, 4] == .red)
    }

    @Test("two sources read from one opened file at the same time keep their own read offsets")
    func sharedFile() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let file = try SourceDirectory(root: folder.url.path).file(named: "q.png")
        let spec = try TransformSpec.parse(
            source: "q.png",
            query:
                #"chain=resizable().frame(width:64,height:64).overlay(alignment:.bottomTrailing){Image("q.png").resizable().frame(width:32,height:32)}&fmt=png"#
        )
        let shared = ResolvedSource(name: "q.png", file: file)
        let bitmap = try Bitmap(encoded: try folder.renderer.render(spec, opened: [.primary: shared, .named("q.png"): shared]).bytes)
        #expect(bitmap[8, 8] == .red && bitmap[56, 8] == .green && bitmap[8, 56] == .blue)
        #expect(bitmap[36, 36] == .red && bitmap[60, 36] == .green && bitmap[36, 60] == .blue && bitmap[60, 60] == .yellow)
    }
}
