import Layout
import Render
import Sources
import Testing
import TransformSpec
import Vips
import VipsTestSupport

@Suite("render: resampling and sources")
struct ResamplingPixelTests {
    /// A 4×4 checker of four colours in 2×2 blocks.
    static func checker(_ x: Int, _ y: Int) -> RGBA {
        [RGBA.red, .green, .blue, .yellow][(x / 2 + 2 * (y / 2)) % 4]
    }

    @Test("interp=none keeps hard edges; medium and high blend", arguments: ["none", "low", "medium", "high"])
    func interpolation(_ interp: String) throws {
        let folder = try SourceFolder()
        try folder.png("c.png", width: 4, height: 4, Self.checker)
        let (_, bitmap) = try folder.render("c.png", "w=300&h=300&mode=fit&fmt=png&interp=\(interp)")
        let sourceColours: Set<RGBA> = [.red, .green, .blue, .yellow]
        if interp == "none" {
            #expect(bitmap.colours.isSubset(of: sourceColours))
        } else {
            #expect(!bitmap.colours.isSubset(of: sourceColours), "\(interp) should blend")
        }
    }

    @Test("interp=none also keeps source colours when reducing")
    func nearestDown() throws {
        let folder = try SourceFolder()
        try folder.png("c.png", width: 400, height: 400, { x, y in Self.checker(x / 25, y / 25) })
        let (_, bitmap) = try folder.render("c.png", "w=30&h=30&mode=fit&fmt=png&interp=none")
        #expect(bitmap.colours.isSubset(of: [.red, .green, .blue, .yellow]))
    }

    @Test("transparent pixels do not bleed colour when resampling (premultiplied alpha)")
    func premultiplied() throws {
        let folder = try SourceFolder()
        // Left half opaque green, right half fully transparent *red*: no red may appear.
        try folder.png("a.png", width: 8, height: 8, { x, _ in x < 4 ? .green : RGBA(255, 0, 0, 0) })
        let (_, bitmap) = try folder.render("a.png", "w=100&h=100&mode=stretch&fmt=png&interp=high")
        for x in 0..<100 where bitmap[x, 50].a > 8 {
            #expect(bitmap[x, 50].r < 40, "red bleed at x=\(x): \(bitmap[x, 50])")
        }
    }

    @Test("9-slice corners are pixel-identical to the source corners", arguments: ["stretch", "tile"])
    func nineSliceCorners(_ mode: String) throws {
        let folder = try SourceFolder()
        let pattern: (Int, Int) -> RGBA = { x, y in RGBA(UInt8(x * 8), UInt8(y * 8), UInt8((x * y) % 256)) }
        try folder.png("b.png", width: 30, height: 30, pattern)
        let (_, bitmap) = try folder.render(
            "b.png",
            "chain=resizable(capInsets:EdgeInsets(top:10,leading:10,bottom:10,trailing:10),resizingMode:.\(mode)).frame(width:100,height:60)&fmt=png")
        for y in 0..<10 {
            for x in 0..<10 {
                #expect(bitmap[x, y] == pattern(x, y))
                #expect(bitmap[90 + x, y] == pattern(20 + x, y))
                #expect(bitmap[x, 50 + y] == pattern(x, 20 + y))
                #expect(bitmap[90 + x, 50 + y] == pattern(20 + x, 20 + y))
            }
        }
        if mode == "tile" {
            // Centre tiles repeat the source centre every 10 px.
            #expect(bitmap[10, 10] == pattern(10, 10) && bitmap[20, 20] == pattern(10, 10) && bitmap[35, 47] == pattern(15, 17))
        }
    }

    /// EXIF orientation n: how the stored pixels relate to the upright picture (EXIF 2.3 §4.6.4:
    /// e.g. 6 "right-top" stores the picture's right edge as row 0 and its top as column 0).
    static func stored(_ n: Int, upright: @escaping (Int, Int) -> RGBA, width w: Int, height h: Int) -> (Int, Int, (Int, Int) -> RGBA) {
        switch n {
        case 2: (w, h, { x, y in upright(w - 1 - x, y) })
        case 3: (w, h, { x, y in upright(w - 1 - x, h - 1 - y) })
        case 4: (w, h, { x, y in upright(x, h - 1 - y) })
        case 5: (h, w, { x, y in upright(y, x) })
        case 6: (h, w, { x, y in upright(w - 1 - y, x) })
        case 7: (h, w, { x, y in upright(w - 1 - y, h - 1 - x) })
        case 8: (h, w, { x, y in upright(y, h - 1 - x) })
        default: (w, h, upright)
        }
    }

    @Test("EXIF orientations 1–8 come out upright", arguments: 1...8)
    func orientation(_ n: Int) throws {
        let folder = try SourceFolder()
        let (w, h, pixel) = Self.stored(n, upright: quadrant(60, 40), width: 60, height: 40)
        let image = try SourceFolder.image(width: w, height: h, pixel).taggedWithOrientation(n)
        try folder.write("o.jpg", bytes: try image.jpegKeepingMetadata(quality: 95))
        let (rendered, bitmap) = try folder.render("o.jpg", "mode=none&fmt=png")
        #expect(rendered.pixelSize == PixelSize(width: 60, height: 40))
        for (point, expected) in zip([(5, 5), (55, 5), (5, 35), (55, 35)], [RGBA.red, .green, .blue, .yellow]) {
            #expect(bitmap[point.0, point.1].isClose(to: expected, tolerance: 40), "EXIF \(n) at \(point): \(bitmap[point.0, point.1])")
        }
    }

    @Test("orient= overrides the EXIF tag")
    func fixedOrientation() throws {
        let folder = try SourceFolder()
        let (w, h, pixel) = Self.stored(6, upright: quadrant(60, 40), width: 60, height: 40)
        try folder.write("o.jpg", bytes: try SourceFolder.image(width: w, height: h, pixel).taggedWithOrientation(6).jpegKeepingMetadata(quality: 95))
        #expect(try folder.render("o.jpg", "mode=none&fmt=png&orient=up").image.pixelSize == PixelSize(width: 40, height: 60))
        let (turned, bitmap) = try folder.render("o.jpg", "mode=none&fmt=png&orient=right")
        #expect(turned.pixelSize == PixelSize(width: 60, height: 40))
        #expect(bitmap[5, 5].isClose(to: .red, tolerance: 40))
    }

    @Test("CMYK JPEG and 16-bit PNG come out 8-bit sRGB", arguments: ["cmyk", "rgb16"])
    func colourSpaces(_ kind: String) throws {
        let folder = try SourceFolder()
        let upright = try SourceFolder.image(width: 64, height: 64, quadrant(64, 64)).flattened(onto: [255, 255, 255])
        let fixture =
            kind == "cmyk"
            ? try upright.converted(to: .cmyk).jpegKeepingMetadata(quality: 95)
            : try upright.converted(to: .rgb16).pngKeepingMetadata()
        let check = try VImage.decode(fixture)
        #expect(kind == "cmyk" ? check.bands == 4 && !check.isSRGB : check.bitsPerBand == 16)
        try folder.write("s.img", bytes: fixture)
        let (image, _) = try folder.render("s.img", "w=32&h=32&fmt=png")
        let decoded = try VImage.decode(image.bytes)
        #expect(decoded.isEightBit && decoded.isSRGB)
        let bitmap = try Bitmap(decoded)
        #expect(bitmap[4, 4].r > 200 && bitmap[4, 4].g < 80, "\(bitmap[4, 4])")
        #expect(bitmap[28, 28].r > 200 && bitmap[28, 28].g > 200 && bitmap[28, 28].b < 80, "\(bitmap[28, 28])")
    }

    @Test("16-bit greyscale comes out 8-bit sRGB, composited with colour layers")
    func greyscale() throws {
        let folder = try SourceFolder()
        let grey = try SourceFolder.image(width: 40, height: 40, { x, _ in x < 20 ? RGBA(50, 50, 50) : RGBA(200, 200, 200) })
            .flattened(onto: [0, 0, 0]).converted(to: .grey16)
        try folder.write("g.png", bytes: try grey.pngKeepingMetadata())
        #expect(try VImage.decode(try grey.pngKeepingMetadata()).bands == 1)
        let (image, bitmap) = try folder.render("g.png", "w=40&h=60&mode=fit&fmt=png&bg=ff0000")
        let decoded = try VImage.decode(image.bytes)
        #expect(decoded.isEightBit && decoded.isSRGB)
        #expect(bitmap[5, 30].isClose(to: RGBA(50, 50, 50), tolerance: 3) && bitmap[35, 30].isClose(to: RGBA(200, 200, 200), tolerance: 3))
        #expect(bitmap[5, 5] == .red)
    }

    @Test(
        "bad sources give typed errors, never a crash",
        arguments: [
            ("empty.jpg", [UInt8]()), ("text.jpg", Array("this is not an image\n".utf8)),
        ])
    func badSources(_ name: String, _ bytes: [UInt8]) throws {
        let folder = try SourceFolder()
        try folder.write(name, bytes: bytes)
        #expect {
            try folder.render(name, "w=10&h=10")
        } throws: { error in
            guard case RenderError.unsupportedSource = error else { return false }
            return true
        }
    }

    @Test("a truncated JPEG is undecodable; a missing file is not found")
    func truncated() throws {
        let folder = try SourceFolder()
        let full = try SourceFolder.image(width: 256, height: 256, quadrant(256, 256)).jpeg(quality: 90)
        try folder.write("cut.jpg", bytes: Array(full.prefix(full.count / 2)))
        #expect {
            try folder.render("cut.jpg", "w=100&h=100")
        } throws: { error in
            guard case RenderError.undecodable("cut.jpg", _) = error else { return false }
            return true
        }
        #expect {
            try folder.render("missing.jpg", "w=100&h=100")
        } throws: { error in
            guard case SourceError.notFound = error else { return false }
            return true
        }
    }
}
