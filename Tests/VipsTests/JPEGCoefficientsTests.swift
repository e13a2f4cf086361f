import Foundation
import Testing
import Vips
import VipsTestSupport

/// A JPEG's DCT coefficients kept by one scaled decode (`JPEGCoefficients`) and decoded from by the
/// next: libjpeg's bytes at every scale, for every layout; kept only where libjpeg decodes them all;
/// never used for another file.
@Suite("JPEG coefficients kept and replayed")
struct JPEGCoefficientsTests {
    static func decode(_ file: ImageFile, shrink: Int, _ use: JPEGCoefficients.Use) throws(ScaledJPEGError) -> ScaledJPEGDecode {
        guard
            let decoded = try file.decodeScaledJPEG(
                shrink: shrink, resolution: Resolution(x: 1, y: 1), timeLimit: nil, maxSourcePixels: 50_000_000, maxPixels: 1 << 24,
                coefficients: use)
        else { throw .corrupt("unsupported") }
        return decoded
    }

    static func libjpeg(_ file: ImageFile, shrink: Int) throws -> [UInt8] {
        try #require(
            try file.decodeScaledJPEG(
                shrink: shrink, resolution: Resolution(x: 1, y: 1), timeLimit: nil, maxSourcePixels: 50_000_000, maxPixels: 1 << 24,
                decoder: .libjpeg)
        ).pixels()
    }

    /// Every layout, coarse and fine quality, restart markers or none, kept at 1/2 and at 1/4, at a
    /// size whose last MCUs are partial; decoded again from them at 1, 1/2, 1/4 and 1/8.
    @Test(
        "a decode from kept coefficients gives libjpeg's bytes at every scale",
        arguments: [("420", 50), ("420", 100), ("444", 90), ("grey", 75)], [(0, 2), (7, 4), (1, 2)])
    func replayMatchesLibjpeg(_ layout: (String, Int), _ restartsAndShrink: (Int, Int)) throws {
        let folder = try TemporaryFolder()
        var image = try VImage.noisyPhoto(width: 333, height: 171)
        if layout.0 == "grey" { image = try image.converted(to: .bw) }
        try folder.write("k.jpg", bytes: image.jpeg(quality: layout.1, subsampled: layout.0 == "420", restartInterval: restartsAndShrink.0))
        let file = try ImageFile(path: folder.url.appendingPathComponent("k.jpg").path)
        let capturing = try Self.decode(file, shrink: restartsAndShrink.1, .capture(maxBytes: 1 << 24))
        let kept = try #require(capturing.captured)
        #expect(!capturing.replayed)
        #expect(try capturing.image.pixels() == Self.libjpeg(file, shrink: restartsAndShrink.1), "the decode that kept them")
        #expect(kept.bytes > 0)
        for shrink in [1, 2, 4, 8] {
            let replayed = try Self.decode(file, shrink: shrink, .replay(kept))
            #expect(replayed.replayed)
            #expect(replayed.image.width == 333 / shrink && replayed.image.height == 171 / shrink)
            #expect(try replayed.image.pixels() == Self.libjpeg(file, shrink: shrink), "1/\(shrink)")
        }
    }

    @Test("kept only from a decode of all of one scan's coefficients, within their limit")
    func keptOnlyWhereComplete() throws {
        let folder = try TemporaryFolder()
        let image = try VImage.noisyPhoto(width: 320, height: 240)
        try folder.write("b.jpg", bytes: image.jpeg(quality: 90))
        try folder.write("p.jpg", bytes: image.jpeg(quality: 90, progressive: true))
        let baseline = try ImageFile(path: folder.url.appendingPathComponent("b.jpg").path)
        let progressive = try ImageFile(path: folder.url.appendingPathComponent("p.jpg").path)
        #expect(try Self.decode(baseline, shrink: 4, .capture(maxBytes: 1 << 24)).captured != nil)
        #expect(try Self.decode(baseline, shrink: 1, .capture(maxBytes: 1 << 24)).captured != nil)
        // At 1/8 libjpeg skips the AC coefficients; a progressive file's are spread over its scans.
        #expect(try Self.decode(baseline, shrink: 8, .capture(maxBytes: 1 << 24)).captured == nil)
        #expect(try Self.decode(progressive, shrink: 2, .capture(maxBytes: 1 << 24)).captured == nil)
        // Past the limit, the capture is dropped and the decode still succeeds.
        let limited = try Self.decode(baseline, shrink: 2, .capture(maxBytes: 4096))
        #expect(limited.captured == nil)
        #expect(try limited.image.pixels() == Self.libjpeg(baseline, shrink: 2))
        // A file cut short fails as before, keeping nothing.
        let bytes = try image.jpeg(quality: 90)
        try folder.write("t.jpg", bytes: Array(bytes.prefix(bytes.count / 2)))
        #expect(throws: ScaledJPEGError.self) {
            try Self.decode(ImageFile(path: folder.url.appendingPathComponent("t.jpg").path), shrink: 2, .capture(maxBytes: 1 << 24))
        }
    }

    @Test("coefficients kept from another file are not used: another size, another quantisation")
    func otherFilesDecodeThemselves() throws {
        let folder = try TemporaryFolder()
        let image = try VImage.noisyPhoto(width: 320, height: 240)
        try folder.write("a.jpg", bytes: image.jpeg(quality: 90))
        try folder.write("q.jpg", bytes: image.jpeg(quality: 60))
        try folder.write("s.jpg", bytes: VImage.noisyPhoto(width: 336, height: 240).jpeg(quality: 90))
        let kept = try #require(
            try Self.decode(ImageFile(path: folder.url.appendingPathComponent("a.jpg").path), shrink: 2, .capture(maxBytes: 1 << 24)).captured)
        for name in ["q.jpg", "s.jpg"] {
            let file = try ImageFile(path: folder.url.appendingPathComponent(name).path)
            let decoded = try Self.decode(file, shrink: 4, .replay(kept))
            #expect(!decoded.replayed, "\(name)")
            #expect(try decoded.image.pixels() == Self.libjpeg(file, shrink: 4), "\(name)")
        }
    }
}
