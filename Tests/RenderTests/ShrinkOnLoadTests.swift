import Layout
@testable import Render
import Testing
import Vips
import VipsTestSupport

/// Which shrink-on-load a source gets: the largest that still decodes at least the target size, with
/// libvips's rounding of reduced sizes (down for JPEG, to nearest for WebP).
@Suite("render: shrink-on-load choice")
struct ShrinkOnLoadTests {
    /// Writes a `width`×`height` fixture (`kind`: jpg, png or webp; EXIF orientation `exif`) and reads its header.
    static func source(_ folder: SourceFolder, _ kind: String, width: Int, height: Int, exif: Int = 1) throws -> SourceImage {
        let image = try SourceFolder.image(width: width, height: height, quadrant(width, height)).flattened(onto: [255, 255, 255])
        let bytes =
            switch kind {
            case "jpg": try image.taggedWithOrientation(exif).jpegKeepingMetadata(quality: 90)
            case "webp": try image.webp(quality: 90)
            default: try image.png()
            }
        try folder.write("s.\(kind)", bytes: bytes)
        let file = try ImageFile(path: folder.url.appendingPathComponent("s.\(kind)").path)
        return try SourceImage(name: "s.\(kind)", file: file, limits: RenderLimits())
    }

    static func target(_ width: Int, _ height: Int) -> PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    @Test("the sample photo to a 300×225 fit decodes at 1/8 (504×378), not 1/4")
    func samplePhoto() throws {
        let folder = try SourceFolder()
        let source = try Self.source(folder, "jpg", width: 4032, height: 3024)
        #expect(source.loadReduction(for: Self.target(300, 225), interpolation: .high) == .jpegShrink(8))
        #expect(source.loadReduction(for: Self.target(600, 450), interpolation: .medium) == .jpegShrink(4))
        #expect(source.loadReduction(for: Self.target(504, 378), interpolation: .low) == .jpegShrink(8))
        #expect(source.loadReduction(for: Self.target(505, 378), interpolation: .high) == .jpegShrink(4))
        #expect(source.loadReduction(for: Self.target(2017, 10), interpolation: .high) == .none)
        #expect(try source.decode(reduction: .jpegShrink(8)).width == 504)
    }

    /// libvips 8.14 rounds reduced JPEG sides down: 33 px at 1/8 is 4 px, 31 px only 3.
    @Test(
        "JPEG shrink follows libvips's rounding down",
        arguments: [
            (33, 17, 4, 2, 8), (31, 17, 4, 2, 4), (33, 17, 4, 3, 4), (33, 17, 5, 2, 4), (33, 17, 8, 3, 4), (33, 17, 9, 3, 2),
            (33, 17, 16, 3, 2), (33, 17, 17, 3, 1),
        ])
    func jpegRounding(_ width: Int, _ height: Int, _ targetWidth: Int, _ targetHeight: Int, _ shrink: Int) throws {
        let folder = try SourceFolder()
        let source = try Self.source(folder, "jpg", width: width, height: height)
        let reduction = source.loadReduction(for: Self.target(targetWidth, targetHeight), interpolation: .high)
        #expect(reduction == (shrink == 1 ? .none : .jpegShrink(shrink)))
        let decoded = try source.decode(reduction: reduction)
        let expected = reduction.reducedSize(width: width, height: height)
        #expect(decoded.width == expected.width && decoded.height == expected.height)
        #expect(decoded.width >= targetWidth && decoded.height >= targetHeight)
    }

    /// Stored 24×40 with EXIF 6 shows 40×24: a 10×3 target needs 10 stored rows, which 1/8 (5) lacks.
    @Test("the shrink is chosen on stored pixels when EXIF orientation turns them")
    func orientation() throws {
        let folder = try SourceFolder()
        let source = try Self.source(folder, "jpg", width: 24, height: 40, exif: 6)
        #expect(source.metrics.orientedPixelSize == Size(width: 40, height: 24))
        #expect(source.loadReduction(for: Self.target(5, 3), interpolation: .high) == .jpegShrink(8))
        #expect(source.loadReduction(for: Self.target(10, 3), interpolation: .high) == .jpegShrink(4))
        let decoded = try source.decode(reduction: .jpegShrink(4))
        #expect(decoded.width == 10 && decoded.height == 6)
    }

    @Test("WebP scales on load to the target's size, never below it")
    func webp() throws {
        let folder = try SourceFolder()
        let source = try Self.source(folder, "webp", width: 403, height: 302)
        for (width, height) in [(300, 225), (100, 50), (30, 200), (403, 10), (37, 29)] {
            let reduction = source.loadReduction(for: Self.target(width, height), interpolation: .high)
            let decoded = try source.decode(reduction: reduction)
            #expect(decoded.width >= width && decoded.height >= height, "\(reduction) for \(width)×\(height)")
            let exact = decoded.width == width || decoded.height == height
            #expect(exact || reduction == .none, "\(reduction): \(decoded.width)×\(decoded.height)")
            let expected = reduction.reducedSize(width: 403, height: 302)
            #expect(decoded.width == expected.width && decoded.height == expected.height)
        }
        #expect(source.loadReduction(for: Self.target(403, 10), interpolation: .high) == .none)
    }

    @Test("PNG has no shrink-on-load; interp=none never shrinks")
    func noShrink() throws {
        let folder = try SourceFolder()
        let png = try Self.source(folder, "png", width: 400, height: 400)
        #expect(png.loadReduction(for: Self.target(20, 20), interpolation: .high) == .none)
        let jpeg = try Self.source(folder, "jpg", width: 400, height: 400)
        #expect(jpeg.loadReduction(for: Self.target(20, 20), interpolation: .none) == .none)
        #expect(jpeg.loadReduction(for: Self.target(20, 20), interpolation: .low) == .jpegShrink(8))
    }
}
