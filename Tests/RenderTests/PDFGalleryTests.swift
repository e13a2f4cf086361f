import Sources
import Foundation
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// One paint list, two executors: every gallery example drawn by the raster renderer and written
/// as a PDF, the PDF rasterised by poppler at the same pixel size, both flattened on white, must
/// agree within 30 dB PSNR.
///
/// Text is compared after a Gaussian blur of `glyphSigma` pixels on both images. Both rasterisers
/// put each glyph at a whole pixel (cairo 1.16 rounds glyph origins), and a PDF positions glyphs
/// through `TJ` offsets in thousandths of an em that cairo skips below 3: a glyph whose origin
/// lies that close to a half pixel lands one pixel apart, and at 17 pt a single such glyph costs
/// 6 dB (measured: "Hollow world" bold at 1×, identical column and row ink profiles, 24 dB).
@Suite("PDF against raster, gallery")
struct PDFGalleryTests {
    /// The blur (σ, pixels) that makes one-pixel glyph offsets count as the sub-pixel noise they are.
    static let glyphSigma = 1.5

    static let examples = (try? GalleryExample.all) ?? []

    @Test("the gallery script has examples")
    func found() {
        #expect(Self.examples.count >= 10)
    }

    @Test("the PDF looks like the raster render", arguments: examples)
    func matchesRaster(_ example: GalleryExample) throws {
        let renderer = try LocalRenderer(sources: SourceDirectory(root: GalleryExample.samples.path))
        var raster = example.spec, vector = example.spec
        raster.format = .fixed(.png)
        vector.format = .fixed(.pdf)
        let bitmap = try VImage.decode(try renderer.render(raster).bytes)
        let pdf = try renderer.render(vector)
        #expect(pdf.format == .pdf)
        let poppler = try Poppler(pdf.bytes)
        defer { poppler.remove() }
        let page = try poppler.rasterised(pixelsPerPoint: example.spec.scale)
        try #require(page.width == bitmap.width && page.height == bitmap.height, "\(page.width)×\(page.height) vs \(bitmap.width)×\(bitmap.height)")
        var flat = bitmap.hasAlpha ? try bitmap.flattened(onto: [255, 255, 255]) : bitmap
        var rasterised = page
        if example.spec.canonicalChain.contains("Text(") {
            flat = try flat.gaussianBlurred(sigma: Self.glyphSigma, minAmplitude: 0.01).cast8()
            rasterised = try page.gaussianBlurred(sigma: Self.glyphSigma, minAmplitude: 0.01).cast8()
        }
        let db = try psnr(rasterised, flat)
        #expect(db >= 30, "\(example.name): \(db) dB")
        print("\(example.name): \(String(format: "%.1f", db)) dB, PDF \(pdf.bytes.count) bytes")
    }
}
