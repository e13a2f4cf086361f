import Placeholders
import Testing

/// The encoders against the reference implementations' output for the same generated images:
/// BlurHash strings from PyPI `blurhash` 1.1.5 (a port of woltapp's encoder) and ThumbHash bytes
/// from PyPI `thumbhash` 0.1.2 (a port of Evan Wallace's), computed once and written here.
@Suite("Placeholder encoders match the reference implementations")
struct PlaceholderEncoderTests {
    /// 20 × 15, opaque: r = 12x + 5y, g = 16y + x², b = 6(x + y), each mod 256.
    static let blurHashImage: RGBAPixelGrid = grid(width: 20, height: 15) { x, y in
        [(x * 12 + y * 5) % 256, (y * 16 + x * x) % 256, (x + y) * 6 % 256, 255]
    }

    /// Opaque: r = 8x, g = 12y, b = 255 − 4x − 3y, each mod 256.
    static func thumbHashImage(width: Int, height: Int) -> RGBAPixelGrid {
        grid(width: width, height: height) { x, y in [(x * 8) % 256, (y * 12) % 256, ((255 - x * 4 - y * 3) % 256 + 256) % 256, 255] }
    }

    static func grid(width: Int, height: Int, _ pixel: (Int, Int) -> [Int]) -> RGBAPixelGrid {
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { samples += pixel(x, y).map { UInt8($0) } }
        }
        return RGBAPixelGrid(width: width, height: height, bands: 4, samples: samples)
    }

    @Test(
        "BlurHash equals the reference's string",
        arguments: [
            (4, 3, "LeHedc2kJB,sm,IIzwOnRSoekTX$"), (9, 2, "HeHedc2kJB,sJQxGSKoyWUm,IIzwOntOizS|rtR-"), (1, 1, "00Hedc"),
        ])
    func blurHash(x: Int, y: Int, expected: String) {
        let hash = BlurHash.encode(Self.blurHashImage, componentsX: x, componentsY: y)
        #expect(hash == expected)
        #expect(hash.count == 4 + 2 * x * y)
    }

    @Test(
        "ThumbHash equals the reference's bytes",
        arguments: [
            (30, 20, [97, 6, 6, 101, 152, 114, 119, 119, 128, 136, 120, 135, 136, 120, 136, 135, 112, 114, 8, 247, 136]),
            (17, 40, [157, 149, 5, 67, 14, 132, 137, 88, 135, 112, 138, 90, 113, 128, 6, 199, 183]),
        ])
    func thumbHash(width: Int, height: Int, expected: [Int]) {
        #expect(ThumbHash.encode(Self.thumbHashImage(width: width, height: height)).map(Int.init) == expected)
    }

    @Test("a translucent image's ThumbHash sets the alpha flag and carries an alpha byte")
    func thumbHashAlpha() {
        let image = Self.grid(width: 10, height: 10) { x, _ in [255, 0, 0, x < 5 ? 255 : 0] }
        let hash = ThumbHash.encode(image)
        #expect(hash[2] & 0x80 != 0)
        // Half opaque: the alpha DC (low nibble of byte 5) is about 15 × 0.5.
        #expect((7...8).contains(Int(hash[5] & 15)))
    }

    @Test("a flat colour is its own average, dominant colour and only palette entry")
    func flatColour() {
        let image = Self.grid(width: 8, height: 8) { _, _ in [200, 100, 50, 255] }
        let colour = PlaceholderColor(red: 200, green: 100, blue: 50)
        #expect(AverageColor.of(image) == colour)
        #expect(ColorQuantizer.dominant(image) == colour)
        #expect(ColorQuantizer.clusters(image, k: 5).map(\.color) == [colour])
        #expect(colour.description == "#c86432")
    }

    @Test("two colours: the larger area is dominant and first in the palette; the average is taken in linear light")
    func twoColours() {
        // 3 columns of red for every column of blue.
        let image = Self.grid(width: 16, height: 4) { x, _ in x < 12 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        #expect(ColorQuantizer.dominant(image)?.description == "#ff0000")
        #expect(ColorQuantizer.clusters(image, k: 2).map(\.color.description) == ["#ff0000", "#0000ff"])
        // Linear means 0.75 and 0.25 encode to 225 and 137.
        #expect(AverageColor.of(image)?.description == "#e10089")
    }

    @Test("transparent pixels count for nothing; a fully transparent image has no colour")
    func transparency() {
        let image = Self.grid(width: 4, height: 4) { x, _ in x < 2 ? [0, 255, 0, 255] : [255, 0, 0, 0] }
        #expect(AverageColor.of(image)?.description == "#00ff00")
        #expect(ColorQuantizer.clusters(image, k: 3).map(\.color.description) == ["#00ff00"])
        let clear = Self.grid(width: 4, height: 4) { _, _ in [9, 9, 9, 0] }
        #expect(AverageColor.of(clear) == nil)
        #expect(ColorQuantizer.dominant(clear) == nil)
    }

    @Test("black and white average to #bcbcbc in linear light")
    func linearAverage() {
        let image = Self.grid(width: 2, height: 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        #expect(AverageColor.of(image)?.description == "#bcbcbc")
    }

    @Test("a palette of a smooth gradient has as many colours as asked, each different")
    func gradientPalette() {
        let image = Self.grid(width: 64, height: 1) { x, _ in [x * 4, x * 4, x * 4, 255] }
        let palette = ColorQuantizer.clusters(image, k: 8).map(\.color)
        #expect(palette.count == 8)
        #expect(Set(palette).count == 8)
    }
}
