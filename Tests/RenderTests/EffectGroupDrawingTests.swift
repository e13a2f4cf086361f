import Layout
import Testing

/// Effect groups drawn by the renderer (views spec §7.1, §10.4): shadows and colour effects over
/// the composite of a subtree.
@Suite("render: shadows and colour effects")
struct EffectGroupDrawingTests {
    @Test("shadow: falls off monotonically away from the shape's edge, shifted by (x, y)")
    func shadow() throws {
        // A 60×60 square at (70, 70) of a 200×200 transparent canvas; σ = 8 px, offset (10, 6): the
        // shadow's rect is (80, 76)–(140, 136).
        let view = ViewNode.zStack(
            alignment: .center,
            children: [
                ViewNode.color(.clear).framed(200, 200),
                ViewNode.shape(.rectangle, .testBlue).framed(60, 60).with(.shadow(Shadow(radius: 8, x: 10, y: 6))),
            ])
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap[100, 100] == .blue)
        // Right of the shadow's right edge, along its centre row: never rising, zero past 2.8σ.
        var previous = 256
        for j in 0..<30 {
            let pixel = bitmap[140 + j, 106]
            #expect(Int(pixel.a) <= previous, "alpha rises at \(140 + j)")
            #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 0 || pixel.a == 0)
            previous = Int(pixel.a)
        }
        #expect(bitmap[140, 106].a > 30 && bitmap[140, 106].a <= 84 && bitmap[170, 106].a == 0)
        // Symmetric about the shadow's rect, not the square's: left and right at the same distance from
        // its edges, and above and below.
        for j in 10..<24 {
            #expect(abs(Int(bitmap[140 + j, 106].a) - Int(bitmap[79 - j, 106].a)) <= 2, "x distance \(j)")
        }
        for j in 6..<24 {
            #expect(abs(Int(bitmap[110, 136 + j].a) - Int(bitmap[110, 75 - j].a)) <= 2, "y distance \(j)")
        }
        // A left shadow edge would be at 70 without the offset; at 80, pixel 64 is already 16 px away.
        #expect(abs(Int(bitmap[64, 106].a) - Int(bitmap[140 + 15, 106].a)) <= 2)
    }

    @Test(
        "a shadow's offset is rounded to the pixel grid as layout rounds an edge: −0.5 px is 0, +0.5 px is 1",
        arguments: [(-10.5, 1.0, -10), (-5.25, 2.0, -10), (-10.6, 1.0, -11), (10.5, 1.0, 11), (10.4, 1.0, 10)])
    func shadowOffsetRounding(_ points: Double, _ scale: Double, _ pixels: Int) throws {
        // A sharp, opaque red shadow beside a blue 10×10 px square centred in a 50×10 px canvas (its
        // left edge at 20 px): the shadow covers exactly the 10 columns `PixelGrid` puts it at.
        #expect(PixelGrid(scale: scale).pixel(points) == pixels)
        let view = ViewNode.zStack(
            alignment: .center,
            children: [
                ViewNode.color(.clear).framed(50 / scale, 10 / scale),
                ViewNode.shape(.rectangle, .testBlue).framed(10 / scale, 10 / scale)
                    .with(.shadow(Shadow(color: RGBAColor(red: 1, green: 0, blue: 0), radius: 0, x: points, y: 0))),
            ])
        let bitmap = try SourceFolder().render(view: view, scale: scale)
        let left = 20 + pixels
        #expect(bitmap[left, 5] == .red && bitmap[left + 9, 5] == .red)
        #expect(bitmap[pixels < 0 ? left - 1 : left + 10, 5].a == 0)
    }

    @Test("grayscale on an image gives R = G = B")
    func grayscale() throws {
        let folder = try SourceFolder()
        try folder.png("quad.png", width: 40, height: 40, quadrant(40, 40))
        let bitmap = try folder.render(view: ViewNode.resizableImage().framed(40, 40).with(.color(.grayscale(1))), source: "quad.png")
        for y in 0..<40 {
            for x in 0..<40 {
                let p = bitmap[x, y]
                #expect(p.r == p.g && p.g == p.b && p.a == 255, "(\(x), \(y)) \(p)")
            }
        }
        #expect(bitmap[5, 5].r == 54)  // 0.2126 × 255 for red
    }

    /// Mean of each channel over the bitmap.
    static func means(_ bitmap: Bitmap) -> [Double] {
        var sums = [0.0, 0, 0, 0]
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y]
                for (i, v) in [p.r, p.g, p.b, p.a].enumerated() { sums[i] += Double(v) }
            }
        }
        return sums.map { $0 / Double(bitmap.width * bitmap.height) }
    }

    @Test("blur keeps the mean of an opaque image", arguments: [false, true])
    func blurMean(_ opaque: Bool) throws {
        let folder = try SourceFolder()
        try folder.png("quad.png", width: 40, height: 40, quadrant(40, 40))
        let image = ViewNode.resizableImage().framed(40, 40)
        let sharp = try folder.render(view: image, source: "quad.png")
        if opaque {
            let blurred = try folder.render(view: image.with(.color(.blur(radius: 3, opaque: true))), source: "quad.png")
            for (a, b) in zip(Self.means(sharp), Self.means(blurred)) { #expect(abs(a - b) < 1.5, "\(a) → \(b)") }
            #expect(blurred[20, 20] != sharp[20, 20] && blurred[0, 0].a == 255)
        } else {
            // Transparent edges: the blur spreads past the image into a larger clear canvas, and the
            // premultiplied colour it spreads is conserved.
            let view = ViewNode.zStack(
                alignment: .center,
                children: [
                    ViewNode.color(.clear).framed(80, 80), image.with(.color(.blur(radius: 3, opaque: false))),
                ])
            let blurred = try folder.render(view: view, source: "quad.png")
            var mass = [0.0, 0, 0, 0]
            for y in 0..<80 {
                for x in 0..<80 {
                    let p = blurred[x, y]
                    let a = Double(p.a) / 255
                    for (i, v) in [Double(p.r) * a, Double(p.g) * a, Double(p.b) * a, Double(p.a)].enumerated() { mass[i] += v }
                }
            }
            let expected = Self.means(sharp).map { $0 * 1600 }
            for (got, want) in zip(mass, expected) { #expect(abs(got - want) / want < 0.01, "\(want) → \(got)") }
            #expect(blurred[15, 15].a > 0 && blurred[15, 15].a < 255)
        }
    }
}
