import Layout
import Testing
import TransformSpec

/// Each lossy format is written at its own default quality unless `q` sets one, for it or for all.
@Suite("render: quality per format")
struct QualityDefaultsTests {
    @Test("no q is each format's default; q=N sets every format; q=format:N only that one", arguments: [ImageFormat.jpeg, .webp, .avif, .jxl])
    func perFormat(_ format: ImageFormat) throws {
        let folder = try SourceFolder()
        try folder.png("photo.png", width: 64, height: 48, quadrant(64, 48))
        // The bytes alone: libvips here does not decode JPEG XL.
        func bytes(_ q: String) throws -> [UInt8] {
            try folder.renderer.render(TransformSpec.parse(source: "photo.png", query: "fmt=\(format.rawValue)" + q)).bytes
        }
        #expect(try bytes("") == bytes("&q=\(format.defaultQuality)"))
        #expect(try bytes("&q=30") == bytes("&q=\(format.rawValue):30"))
        #expect(try bytes("&q=30") != bytes(""))
        let other = format == .webp ? "avif" : "webp"
        #expect(try bytes("&q=\(other):30") == bytes(""))
    }
}
