import Layout
import Render
import Testing
import TransformSpec

/// Gradients are drawn by libvips from a colour table; these compare every pixel with the per-pixel
/// computation gradients used to be drawn with (premultiplied interpolation, pixel centres).
@Suite("render: gradients")
struct GradientTests {
    /// The per-pixel reference: straight-alpha RGBA of pixel (x, y) of a gradient over `rect`.
    static func reference(_ gradient: LinearGradient, rect: PixelRect, x: Int, y: Int) -> RGBA {
        let sx = gradient.startPoint.x * Double(rect.width), sy = gradient.startPoint.y * Double(rect.height)
        let dx = gradient.endPoint.x * Double(rect.width) - sx, dy = gradient.endPoint.y * Double(rect.height) - sy
        let length2 = dx * dx + dy * dy
        let stops = gradient.colors.map { c in [c.red * c.opacity, c.green * c.opacity, c.blue * c.opacity, c.opacity] }
        let px = Double(x - rect.x) + 0.5 - sx, py = Double(y - rect.y) + 0.5 - sy
        let t = length2 > 0 ? min(max((px * dx + py * dy) / length2, 0), 1) : 0
        let position = t * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let f = position - Double(index)
        let a = stops[index], b = stops[index + 1]
        let alpha = a[3] + (b[3] - a[3]) * f
        let c = (0..<3).map { band in alpha > 0 ? UInt8((min((a[band] + (b[band] - a[band]) * f) / alpha, 1) * 255).rounded()) : 0 }
        return RGBA(c[0], c[1], c[2], UInt8((alpha * 255).rounded()))
    }

    /// Renders `chain` (a gradient leaf filling the canvas) as PNG and counts pixels differing from the
    /// reference, and the largest difference of any channel.
    static func compare(_ chain: String) throws -> (mismatches: Int, worst: Int, pixels: Int) {
        let folder = try SourceFolder()
        let spec = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=png")
        let plan = try LayoutEngine.plan(spec.view, images: ImageCatalog(), proposal: spec.proposal, scale: spec.scale)
        let operation = try #require(plan.operations.first)
        guard case .fill(let fill) = operation, case .linearGradient(let gradient) = fill.paint else {
            Issue.record("not a gradient fill: \(operation)")
            return (0, 0, 0)
        }
        let bitmap = try Bitmap(encoded: try folder.renderer.render(spec).bytes)
        var mismatches = 0, worst = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let got = bitmap[x, y]
                var want = reference(gradient, rect: fill.placement.pixelRect, x: x, y: y)
                // A fully transparent pixel is written with colour 0 (the encoder's choice, unseen).
                if want.a == 0 { want = .clear }
                let difference = zip([got.r, got.g, got.b, got.a], [want.r, want.g, want.b, want.a]).map { abs(Int($0) - Int($1)) }.max()!
                if difference > 0 { mismatches += 1 }
                worst = max(worst, difference)
            }
        }
        return (mismatches, worst, bitmap.width * bitmap.height)
    }

    @Test(
        "axis-aligned gradients are exact, every pixel",
        arguments: [
            "LinearGradient(colors:[.red,.blue],startPoint:.top,endPoint:.bottom).frame(width:37,height:91)",
            "LinearGradient(colors:[.red,Color.blue.opacity(0.5),.clear,.green],startPoint:.leading,endPoint:.trailing).frame(width:301,height:7)",
            "LinearGradient(colors:[.yellow,.purple],startPoint:UnitPoint(x:0.5,y:0.8),endPoint:UnitPoint(x:0.5,y:0.2)).frame(width:20,height:255)",
        ])
    func axisAligned(_ chain: String) throws {
        let result = try Self.compare(chain)
        #expect(result.mismatches == 0, "\(result.mismatches) of \(result.pixels) pixels differ, by up to \(result.worst)")
    }

    @Test(
        "diagonal gradients are within one level of the exact colour",
        arguments: [
            "LinearGradient(colors:[.red,.blue],startPoint:.topLeading,endPoint:.bottomTrailing).frame(width:120,height:80)",
            "LinearGradient(colors:[Color.white.opacity(0),.black,.orange],startPoint:UnitPoint(x:0.1,y:0.9),endPoint:UnitPoint(x:0.7,y:0)).frame(width:97,height:211)",
        ])
    func diagonal(_ chain: String) throws {
        let result = try Self.compare(chain)
        #expect(result.worst <= 1, "\(result.mismatches) of \(result.pixels) pixels differ, by up to \(result.worst)")
    }

    @Test("a degenerate gradient (start = end) is its first colour")
    func degenerate() throws {
        let result = try Self.compare("LinearGradient(colors:[.red,.blue],startPoint:.center,endPoint:.center).frame(width:9,height:9)")
        #expect(result.mismatches == 0)
    }
}
