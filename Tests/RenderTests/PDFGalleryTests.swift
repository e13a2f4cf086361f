import Sources
import Foundation
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// One paint list, two executors: every gallery example drawn by the raster renderer and written
/// as a PDF, the PDF rasterised by poppler at the same pixel size, both flattened on white, must
/// agree within 30 dB PSNR, text included, pixel for pixel. (With cairo 1.16 text needed a blur
/// first: both rasterisers rounded glyph origins to whole pixels, and a glyph whose origin lay near
/// a half pixel landed one pixel apart, 24–28 dB raw. cairo 1.18 keeps subpixel glyph positions:
/// award 57.5 dB, text 34.4, og-card 44.8.)
@Suite("PDF against raster, gallery")
struct PDFGalleryTests {
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
        let flat = bitmap.hasAlpha ? try bitmap.flattened(onto: [255, 255, 255]) : bitmap
        let db = try psnr(page, flat)
        #expect(db >= 30, "\(example.name): \(db) dB")
        print("\(example.name): \(String(format: "%.1f", db)) dB, PDF \(pdf.bytes.count) bytes")
    }
}
