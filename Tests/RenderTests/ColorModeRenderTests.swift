import Layout
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// `colormode=`: real pixels through the whole renderer. In linear light an average of white and
/// black is 0.5 linear, which sRGB encodes as 188, where averaging the sRGB values gives 128.
@Suite("render: colormode")
struct ColorModeRenderTests {
    /// 0.5 linear, sRGB-encoded in 8 bits.
    static let halfLinear = 188

    static func meanRed(_ bitmap: Bitmap) -> Double {
        var sum = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { sum += Int(bitmap[x, y].r) } }
        return Double(sum) / Double(bitmap.width * bitmap.height)
    }

    /// 1-px white lines on black in every other column and row of 4 (a grid whose lines cover half
    /// of each 2×2 cell along x): half the pixels white.
    static func lines(_ x: Int, _ y: Int) -> RGBA {
        x % 2 == 0 ? .white : RGBA(0, 0, 0)
    }

    @Test("thin white lines reduced 4× stay bright in linear light, darken in sRGB", arguments: ["low", "medium", "high"])
    func linesDownscaled(_ interp: String) throws {
        let folder = try SourceFolder()
        try folder.png("lines.png", width: 64, height: 64, Self.lines)
        let query = "w=16&h=16&mode=stretch&fmt=png&interp=\(interp)"
        let plain = Self.meanRed(try folder.render("lines.png", query).bitmap)
        let linear = Self.meanRed(try folder.render("lines.png", query + "&colormode=linear").bitmap)
        #expect(abs(plain - 128) < 6, "nonLinear mean \(plain)")
        #expect(abs(linear - Double(Self.halfLinear)) < 6, "linear mean \(linear)")
    }

    @Test("50 % white over black blends to 188 in linear light, 128 in sRGB")
    func compositeHalfWhite() throws {
        let folder = try SourceFolder()
        let chain = "chain=ZStack{Color.black;Color.white.opacity(0.5)}.frame(width:8,height:8)&fmt=png"
        let plain = try folder.render("unused.png", chain).bitmap[4, 4]
        let linear = try folder.render("unused.png", chain + "&colormode=linear").bitmap[4, 4]
        #expect(plain.isClose(to: RGBA(128, 128, 128), tolerance: 1), "\(plain)")
        #expect(linear.isClose(to: RGBA(188, 188, 188), tolerance: 1), "\(linear)")
    }

    @Test("a semi-transparent result keeps its alpha in linear light")
    func alphaKept() throws {
        let folder = try SourceFolder()
        let (image, bitmap) = try folder.render("unused.png", "chain=Color.red.opacity(0.5).frame(width:4,height:4)&colormode=linear")
        #expect(image.format == .png && image.hasAlpha)
        // SwiftUI's red is (255, 59, 48); opacity 0.5 is alpha 128.
        #expect(bitmap[1, 1].isClose(to: RGBA(255, 59, 48, 128), tolerance: 1), "\(bitmap[1, 1])")
    }

    @Test("nearest-neighbour sampling keeps exact source colours through linear light")
    func nearestExact() throws {
        let folder = try SourceFolder()
        try folder.png("c.png", width: 4, height: 4, { x, y in [RGBA.red, .green, RGBA(12, 200, 77), RGBA(1, 2, 3)][(x / 2 + 2 * (y / 2)) % 4] })
        let (_, bitmap) = try folder.render("c.png", "w=40&h=40&mode=fit&fmt=png&interp=none&colormode=linear")
        #expect(bitmap.colours == [.red, .green, RGBA(12, 200, 77), RGBA(1, 2, 3)])
    }

    @Test("extendedLinear writes a 16-bit PNG of the canvas size, with values between 8-bit steps")
    func extendedLinearPNG() throws {
        let folder = try SourceFolder()
        let chain = "chain=ZStack{Color.black;Color.white.opacity(0.5)}.frame(width:6,height:5)&colormode=extendedLinear"
        let spec = try TransformSpec.parse(source: "unused.png", query: chain)
        let image = try folder.renderer.render(spec)
        #expect(image.format == .png && image.pixelSize == PixelSize(width: 6, height: 5))
        let decoded = try VImage.decode(image.bytes)
        #expect(decoded.bitsPerSample == 16 && decoded.width == 6 && decoded.height == 5 && decoded.bands == 4)
        // Opacity 0.5 is alpha 128, 0.502 linear: 0.7366 sRGB, 48 276 of 65 535, which no 8-bit value × 257 gives.
        let grey = try decoded.bands(0).minimum(band: 0)
        #expect(abs(grey - 48_276) < 40, "\(grey)")
        #expect(Int(grey) % 257 != 0)
        #expect(try decoded.minimum(band: 3) == 65_535)
    }

    @Test("extendedLinear with opaque=1 is a 16-bit RGB PNG")
    func extendedLinearOpaque() throws {
        let folder = try SourceFolder()
        try folder.png("c.png", width: 8, height: 8, quadrant(8, 8))
        let spec = try TransformSpec.parse(source: "c.png", query: "w=4&h=4&mode=fill&colormode=extendedLinear&opaque=1")
        let decoded = try VImage.decode(try folder.renderer.render(spec).bytes)
        #expect(decoded.bitsPerSample == 16 && decoded.bands == 3 && decoded.width == 4)
    }

    @Test(
        "effects render the same in every mode when nothing is resampled or blended",
        arguments: [
            "grayscale=1", "blur=2", "radius=3",
        ])
    func effects(_ effect: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 32, height: 32, quadrant(32, 32))
        let query = "w=32&h=32&mode=fill&fmt=png&" + effect
        let plain = try folder.render("q.png", query).bitmap
        let linear = try folder.render("q.png", query + "&colormode=linear").bitmap
        for (x, y) in [(4, 4), (28, 4), (4, 28), (28, 28), (16, 16)] {
            #expect(plain[x, y].isClose(to: linear[x, y], tolerance: effect.hasPrefix("radius") ? 1 : 40), "\(effect) at \(x),\(y)")
        }
    }

    @Test("a shadow draws in linear light")
    func shadow() throws {
        let folder = try SourceFolder()
        let chain = "chain=Color.red.frame(width:10,height:10).shadow(radius:3).padding(10).background(.white)&fmt=png&colormode=linear"
        let bitmap = try folder.render("unused.png", chain).bitmap
        #expect(bitmap[15, 15] == RGBA(255, 59, 48))
        let edge = bitmap[15, 21]
        #expect(edge.r < 255 && edge.r > 150 && edge.r == edge.g, "\(edge)")
    }

    @Test("the memory budget counts float linear light for an effect group's offscreen layer")
    func budget() throws {
        let folder = try SourceFolder()
        var limits = RenderLimits()
        // A 1500×1500 group: 9 MB offscreen at 8 bits, 36 MB in linear light; with the composite
        // strips, the PNG writer's rows and the encoded PNG, 33 MB in all at 8 bits.
        limits.maxRenderBytes = 32 * 1024 * 1024
        let chain = "chain=Color.red.frame(width:1500,height:1500).grayscale(1)&fmt=png"
        let linear = try folder.failure("unused.png", chain + "&colormode=linear", limits: limits)
        guard case .overBudget(let reason) = linear else {
            Issue.record("expected over budget, got \(String(describing: linear))")
            return
        }
        #expect(reason.contains("offscreen layer"))
        #expect(try folder.failure("unused.png", chain, limits: limits) == nil)
    }
}
