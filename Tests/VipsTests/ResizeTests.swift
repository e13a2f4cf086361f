import CResample
import Testing
import Vips
import VipsTestSupport

/// `VImage.resized` runs its own horizontal reduce for 8-bit RGB lanczos3 reductions (CResample:
/// two rows at a time, positions and coefficient rows found once per strip) and must give
/// libvips's `resize` byte for byte: the same masks, sums, rounding and clamping. Compared on noise
/// and on hard edges (whose lanczos overshoot is clamped at 0 and 255), at factors that need 7 to 61
/// taps, on odd sizes, through crops (strips that start mid-row), and where libvips runs alone.
@Suite("libvips: resize")
struct ResizeTests {
    /// Factors from just under 1 (7 taps) to 1/3.9 (25 taps), each axis on its own.
    static let factors: [(horizontal: Double, vertical: Double)] = [
        (0.999, 0.999), (0.95, 0.95), (0.7, 0.7), (0.635, 0.635), (0.5, 0.5), (0.4, 0.6), (1.0 / 3, 1.0 / 3), (0.2565, 0.2565),
        (0.8, 1), (0.3, 0.9), (0.61, 0.25),
    ]

    static let sizes: [(width: Int, height: Int)] = [(37, 23), (504, 378), (1001, 77), (640, 481), (13, 300)]

    @Test("the same bytes as libvips's resize, on noise and on hard edges", arguments: [false, true])
    func sameBytes(hardEdges: Bool) throws {
        for (width, height) in Self.sizes {
            let source = try Self.source(width: width, height: height, hardEdges: hardEdges)
            for (horizontal, vertical) in Self.factors {
                let ours = try source.resized(horizontal: horizontal, vertical: vertical, kernel: .lanczos3)
                let theirs = try source.libvipsResized(horizontal: horizontal, vertical: vertical)
                #expect(ours.width == theirs.width && ours.height == theirs.height, "\(width)×\(height) at \(horizontal)×\(vertical)")
                #expect(try ours.pixels() == theirs.pixels(), "\(width)×\(height) at \(horizontal)×\(vertical)")
            }
        }
    }

    @Test("its own reduce runs for 8-bit RGB below a 4× reduction, and for any factor without the box pre-shrink")
    func ownPathApplies() throws {
        let source = try Self.source(width: 640, height: 16, hardEdges: false)
        #expect(cresample_reduceh_applies(source.pointer, 1.05, 2) == 1)
        #expect(cresample_reduceh_applies(source.pointer, 3.9, 2) == 1)
        #expect(cresample_reduceh_applies(source.pointer, 4.5, 2) == 0, "libvips box-shrinks first")
        #expect(cresample_reduceh_applies(source.pointer, 10, 0) == 1)
        #expect(cresample_reduceh_applies(source.pointer, 1, 2) == 0, "no reduction")
        #expect(cresample_reduceh_applies(try source.asFloat().pointer, 2, 2) == 0)
    }

    @Test("the same bytes with gap 0 (no box pre-shrink), up to 61 taps")
    func noGap() throws {
        let source = try Self.source(width: 997, height: 41, hardEdges: true)
        for factor in [0.9, 0.31, 0.1] {
            let ours = try source.resized(horizontal: factor, vertical: factor, kernel: .lanczos3, gap: 0)
            #expect(try ours.pixels() == source.libvipsResized(horizontal: factor, vertical: factor, gap: 0).pixels(), "factor \(factor)")
        }
    }

    @Test("the same bytes in crops, whose strips start mid-row")
    func crops() throws {
        let source = try Self.source(width: 1003, height: 64, hardEdges: false)
        for factor in [0.9, 0.6347, 0.3] {
            let ours = try source.resized(horizontal: factor, vertical: factor, kernel: .lanczos3)
            let theirs = try source.libvipsResized(horizontal: factor, vertical: factor)
            for x in [0, 1, 7, ours.width / 3, ours.width - 9] {
                let width = min(100, ours.width - x)
                #expect(
                    try ours.cropped(x: x, y: 3, width: width, height: 11).pixels() == theirs.cropped(x: x, y: 3, width: width, height: 11).pixels(),
                    "factor \(factor), x \(x)")
            }
        }
    }

    @Test("grey, RGBA, float, enlargements and reductions past 4× are libvips's own, and the same")
    func libvipsAlone() throws {
        let rgb = try Self.source(width: 301, height: 97, hardEdges: true)
        let grey = try VImage.fromPixels(Self.noise(count: 301 * 97, seed: 7), width: 301, height: 97, bands: 1)
        let rgba = try VImage.fromPixels(Self.noise(count: 301 * 97 * 4, seed: 9), width: 301, height: 97, bands: 4)
        for (image, name) in [(grey, "grey"), (rgba, "RGBA"), (try rgb.asFloat(), "float"), (rgb, "RGB")] {
            for (horizontal, vertical) in [(0.5, 0.5), (0.2, 0.2), (1.7, 1.3), (0.5, 1.5), (1, 1)] {
                let ours = try image.resized(horizontal: horizontal, vertical: vertical, kernel: .lanczos3)
                let theirs = try image.libvipsResized(horizontal: horizontal, vertical: vertical)
                #expect(try ours.pixels() == theirs.pixels(), "\(name) at \(horizontal)×\(vertical)")
            }
        }
    }

    /// Seeded noise, or hard-edged blocks of 0 and 255 whose reduction overshoots both ends.
    static func source(width: Int, height: Int, hardEdges: Bool) throws -> VImage {
        var pixels = noise(count: width * height * 3, seed: UInt64(width * 31 + height))
        if hardEdges {
            for index in pixels.indices { pixels[index] = ((index / 3 % width) / 3 + (index / (3 * width)) / 2) % 2 == 0 ? 0 : 255 }
        }
        return try VImage.fromPixels(pixels, width: width, height: height, bands: 3)
    }

    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}
