import Foundation
import Testing
import Vips
import VipsTestSupport

/// The scaled JPEG decoder that shrink-on-load uses for small results (`ImageFile.decodeScaledJPEG`):
/// the same pixels as libvips's `jpegload`, the same failures, and limits of its own. (Which
/// reductions the renderer decodes whole: `WholeDecodeTests`.)
@Suite("scaled JPEG decode")
struct ScaledJPEGDecodeTests {
    static func file(_ folder: TemporaryFolder, _ name: String, _ bytes: [UInt8]) throws -> ImageFile {
        try folder.write(name, bytes: bytes)
        return try ImageFile(path: folder.url.appendingPathComponent(name).path)
    }

    static func decode(
        _ file: ImageFile, shrink: Int, timeLimit: Duration? = nil, maxPixels: Int = 1 << 24, decoder: ScaledJPEGDecoder = .fastest
    ) throws(ScaledJPEGError) -> VImage? {
        try file.decodeScaledJPEG(
            shrink: shrink, resolution: Resolution(x: 1, y: 1), timeLimit: timeLimit, maxSourcePixels: 50_000_000, maxPixels: maxPixels,
            decoder: decoder)
    }

    /// What a 1/8 decode gave, comparable: the size (`WxHxBANDS`) and every pixel, `unsupported` (left
    /// to libvips), or the error's words.
    struct Outcome: Equatable, CustomStringConvertible {
        var summary: String
        var pixels: [UInt8] = []
        var description: String { summary }
    }

    static func outcome(_ file: ImageFile, decoder: ScaledJPEGDecoder) -> Outcome {
        do {
            guard let image = try decode(file, shrink: 8, decoder: decoder) else { return Outcome(summary: "unsupported") }
            return Outcome(summary: "\(image.width)x\(image.height)x\(image.bands)", pixels: try image.pixels())
        } catch {
            return Outcome(summary: "\(error)")
        }
    }

    @Test(
        "the same pixels and sizes as libvips's jpegload",
        arguments: [
            ("baseline", 2), ("baseline", 4), ("baseline", 8), ("progressive", 8), ("progressive", 2), ("grey", 4), ("odd", 8), ("odd", 2),
        ])
    func samePixelsAsLibvips(_ kind: String, _ shrink: Int) throws {
        let folder = try TemporaryFolder()
        let (width, height) = kind == "odd" ? (333, 171) : (640, 480)
        var image = try VImage.noisyPhoto(width: width, height: height)
        if kind == "grey" { image = try image.converted(to: .bw) }
        let file = try Self.file(folder, "p.jpg", try image.jpeg(quality: 85, progressive: kind == "progressive"))
        let whole = try #require(try Self.decode(file, shrink: shrink))
        let streamed = try file.load(reduction: .jpegShrink(shrink))
        #expect(whole.width == width / shrink && whole.height == height / shrink)
        #expect(whole.width == streamed.width && whole.height == streamed.height && whole.bands == streamed.bands)
        #expect(try whole.pixels() == streamed.pixels())
    }

    /// The 1/8 decoder of baseline files (it skips most of the Huffman decoding) against libjpeg alone,
    /// at a size whose last MCUs are partial: every layout it takes, qualities from coarse to 100 (whose
    /// coefficients use the longest codes), with restart markers after every MCU, every 7, or none.
    @Test(
        "1/8 of a baseline file: libjpeg's bytes for every layout, quality and restart interval",
        arguments: [
            ("420", 5), ("420", 50), ("420", 90), ("420", 100), ("444", 50), ("444", 100), ("grey", 75), ("grey", 100),
        ], [0, 1, 7])
    func eighthMatchesLibjpeg(_ layout: (String, Int), _ restartInterval: Int) throws {
        let folder = try TemporaryFolder()
        var image = try VImage.noisyPhoto(width: 333, height: 171)
        if layout.0 == "grey" { image = try image.converted(to: .bw) }
        let bytes = try image.jpeg(quality: layout.1, subsampled: layout.0 == "420", restartInterval: restartInterval)
        let file = try Self.file(folder, "e.jpg", bytes)
        let fast = try #require(try Self.decode(file, shrink: 8))
        let reference = try #require(try Self.decode(file, shrink: 8, decoder: .libjpeg))
        #expect(fast.width == 41 && fast.height == 21 && fast.bands == (layout.0 == "grey" ? 1 : 3))
        #expect(fast.bands == reference.bands)
        #expect(try fast.pixels() == reference.pixels())
    }

    /// A file of a few hundred kilobytes crosses the 1/8 decoder's read chunks (32 KB) and destuffed
    /// segment buffer (64 KB), stuffed bytes and restart markers among them: libjpeg's bytes, for the
    /// whole file and for the file cut around each chunk's edge.
    @Test("1/8 of a large file, whole and cut at its read chunks' edges: libjpeg's answer")
    func eighthAcrossBuffers() throws {
        let folder = try TemporaryFolder()
        let bytes = try VImage.noisyPhoto(width: 1200, height: 800).jpeg(quality: 97, subsampled: true, restartInterval: 5)
        #expect(bytes.count > 4 * 32 * 1024)
        let whole = try Self.file(folder, "w.jpg", bytes)
        #expect(Self.outcome(whole, decoder: .fastest) == Self.outcome(whole, decoder: .libjpeg))
        #expect(Self.outcome(whole, decoder: .fastest).summary == "150x100x3")
        for chunk in 1...3 {
            for delta in -2...2 {
                let file = try Self.file(folder, "c\(chunk)\(delta).jpg", Array(bytes.prefix(chunk * 32 * 1024 + delta)))
                #expect(Self.outcome(file, decoder: .fastest) == Self.outcome(file, decoder: .libjpeg), "cut at \(chunk) chunks \(delta)")
            }
        }
    }

    /// Damage libjpeg warns about (a bad code, data cut short, a restart marker out of order, missing,
    /// or with bytes before it) must be declined by the 1/8 decoder, so that libjpeg answers: for every
    /// damaged file, the same pixels or the same error as libjpeg alone.
    @Test("damaged files at 1/8: libjpeg's answer, pixels or error, for every one")
    func eighthDamagedLikeLibjpeg() throws {
        let folder = try TemporaryFolder()
        let bytes = try VImage.noisyPhoto(width: 160, height: 96).jpeg(quality: 90, subsampled: true, restartInterval: 3)
        // The scan's data starts after the SOS segment; its restart markers are FF D0…D7.
        let sos = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scan = sos + 2 + Int(bytes[sos + 2]) << 8 + Int(bytes[sos + 3])
        let restarts = (scan..<bytes.count - 1).filter { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) }
        #expect(restarts.count > 5)
        var damaged: [[UInt8]] = []
        for marker in restarts.prefix(4) {
            var renumbered = bytes
            renumbered[marker + 1] = 0xD0 + (renumbered[marker + 1] - 0xD0 + 1) % 8
            var removed = bytes
            removed.removeSubrange(marker..<marker + 2)
            var extraneous = bytes
            extraneous.insert(0x5A, at: marker)
            damaged += [renumbered, removed, extraneous]
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed sequence (xorshift), so a failure repeats
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for trial in 0..<240 {
            var copy = bytes
            let at = scan + next(bytes.count - 2 - scan)
            switch trial % 4 {
            case 0: copy[at] ^= UInt8(1 + next(255))
            case 1: copy.removeSubrange(at...)
            case 2: copy.remove(at: at)
            default: copy.insert(contentsOf: [0xFF, UInt8(next(256))], at: at)
            }
            damaged.append(copy)
        }
        var failed = 0
        for (index, copy) in damaged.enumerated() {
            let file = try Self.file(folder, "d\(index).jpg", copy)
            let fast = Self.outcome(file, decoder: .fastest)
            #expect(fast == Self.outcome(file, decoder: .libjpeg), "damage \(index)")
            if fast.summary != "20x12x3" { failed += 1 }
        }
        // Both kinds of answer were compared: some damage is harmless to a 1/8 decode, most is not.
        #expect(failed > damaged.count / 4 && failed < damaged.count)
    }

    /// `Samples/avatar.jpg`: 400 × 400 at 4:2:0, each Huffman table in a DHT segment of its own.
    static func avatar() throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/avatar.jpg")
        return Array(try Data(contentsOf: url.standardizedFileURL))
    }

    /// Where the segment at `at` (its FF) ends.
    static func segmentEnd(_ bytes: [UInt8], _ at: Int) -> Int { at + 2 + Int(bytes[at + 2]) << 8 + Int(bytes[at + 3]) }

    /// The offsets of the segments of type `type` (FF `type`) before the scan.
    static func segments(_ bytes: [UInt8], type: UInt8) -> [Int] {
        var at = 2
        var found: [Int] = []
        while at + 4 <= bytes.count && bytes[at] == 0xFF && bytes[at + 1] != 0xDA {
            if bytes[at + 1] == type { found.append(at) }
            at = segmentEnd(bytes, at)
        }
        return found
    }

    /// `bytes` with the Huffman table of class and number `table` (0x10: luma AC, 0x11: chroma AC)
    /// rewritten to `counts` codes of lengths 1, 2, … and as many symbols (its own, then 0x01s), its
    /// segment's length to match: libjpeg reads such a table, and refuses it only when it derives
    /// its codes.
    static func withHuffmanCounts(_ bytes: [UInt8], table: UInt8, _ counts: [UInt8]) throws -> [UInt8] {
        let at = try #require(segments(bytes, type: 0xC4).first { bytes[$0 + 4] == table })
        let end = segmentEnd(bytes, at)
        let total = counts.reduce(0) { $0 + Int($1) }
        let symbols = Array((Array(bytes[(at + 21)..<end]) + Array(repeating: 0x01, count: total)).prefix(total))
        let length = 2 + 17 + total
        let segment =
            [0xFF, 0xC4, UInt8(length >> 8), UInt8(length & 0xFF), table] + counts + Array(repeating: 0, count: 16 - counts.count) + symbols
        return Array(bytes[..<at]) + segment + Array(bytes[end...])
    }

    /// A Huffman table whose codes do not fit their lengths (libjpeg: "Bogus Huffman table
    /// definition") must be refused before anything is derived from it: 255 codes of length 1 once
    /// made the 1/8 decoder write 200 KB past its tables, and some 70 codes of lengths 1 and 2
    /// overwrote the next component's tables within them.
    @Test(
        "an AC table whose codes overflow their code space: libjpeg's answer at 1/8",
        arguments: [(0x11, [255]), (0x10, [255]), (0x11, [1, 69]), (0x10, [2, 66])] as [(UInt8, [UInt8])])
    func eighthOverflowingHuffmanTable(_ table: (UInt8, [UInt8])) throws {
        let folder = try TemporaryFolder()
        let file = try Self.file(folder, "h.jpg", try Self.withHuffmanCounts(try Self.avatar(), table: table.0, table.1))
        let reference = Self.outcome(file, decoder: .libjpeg)
        #expect(Self.outcome(file, decoder: .fastest) == reference)
        #expect(reference.pixels.isEmpty, "libjpeg refuses the table: \(reference)")
    }

    /// Fill bytes (FF FF) in the scan: libjpeg-turbo reads FF FF 00 as one FF data byte where it
    /// decodes a byte at a time, but as a marker in its fast path, and its pixels differ from the
    /// 1/8 decoder's by a little; the 1/8 decoder declines them, before a stuffed zero or before the
    /// end of the image, so that libjpeg answers.
    @Test("fill bytes in the scan, before a stuffed zero or the end: libjpeg's answer at 1/8")
    func eighthFillBytes() throws {
        let folder = try TemporaryFolder()
        let bytes = try Self.avatar()
        let sos = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scan = Self.segmentEnd(bytes, sos)
        let stuffed = (scan..<bytes.count - 1).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0x00 }
        let end = try #require((scan..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 })
        #expect(stuffed.count > 10)
        for (index, at) in [stuffed[0], stuffed[stuffed.count / 2], stuffed[stuffed.count - 1], end].enumerated() {
            var copy = bytes
            copy.insert(0xFF, at: at)
            let file = try Self.file(folder, "f\(index).jpg", copy)
            #expect(Self.outcome(file, decoder: .fastest) == Self.outcome(file, decoder: .libjpeg), "FF before \(at)")
        }
    }

    @Test("the file's ICC profile comes along, so colour management converts as before")
    func iccProfileKept() throws {
        let folder = try TemporaryFolder()
        let p3 = try VImage.noisyPhoto(width: 320, height: 240).converted(toProfile: "p3").jpegKeepingMetadata(quality: 90)
        let file = try Self.file(folder, "p3.jpg", p3)
        let whole = try #require(try Self.decode(file, shrink: 4))
        #expect(whole.hasICCProfile)
        #expect(try whole.srgb().pixels() == file.load(reduction: .jpegShrink(4)).srgb().pixels())
    }

    @Test("CMYK is left to libvips")
    func cmykLeftToLibvips() throws {
        let folder = try TemporaryFolder()
        let cmyk = try VImage.noisyPhoto(width: 320, height: 240).converted(to: .cmyk).jpegKeepingMetadata(quality: 90)
        let file = try Self.file(folder, "c.jpg", cmyk)
        #expect(try Self.decode(file, shrink: 8) == nil)
    }

    @Test("a truncated file fails as corrupt")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let bytes = try VImage.noisyPhoto(width: 640, height: 480).jpeg(quality: 90)
        let file = try Self.file(folder, "t.jpg", Array(bytes.prefix(bytes.count / 2)))
        #expect {
            _ = try Self.decode(file, shrink: 8)
        } throws: { error in
            guard case ScaledJPEGError.corrupt(let message) = error else { return false }
            return message.lowercased().contains("premature end")
        }
    }

    @Test("bytes that are not a JPEG at all fail as corrupt")
    func notAJPEG() throws {
        let folder = try TemporaryFolder()
        let file = try Self.file(folder, "n.jpg", Array("not a jpeg, only text".utf8))
        #expect(throws: ScaledJPEGError.self) { _ = try Self.decode(file, shrink: 2) }
    }

    @Test("a passed deadline stops the decode")
    func deadline() throws {
        let folder = try TemporaryFolder()
        let file = try Self.file(folder, "d.jpg", try VImage.noisyPhoto(width: 640, height: 480).jpeg(quality: 90))
        #expect {
            _ = try Self.decode(file, shrink: 8, timeLimit: .zero)
        } throws: { error in
            guard case ScaledJPEGError.timedOut = error else { return false }
            return true
        }
        #expect(try Self.decode(file, shrink: 8, timeLimit: .seconds(30))?.width == 80)
    }

    @Test("a decode larger than its limit is refused before pixels are decoded")
    func tooLarge() throws {
        let folder = try TemporaryFolder()
        let file = try Self.file(folder, "l.jpg", try VImage.noisyPhoto(width: 640, height: 480).jpeg(quality: 90))
        #expect {
            _ = try Self.decode(file, shrink: 2, maxPixels: 320 * 240 - 1)
        } throws: { error in
            guard case ScaledJPEGError.tooLarge(let reason) = error else { return false }
            return reason.contains("320×240")
        }
    }
}

/// A temporary folder for the files a test decodes, deleted when the fixture goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-vips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes raw bytes as `name`.
    func write(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }
}
