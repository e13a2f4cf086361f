import CJPEG
import Foundation
import Testing
import Vips
import VipsTestSupport

/// The statistics pass of JPEG encodes with optimised Huffman tables, counted in
/// `cjpeg_statistics.c` instead of by libjpeg: the same tables, so the same file, for every layout,
/// quality, size and restart interval; progressive and standard-table encodes are libjpeg's alone.
@Suite("JPEG Huffman statistics counted for libjpeg")
struct JPEGStatisticsTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL

    /// `encode`'s file with the statistics counted here and by libjpeg, and how many of this
    /// thread's encodes counted them here during the first.
    static func bothWays(_ encode: () throws -> [UInt8]) throws -> (ours: [UInt8], libjpeg: [UInt8], counted: UInt) {
        let before = cjpeg_statistics_passes()
        let ours = try encode()
        let counted = cjpeg_statistics_passes() - before
        cjpeg_statistics_set_enabled(0)
        defer { cjpeg_statistics_set_enabled(1) }
        return (ours, try encode(), counted)
    }

    @Test(
        "the same file as libjpeg's for every layout and quality",
        arguments: [VImage.ChromaOption.subsampled, .full, .auto], [1, 20, 50, 80, 95, 100])
    func sameFile(_ chroma: VImage.ChromaOption, _ quality: Int) throws {
        // 333×171: partial MCUs at the right and bottom edges.
        let image = try VImage.noisyPhoto(width: 333, height: 171)
        let encoded = try Self.bothWays { try image.jpeg(quality: quality, chroma: chroma) }
        #expect(encoded.counted == 1)
        #expect(encoded.ours == encoded.libjpeg)
    }

    @Test("the same file for grey images and sizes down to one pixel", arguments: [(1, 1), (8, 8), (17, 9), (640, 3)])
    func sameFileForSizes(_ size: (Int, Int)) throws {
        let colour = try VImage.noisyPhoto(width: size.0, height: size.1)
        for image in [colour, try colour.converted(to: .bw)] {
            let encoded = try Self.bothWays { try image.jpeg(quality: 85) }
            #expect(encoded.counted == 1)
            #expect(encoded.ours == encoded.libjpeg, "\(size), \(image.bands) bands")
        }
    }

    @Test("the same file with restart markers, whose intervals reset the DC predictions", arguments: [1, 2, 7])
    func sameFileWithRestarts(_ interval: Int) throws {
        let image = try VImage.noisyPhoto(width: 250, height: 130)
        let encoded = try Self.bothWays { try image.jpeg(quality: 75, subsampled: true, restartInterval: interval, optimized: true) }
        #expect(encoded.counted == 1)
        #expect(encoded.ours == encoded.libjpeg)
    }

    @Test("the same file for a photo")
    func sameFileForPhoto() throws {
        let file = try ImageFile(path: Self.samples.appendingPathComponent("landscape_4.jpg").path)
        let photo = try #require(
            try file.decodeScaledJPEG(
                shrink: 2, resolution: Resolution(x: 1, y: 1), timeLimit: nil, maxSourcePixels: 50_000_000, maxPixels: 1 << 24,
                decoder: .libjpeg))
        for quality in [40, 80, 92] {
            let encoded = try Self.bothWays { try photo.jpeg(quality: quality) }
            #expect(encoded.counted == 1)
            #expect(encoded.ours == encoded.libjpeg, "quality \(quality)")
        }
    }

    @Test("progressive and standard-table encodes are left to libjpeg")
    func othersLeftToLibjpeg() throws {
        let image = try VImage.noisyPhoto(width: 120, height: 90)
        let progressive = try Self.bothWays { try image.jpeg(quality: 80, progressive: true) }
        #expect(progressive.counted == 0)
        #expect(progressive.ours == progressive.libjpeg)
        let standard = try Self.bothWays { try image.jpeg(quality: 80, subsampled: true, restartInterval: 0, optimized: false) }
        #expect(standard.counted == 0)
        #expect(standard.ours == standard.libjpeg)
    }
}
