import Foundation
import Layout
import Testing
import Vips

@testable import Render

/// Antialiased shapes from `ShapeRasterizer`: coverage at edges, corners, strokes (spec §5).
@Suite("render: shape rasterizer")
struct ShapeRasterizerTests {
    /// Coverage (0…255) of mask pixel (x, y).
    static func coverage(_ mask: VImage) throws -> (Int, Int) -> Int {
        let bitmap = try Bitmap(mask)
        return { x, y in Int(bitmap[x, y].r) }
    }

    @Test("circle edge: straddling pixels partly covered and close to the exact coverage, inside opaque, outside clear")
    func circleEdge() throws {
        let mask = try ShapeRasterizer.mask(.circle, in: Rect(x: 0, y: 0, width: 96, height: 96), area: PixelRect(x: 0, y: 0, width: 96, height: 96))
        let at = try Self.coverage(mask)
        var straddling = 0, error = 0.0
        for y in 0..<96 {
            for x in 0..<96 {
                let d = hypot(Double(x) + 0.5 - 48, Double(y) + 0.5 - 48)
                if d < 47 { #expect(at(x, y) == 255, "inside at \(x),\(y)") }
                if d > 49 { #expect(at(x, y) == 0, "outside at \(x),\(y)") }
                if abs(d - 48) < 0.25 {
                    straddling += 1
                    #expect(at(x, y) > 40 && at(x, y) < 215, "edge at \(x),\(y): \(at(x, y))")
                    error += abs(Double(at(x, y)) - 127.5)
                }
            }
        }
        #expect(straddling > 20)
        #expect(error / Double(straddling) < 40)
        #expect(at(0, 0) == 0 && at(95, 0) == 0 && at(0, 95) == 0 && at(95, 95) == 0)
        #expect(at(48, 48) == 255)
    }

    @Test("a sub-pixel edge covers its pixel by the fraction inside")
    func subPixelEdge() throws {
        let mask = try ShapeRasterizer.mask(
            .rectangle, in: Rect(x: 2.5, y: 0, width: 5, height: 4), area: PixelRect(x: 0, y: 0, width: 10, height: 4))
        let at = try Self.coverage(mask)
        #expect(at(1, 1) == 0)
        #expect(abs(at(2, 1) - 128) <= 2)
        #expect(at(3, 1) == 255)
        #expect(abs(at(7, 1) - 128) <= 2)
        #expect(at(8, 1) == 0)
    }

    @Test("the area is canvas-relative: the same shape drawn at an offset lands at the same canvas pixels")
    func areaOffset() throws {
        let rect = Rect(x: 30, y: 40, width: 20, height: 20)
        let whole = try Self.coverage(ShapeRasterizer.mask(.circle, in: rect, area: PixelRect(x: 0, y: 0, width: 80, height: 80)))
        let part = try Self.coverage(ShapeRasterizer.mask(.circle, in: rect, area: PixelRect(x: 25, y: 35, width: 30, height: 30)))
        for y in 0..<30 { for x in 0..<30 { #expect(part(x, y) == whole(x + 25, y + 35)) } }
    }

    @Test("a solid colour layer keeps the exact colour and puts coverage × opacity in alpha")
    func colourLayer() throws {
        let colour = RGBAColor(bytes: 200, 100, 50, 128)
        let image = try ShapeRasterizer.image(
            .circle, .fill, in: Rect(x: 0, y: 0, width: 40, height: 40), color: colour, area: PixelRect(x: 0, y: 0, width: 40, height: 40))
        let bitmap = try Bitmap(image)
        #expect(image.bands == 4)
        #expect(bitmap[20, 20] == RGBA(200, 100, 50, 128))
        #expect(bitmap[0, 0] == RGBA(200, 100, 50, 0))
        var partial = 0
        for y in 0..<40 {
            for x in 0..<40 where bitmap[x, y].a > 0 {
                #expect(bitmap[x, y].r == 200 && bitmap[x, y].g == 100 && bitmap[x, y].b == 50)
                if bitmap[x, y].a < 128 { partial += 1 }
            }
        }
        #expect(partial > 10)
    }

    @Test("a rounded clip: corner pixel transparent, centre opaque, colour untouched")
    func roundedClip() throws {
        let photo = try VImage.constant(width: 100, height: 60, color: [255, 0, 0])
        let mask = try ShapeRasterizer.mask(
            .roundedRectangle(cornerRadius: 20), in: Rect(x: 0, y: 0, width: 100, height: 60), area: PixelRect(x: 0, y: 0, width: 100, height: 60))
        let bitmap = try Bitmap(photo.clipped(toMask: mask))
        for (x, y) in [(0, 0), (99, 0), (0, 59), (99, 59), (2, 2)] { #expect(bitmap[x, y].a == 0, "corner \(x),\(y)") }
        #expect(bitmap[50, 30] == .red)
        #expect(bitmap[50, 0] == .red)
        #expect(bitmap[0, 30] == .red)
    }

    @Test("continuous and circular corners differ, and both stay inside the bounds")
    func cornerStyles() throws {
        let rect = Rect(x: 2, y: 2, width: 100, height: 100)
        let area = PixelRect(x: 0, y: 0, width: 104, height: 104)
        var totals: [Int] = []
        var maps: [(Int, Int) -> Int] = []
        for style in [RoundedCornerStyle.continuous, .circular] {
            let at = try Self.coverage(ShapeRasterizer.mask(.roundedRectangle(cornerRadius: 30, style: style), in: rect, area: area))
            var total = 0
            for y in 0..<104 {
                for x in 0..<104 {
                    if x < 2 || y < 2 || x >= 102 || y >= 102 { #expect(at(x, y) == 0, "ink outside at \(x),\(y)") }
                    total += at(x, y)
                }
            }
            totals.append(total)
            maps.append(at)
        }
        // The continuous corner leaves the edge sooner, so it covers less near where the edge bends.
        #expect(totals[0] < totals[1])
        #expect(maps[0](2 + 35, 2) < maps[1](2 + 35, 2))
        #expect(maps[0](52, 52) == 255 && maps[1](52, 52) == 255)
    }

    @Test("stroke spills half the line outside the bounds; strokeBorder keeps the ink inside")
    func strokeAndBorder() throws {
        let rect = Rect(x: 10, y: 10, width: 100, height: 100)
        let area = PixelRect(x: 0, y: 0, width: 120, height: 120)
        let stroke = try Self.coverage(ShapeRasterizer.mask(ShapePath.rectangle(rect), lineWidth: 10, area: area))
        let traced = ShapeDrawing.strokeBorder(lineWidth: 10).trace(.rectangle, in: rect)
        let border = try Self.coverage(ShapeRasterizer.mask(traced.path, lineWidth: traced.lineWidth, area: area))
        // The pixel just outside the left edge, and the one just inside it.
        #expect(stroke(9, 60) == 255 && stroke(5, 60) == 255 && stroke(4, 60) == 0 && stroke(15, 60) == 0)
        #expect(border(9, 60) == 0 && border(10, 60) == 255 && border(19, 60) == 255 && border(20, 60) == 0)
        // The miter corner of the stroke reaches the outer corner; the border's ink never leaves the bounds.
        #expect(stroke(5, 5) == 255)
        let rounded = ShapeDrawing.strokeBorder(lineWidth: 6).trace(.roundedRectangle(cornerRadius: 25), in: rect)
        let roundedBorder = try Self.coverage(ShapeRasterizer.mask(rounded.path, lineWidth: rounded.lineWidth, area: area))
        for y in 0..<120 {
            for x in 0..<120 where x < 10 || y < 10 || x >= 110 || y >= 110 {
                #expect(border(x, y) == 0 && roundedBorder(x, y) == 0, "ink outside at \(x),\(y)")
            }
        }
        #expect(roundedBorder(60, 10) == 255 && roundedBorder(60, 15) == 255 && roundedBorder(60, 16) == 0)
    }

    @Test("ink bounds hold every stroked pixel")
    func inkBounds() throws {
        let path = ShapePath.rectangle(Rect(x: 10.5, y: 10, width: 20, height: 20))
        #expect(ShapeRasterizer.inkBounds(path, lineWidth: 4) == PixelRect(x: 6, y: 6, width: 29, height: 28))
        #expect(ShapeRasterizer.inkBounds(ShapePath()) == nil)
    }
}
