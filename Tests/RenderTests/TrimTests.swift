import Layout
import Render
import Testing
import TransformSpec
import Vips

/// `trim=`: uniform borders go before layout, so what is left is the image's intrinsic size, in
/// every layout, with orientation, transparency and a reduced JPEG decode.
@Suite("render: trim")
struct TrimTests {
    static let grey = RGBA(128, 128, 128), blue = RGBA(0, 0, 255)

    /// 300×200 grey (or `border`), a 100×60 blue box at (50, 40).
    private func boxed(_ folder: SourceFolder, _ name: String = "boxed.png", border: RGBA = grey) throws {
        try folder.png(name, width: 300, height: 200) { x, y in
            (50..<150).contains(x) && (40..<100).contains(y) ? Self.blue : border
        }
    }

    private func planned(_ folder: SourceFolder, _ source: String, _ query: String) throws -> RenderPlan {
        try folder.renderer.plan(TransformSpec.parse(source: source, query: query))
    }

    @Test("the inner size becomes the image's size: the plan and the output are 100×60, all blue")
    func innerSize() throws {
        let folder = try SourceFolder()
        try boxed(folder)
        #expect(try planned(folder, "boxed.png", "trim=10").rootSize == Size(width: 100, height: 60))
        let (image, bitmap) = try folder.render("boxed.png", "trim=10&mode=none&fmt=png")
        #expect(image.pixelSize == PixelSize(width: 100, height: 60))
        #expect(bitmap.colours == [Self.blue])
    }

    @Test("the border colour: the top-left pixel by default, or the one given")
    func colour() throws {
        let folder = try SourceFolder()
        try boxed(folder)
        #expect(try planned(folder, "boxed.png", "trim=10,808080").rootSize == Size(width: 100, height: 60))
        // Nothing is white, so nothing is border.
        #expect(try planned(folder, "boxed.png", "trim=10,white").rootSize == Size(width: 300, height: 200))
    }

    @Test("a transparent border is trimmed")
    func transparent() throws {
        let folder = try SourceFolder()
        try boxed(folder, border: .clear)
        #expect(try planned(folder, "boxed.png", "trim=0").rootSize == Size(width: 100, height: 60))
    }

    @Test("the trim is found on the image as shown: orient=right turns the inner size too")
    func orientation() throws {
        let folder = try SourceFolder()
        try boxed(folder)
        #expect(try planned(folder, "boxed.png", "trim=10&orient=right").rootSize == Size(width: 60, height: 100))
        let (_, bitmap) = try folder.render("boxed.png", "trim=10&orient=right&mode=none&fmt=png")
        #expect(bitmap.colours == [Self.blue])
    }

    @Test("a large JPEG decoded at a reduced size keeps the same crop: fill and fit show only the box")
    func reducedDecode() throws {
        let folder = try SourceFolder()
        // 2400×1600 grey with a 1200×400 blue box at (600, 600): fit at 120 wide decodes at 1/8.
        let image = try SourceFolder.image(width: 2400, height: 1600) { x, y in
            (600..<1800).contains(x) && (600..<1000).contains(y) ? Self.blue : Self.grey
        }
        try folder.write("big.jpg", bytes: try image.jpeg(quality: 95))
        let (fit, fitPixels) = try folder.render("big.jpg", "trim=30&w=120&fmt=png")
        #expect(fit.pixelSize == PixelSize(width: 120, height: 40))
        let (_, fillPixels) = try folder.render("big.jpg", "trim=30&w=60&h=60&mode=fill&fmt=png")
        for (bitmap, points) in [(fitPixels, [(1, 1), (118, 38), (60, 20)]), (fillPixels, [(1, 1), (58, 58), (30, 30)])] {
            for (x, y) in points { #expect(bitmap[x, y].isClose(to: Self.blue, tolerance: 24), "\(bitmap[x, y]) at \(x),\(y)") }
        }
    }

    @Test("an image that is all border stays whole")
    func allBorder() throws {
        let folder = try SourceFolder()
        try folder.png("flat.png", width: 30, height: 20) { _, _ in Self.grey }
        #expect(try planned(folder, "flat.png", "trim=10").rootSize == Size(width: 30, height: 20))
    }
}
