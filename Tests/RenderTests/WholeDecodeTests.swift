import Foundation
@testable import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Small JPEG reductions are decoded whole by the scaled decoder (`ScaledJPEGDecodeTests`), large
/// ones streamed through libvips: both give the same bytes, and what the decoder declines or fails
/// on still gets the renderer's usual answer.
@Suite("render: JPEG reductions decoded whole or streamed")
struct WholeDecodeTests {
    @Test(
        "the renderer decodes small reductions whole and large ones through libvips, to the same bytes",
        arguments: ["plain", "p3", "exif6"])
    func wholeOrStreamed(_ kind: String) throws {
        let folder = try SourceFolder()
        let photo = try VImage.noisyPhoto(width: 640, height: 480)
        let bytes =
            switch kind {
            case "p3": try photo.converted(toProfile: "p3").jpegKeepingMetadata(quality: 90)
            case "exif6": try photo.taggedWithOrientation(6).jpegKeepingMetadata(quality: 90)
            default: try photo.jpeg(quality: 90)
            }
        try folder.write("w.jpg", bytes: bytes)
        let source = try SourceImage(
            name: "w.jpg", file: ImageFile(path: folder.url.appendingPathComponent("w.jpg").path), limits: RenderLimits())
        #expect(source.decodesWhole(.jpegShrink(8)))
        #expect(!source.decodesWhole(.none))
        var small = RenderLimits()
        small.maxWholeDecodePixels = 80 * 60 - 1
        for query in ["w=60&h=80&fmt=png", "w=60&h=80&fmt=jpeg", "w=50&h=50&mode=fill&clip=1&fmt=png"] {
            let spec = try TransformSpec.parse(source: "w.jpg", query: query)
            let whole = try folder.renderer(limits: RenderLimits()).render(spec)
            let streamed = try folder.renderer(limits: small).render(spec)
            #expect(whole.bytes == streamed.bytes, "\(query)")
        }
    }

    @Test("a CMYK file, which the scaled decoder leaves to libvips, still renders")
    func cmykRenders() throws {
        let folder = try SourceFolder()
        try folder.write("c.jpg", bytes: try VImage.noisyPhoto(width: 320, height: 240).converted(to: .cmyk).jpegKeepingMetadata(quality: 90))
        #expect(try folder.failure("c.jpg", "w=40&h=30&fmt=png") == nil)
    }

    @Test("a truncated file fails the render as undecodable (not grey, not a crash)")
    func truncatedUndecodable() throws {
        let folder = try SourceFolder()
        let bytes = try VImage.noisyPhoto(width: 640, height: 480).jpeg(quality: 90)
        try folder.write("t.jpg", bytes: Array(bytes.prefix(bytes.count / 2)))
        let failure = try folder.failure("t.jpg", "w=80&h=60&fmt=png")
        guard case .undecodable(let name, _) = failure else {
            Issue.record("expected undecodable, got \(String(describing: failure))")
            return
        }
        #expect(name == "t.jpg")
    }
}
