import Layout
import Render
import Testing

/// `focus=`: what a cropping frame keeps. A content focus (libvips smartcrop) keeps an object placed
/// off-centre that the centred crop cuts away; a point focus lands where the layout math says, with
/// EXIF-free fixed orientation and `@2x` sources too.
@Suite("render: focus for crops")
struct FocusCropTests {
    static let grey = RGBA(128, 128, 128), red = RGBA(220, 30, 30), blue = RGBA(0, 0, 255)

    /// 400×200 grey, a 40×40 red square at (320, 80): far right of centre.
    private func offCentre(_ folder: SourceFolder) throws {
        try folder.png("scene.png", width: 400, height: 200) { x, y in
            (320..<360).contains(x) && (80..<120).contains(y) ? Self.red : Self.grey
        }
    }

    private func redPixels(_ bitmap: Bitmap) -> Int {
        var count = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x, y].isClose(to: Self.red, tolerance: 30) { count += 1 } }
        return count
    }

    @Test("a centred crop loses the object; attention and entropy keep all of it", arguments: ["", "&focus=attention", "&focus=entropy"])
    func contentFocus(_ focus: String) throws {
        let folder = try SourceFolder()
        try offCentre(folder)
        let (image, bitmap) = try folder.render("scene.png", "w=100&h=100&mode=fill&fmt=png" + focus)
        #expect(image.pixelSize == PixelSize(width: 100, height: 100))
        // The square is 20×20 at the render's scale of 1/2.
        if focus.isEmpty { #expect(redPixels(bitmap) == 0) } else { #expect(redPixels(bitmap) >= 18 * 18, "\(redPixels(bitmap))") }
    }

    @Test("the crop window keeps the object with ratio= and with mode=none")
    func otherCrops() throws {
        let folder = try SourceFolder()
        try offCentre(folder)
        let (_, ratio) = try folder.render("scene.png", "ratio=1&w=100&mode=fill&focus=attention&fmt=png")
        #expect(redPixels(ratio) >= 18 * 18)
        let (_, none) = try folder.render("scene.png", "w=100&h=100&mode=none&clip=1&focus=attention&fmt=png")
        #expect(redPixels(none) >= 38 * 38)
    }

    /// 400×200 white with an 8×8 blue mark centred on (240, 100): fractions (0.6, 0.5).
    private func marked(_ x: Int, _ y: Int) -> RGBA {
        (236..<244).contains(x) && (96..<104).contains(y) ? Self.blue : .white
    }

    @Test("the focus point lands at the frame's centre, for a plain and an @2x source", arguments: ["mark.png", "mark@2x.png"])
    func pointLands(_ name: String) throws {
        let folder = try SourceFolder()
        try folder.png(name, width: 400, height: 200, marked)
        // The @2x source is 200×100 points: filling 100×100 it is the same 200×100 rect as the plain one at 1/2.
        let (_, bitmap) = try folder.render(name, "w=100&h=100&mode=fill&focus=0.6,0.5&fmt=png")
        #expect(bitmap[50, 50].isClose(to: Self.blue, tolerance: 40), "\(bitmap[50, 50])")
        #expect(bitmap[20, 50] == .white && bitmap[80, 50] == .white)
    }

    @Test("fractions are of the image as shown: orient=right turns the stored pixels first")
    func orientation() throws {
        let folder = try SourceFolder()
        // Stored 200×400; shown turned 90° clockwise it is the 400×200 marked image.
        try folder.png("turned.png", width: 200, height: 400) { x, y in marked(399 - y, x) }
        let (_, bitmap) = try folder.render("turned.png", "orient=right&w=100&h=100&mode=fill&focus=0.6,0.5&fmt=png")
        #expect(bitmap[50, 50].isClose(to: Self.blue, tolerance: 40), "\(bitmap[50, 50])")
    }
}
