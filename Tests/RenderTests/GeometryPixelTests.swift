import Layout
import Render
import Testing
import TransformSpec
import Vips

@Suite("render: where the pixels land")
struct GeometryPixelTests {
    /// fill into a 100×50 frame: a 200×200 quadrant image becomes 100×100, so alignment picks
    /// which 50 rows show. Corners are sampled 2 px in, away from resampled edges.
    @Test(
        "fill + clip shows the expected colour in each corner",
        arguments: [
            ("topLeading", [RGBA.red, .green, .red, .green]),
            ("top", [.red, .green, .red, .green]),
            ("center", [.red, .green, .blue, .yellow]),
            ("bottom", [.blue, .yellow, .blue, .yellow]),
            ("bottomTrailing", [.blue, .yellow, .blue, .yellow]),
        ])
    func fillCorners(_ align: String, _ corners: [RGBA]) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 200, height: 200, quadrant(200, 200))
        let (image, bitmap) = try folder.render("q.png", "w=100&h=50&mode=fill&clip=1&fmt=png&align=\(align)")
        #expect(image.pixelSize == PixelSize(width: 100, height: 50))
        let points = [(2, 2), (97, 2), (2, 47), (97, 47)]
        for (point, expected) in zip(points, corners) {
            #expect(bitmap[point.0, point.1].isClose(to: expected), "\(align) at \(point): \(bitmap[point.0, point.1])")
        }
    }

    @Test(
        "fill + clip in a tall frame follows horizontal alignment",
        arguments: [
            ("leading", [RGBA.red, .red, .blue, .blue]), ("trailing", [.green, .green, .yellow, .yellow]),
        ])
    func fillTall(_ align: String, _ corners: [RGBA]) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 200, height: 200, quadrant(200, 200))
        let (_, bitmap) = try folder.render("q.png", "w=50&h=100&mode=fill&clip=1&fmt=png&align=\(align)")
        for (point, expected) in zip([(2, 2), (47, 2), (2, 97), (47, 97)], corners) {
            #expect(bitmap[point.0, point.1].isClose(to: expected), "\(align) at \(point)")
        }
    }

    @Test("fit leaves the letterbox transparent in PNG, matte or bg colour in JPEG")
    func letterbox() throws {
        let folder = try SourceFolder()
        try folder.png("wide.png", width: 400, height: 200, { _, _ in .red })
        let (png, bitmap) = try folder.render("wide.png", "w=100&h=100&mode=fit&fmt=png")
        #expect(png.hasAlpha)
        #expect(bitmap[50, 10] == .clear && bitmap[50, 90] == .clear)
        #expect(bitmap[50, 50].isClose(to: .red, tolerance: 0))
        let (jpeg, white) = try folder.render("wide.png", "w=100&h=100&mode=fit&fmt=jpeg")
        #expect(jpeg.format == .jpeg && !jpeg.hasAlpha)
        #expect(white[50, 10].isClose(to: .white, tolerance: 3))
        let (_, blue) = try folder.render("wide.png", "w=100&h=100&mode=fit&fmt=jpeg&bg=0000ff")
        #expect(blue[50, 10].isClose(to: .blue, tolerance: 6))
        #expect(blue[50, 50].isClose(to: .red, tolerance: 6))
    }

    @Test("fmt=auto picks PNG for transparency, JPEG otherwise")
    func autoFormat() throws {
        let folder = try SourceFolder()
        try folder.png("wide.png", width: 400, height: 200, { _, _ in .red })
        #expect(try folder.render("wide.png", "w=100&h=100&mode=fit").image.format == .png)
        #expect(try folder.render("wide.png", "w=100&h=100&mode=fill&clip=1").image.format == .jpeg)
        #expect(try folder.render("wide.png", "w=100&h=100&mode=fit&opaque=1").image.format == .jpeg)
    }

    @Test("tiles repeat with the image's period from the rect's top-left")
    func tilePeriod() throws {
        let folder = try SourceFolder()
        // A 34×34 tile whose colour encodes its own coordinates, so any phase error shows.
        let pattern: (Int, Int) -> RGBA = { x, y in RGBA(UInt8(x * 7), UInt8(y * 7), x < 17 ? 255 : 0) }
        try folder.png("dot.png", width: 34, height: 34, pattern)
        // The tiled view is 100×80 centred in 120×100, so its top-left is at (10, 10).
        let (image, bitmap) = try folder.render(
            "dot.png", "chain=resizable(resizingMode:.tile).frame(width:100,height:80).frame(width:120,height:100)&fmt=png")
        #expect(image.pixelSize == PixelSize(width: 120, height: 100))
        for y in 0..<80 {
            for x in 0..<100 {
                #expect(bitmap[10 + x, 10 + y] == pattern(x % 34, y % 34), "at \(x),\(y)")
            }
        }
        #expect(bitmap[5, 5] == .clear && bitmap[115, 95] == .clear)
    }

    @Test("render scale 2 doubles the pixels, geometry stays in points")
    func scale2() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 200, height: 200, quadrant(200, 200))
        let (one, _) = try folder.render("q.png", "w=100&h=50&mode=fill&clip=1&fmt=png")
        let (two, bitmap) = try folder.render("q.png", "w=100&h=50&mode=fill&clip=1&fmt=png&scale=2")
        #expect(one.pixelSize == PixelSize(width: 100, height: 50))
        #expect(two.pixelSize == PixelSize(width: 200, height: 100))
        #expect(bitmap[4, 4].isClose(to: .red) && bitmap[195, 95].isClose(to: .yellow))
    }

    @Test("borders are bands inside the bounds, in points")
    func border() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 200, height: 200, { _, _ in .white })
        let (_, bitmap) = try folder.render("q.png", "w=40&h=30&mode=fill&clip=1&fmt=png&border=ff0000,2&scale=2")
        #expect(bitmap[0, 0] == .red && bitmap[3, 30] == .red && bitmap[79, 59] == .red)
        #expect(bitmap[4, 30] == .white && bitmap[40, 4] == .white)
    }

    @Test("linear gradient background runs from start to end")
    func gradient() throws {
        let folder = try SourceFolder()
        try folder.png("tiny.png", width: 2, height: 2, { _, _ in .clear })
        let (_, bitmap) = try folder.render("tiny.png", "w=100&h=10&mode=fit&fmt=png&bg=linear(ff0000,0000ff;leading,trailing)")
        #expect(bitmap[0, 0].isClose(to: .red, tolerance: 3))
        #expect(bitmap[99, 9].isClose(to: .blue, tolerance: 3))
        #expect(bitmap[50, 5].isClose(to: RGBA(125, 0, 130), tolerance: 4))
    }
}
