import Sources
import Foundation
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Radial, elliptical and angular gradients written as PDF shadings (radial; a radial one under a
/// stretching matrix; a mesh of one-degree sectors) look like the raster render, read back by poppler.
@Suite("PDF gradients against raster")
struct PDFGradientTests {
    @Test(
        "the PDF gradient looks like the raster one",
        arguments: [
            "RadialGradient(colors:[.red,.yellow,.blue],center:UnitPoint(x:0.3,y:0.4),startRadius:10,endRadius:70).frame(width:160,height:100)",
            "EllipticalGradient(colors:[.white,.purple,.black]).frame(width:200,height:80)",
            "Circle().fill(AngularGradient(colors:[.red,.green,.blue,.red],center:.center)).frame(width:120,height:120)",
            "AngularGradient(colors:[.orange,.mint],center:.topLeading,startAngle:.degrees(10),endAngle:.degrees(80)).frame(width:100,height:100)",
        ])
    func matchesRaster(_ chain: String) throws {
        let renderer = try LocalRenderer(sources: SourceDirectory(root: GalleryExample.samples.path))
        let raster = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=png")
        let vector = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=pdf")
        let bitmap = try VImage.decode(try renderer.render(raster).bytes)
        let poppler = try Poppler(try renderer.render(vector).bytes)
        defer { poppler.remove() }
        let page = try poppler.rasterised(pixelsPerPoint: 1)
        try #require(page.width == bitmap.width && page.height == bitmap.height)
        let flat = bitmap.hasAlpha ? try bitmap.flattened(onto: [255, 255, 255]) : bitmap
        let db = try psnr(page, flat)
        #expect(db >= 30, "\(chain): \(db) dB")
    }
}
