import Foundation
import Render
import Sources
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// `fmt=jxl`: JPEG XL, read back by libjxl's own decoder (`djxl`, Debian's libjxl-tools; the
/// service keeps libvips's JPEG XL loader off, as every untrusted loader).
@Suite("render: JPEG XL")
struct JXLOutputTests {
    @Test("a photo as JPEG XL: a codestream djxl decodes to the same size, ≥ 35 dB from the JPEG output")
    func photo() throws {
        let renderer = try LocalRenderer(sources: SourceDirectory(root: GalleryExample.samples.path))
        // q 95: libjxl spends its bits by perceptual distance, not PSNR; at q 90 it is 33.5 dB from
        // the unencoded pixels where the JPEG is 37.0 (measured; per-format quality is its own point).
        let query = "w=300&h=225&mode=fit&q=95"
        let jxl = try renderer.render(try TransformSpec.parse(source: "landscape_4.jpg", query: query + "&fmt=jxl"))
        let jpeg = try renderer.render(try TransformSpec.parse(source: "landscape_4.jpg", query: query + "&fmt=jpeg"))
        #expect(jxl.format == .jxl && jxl.format.contentType == "image/jxl")
        // A bare codestream (FF 0A) or the ISO BMFF container (`JXL ` box).
        #expect(Array(jxl.bytes.prefix(2)) == [0xFF, 0x0A] || Array(jxl.bytes[4..<8]) == Array("JXL ".utf8))
        let decoded = try JXLDecoding.decode(jxl.bytes)
        let reference = try VImage.decode(jpeg.bytes)
        #expect(decoded.width == reference.width && decoded.height == reference.height, "\(decoded.width)×\(decoded.height)")
        let db = try psnr(decoded.bands(0, count: 3), reference)
        #expect(db >= 35, "\(db) dB")
    }

    @Test("transparency is kept")
    func alpha() throws {
        let folder = try SourceFolder()
        let spec = try TransformSpec.parse(source: "unused.png", query: "chain=Color.red.opacity(0.5).frame(width:8,height:8)&fmt=jxl")
        let decoded = try JXLDecoding.decode(try folder.renderer.render(spec).bytes)
        #expect(decoded.bands == 4 && decoded.width == 8)
    }
}
