import Foundation
import Layout
import Render
import Testing
import Vips
import VipsTestSupport

/// The canvas held in memory where layers blend (`RGBAPixels`), and the PNG and WebP writers: the
/// pixels must be the ones libvips's own composite and savers give.
@Suite("render: layers blended in memory, PNG and WebP writers")
struct BlendedCanvasTests {
    /// Pseudo-random RGBA bytes, every alpha from 0 to 255 among them.
    static func noise(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<(width * height * 4)).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 33)
            // A quarter of the pixels fully clear, a quarter opaque, as text layers are.
            if index % 4 == 3, index % 16 == 3 { return 0 }
            if index % 4 == 3, index % 16 == 7 { return 255 }
            return byte
        }
    }

    @Test("blending over, in memory, gives libvips's composite byte for byte")
    func blendMatchesComposite() throws {
        let base = try VImage.fromPixels(Self.noise(width: 97, height: 61, seed: 1), width: 97, height: 61, bands: 4)
        let layer = try VImage.fromPixels(Self.noise(width: 40, height: 30, seed: 2), width: 40, height: 30, bands: 4)
        let expected = try base.cropped(x: 13, y: 17, width: 40, height: 30).composited(with: layer, x: 0, y: 0)
        let canvas = try RGBAPixels(computing: base)
        try canvas.blend(layer, x: 13, y: 17)
        let blended = try canvas.takeImage()
        #expect(blended.bands == 4)
        #expect(try blended.cropped(x: 13, y: 17, width: 40, height: 30).pixels() == expected.pixels())
        // Outside the layer nothing changed.
        #expect(try blended.cropped(x: 0, y: 0, width: 97, height: 17).pixels() == base.cropped(x: 0, y: 0, width: 97, height: 17).pixels())
    }

    @Test("over an opaque background, held as RGB, the pixels are libvips's composite's without alpha")
    func blendOverOpaque() throws {
        var bytes = Self.noise(width: 97, height: 61, seed: 4)
        for index in stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 255 }
        let base = try VImage.fromPixels(bytes, width: 97, height: 61, bands: 4)
        let layer = try VImage.fromPixels(Self.noise(width: 40, height: 30, seed: 5), width: 40, height: 30, bands: 4)
        let expected = try base.inserting(try base.cropped(x: 13, y: 17, width: 40, height: 30).composited(with: layer, x: 0, y: 0), x: 13, y: 17)
        let canvas = try RGBAPixels(computing: base)
        #expect(canvas.bands == 3)
        try canvas.blend(layer, x: 13, y: 17)
        let blended = try canvas.takeImage()
        #expect(blended.bands == 3)
        let rgba = try expected.pixels()
        #expect(stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 })
        #expect(try blended.pixels() == stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<($0 + 3)] })
    }

    @Test("an opaque canvas is handed on without its alpha band, the same pixels")
    func opaqueLosesAlpha() throws {
        var bytes = Self.noise(width: 33, height: 7, seed: 3)
        for index in stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 255 }
        let canvas = try RGBAPixels(computing: try VImage.fromPixels(bytes, width: 33, height: 7, bands: 4))
        let image = try canvas.takeImage()
        #expect(image.bands == 3)
        let rgb = stride(from: 0, to: bytes.count, by: 4).flatMap { bytes[$0..<($0 + 3)] }
        #expect(try image.pixels() == rgb)
    }

    @Test("PNG of 1 to 4 bands decodes to the pixels written", arguments: [1, 2, 3, 4])
    func pngRoundTrip(_ bands: Int) throws {
        let bytes = Array(Self.noise(width: 45, height: 23, seed: UInt64(bands)).prefix(45 * 23 * bands))
        let image = try VImage.fromPixels(bytes, width: 45, height: 23, bands: bands)
        let encoded = try image.png()
        #expect(Array(encoded.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try VImage.decode(encoded)
        #expect(decoded.width == 45 && decoded.height == 23 && decoded.bands == bands)
        #expect(try decoded.pixels() == bytes)
    }

    @Test("a drawn view's WebP (libwebp directly) decodes to the same size, close to the pixels")
    func syntheticWebP() throws {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 128] }
        }
        let image = try VImage.fromPixels(pixels, width: 64, height: 48, bands: 3)
        let encoded = try image.webp(quality: 90, synthetic: true)
        #expect(Array(encoded.prefix(4)) == Array("RIFF".utf8) && Array(encoded[8..<12]) == Array("WEBP".utf8))
        let decoded = try VImage.decode(encoded)
        #expect(decoded.width == 64 && decoded.height == 48)
        let back = try decoded.pixels()
        let worst = zip(back, pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst < 24, "largest difference \(worst)")
    }

    @Test("a grey image with alpha as a view's background: the colour over it and its alpha come out")
    func greyAlphaBase() throws {
        let folder = try SourceFolder()
        // Grey + alpha (2 bands), a PNG of colour type 4.
        let greyAndAlpha = [UInt8](repeating: 0, count: 40 * 20 * 2).indices.map { $0 % 2 == 0 ? UInt8(90) : UInt8(200) }
        let grey = try VImage.fromPixels(greyAndAlpha, width: 40, height: 20, bands: 2)
        try folder.write("grey.png", bytes: try grey.png())
        let chain = "ZStack{Image(%22grey%22).resizable().frame(width:40,height:20);Color.red.frame(width:10,height:10)}&fmt=png"
        let rendered = try folder.render("grey.png", "chain=\(chain)")
        #expect(rendered.bitmap[20, 10] == RGBA(255, 59, 48))
        #expect(rendered.bitmap[2, 2].a == 200)
    }
}
