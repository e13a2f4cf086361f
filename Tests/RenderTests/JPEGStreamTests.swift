import Foundation
@testable import Render
import Testing
import Vips
import VipsTestSupport

/// The JPEG data a PDF embeds (`JPEGStream.imageData`): the file's image segments in order, its
/// metadata and anything after EOI gone, and no answer at all for a walk that does not end well.
@Suite("PDF: JPEG image data")
struct JPEGStreamTests {
    static let samples = GalleryExample.samples

    /// A marker segment: 0xFF, the code, the length (counting itself), the payload.
    static func segment(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, code, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// EXIF (an Artist tag), XMP, a comment and an APP9, each carrying a text to look for.
    static let metadata: [UInt8] = {
        let artist = Array("EXIF-SECRET-ARTIST\0".utf8)
        // Little-endian TIFF: header, one IFD entry (0x013B Artist, ASCII) pointing at offset 26.
        var tiff: [UInt8] = Array("II".utf8) + [0x2A, 0, 8, 0, 0, 0, 1, 0, 0x3B, 0x01, 2, 0, UInt8(artist.count), 0, 0, 0, 26, 0, 0, 0]
        tiff += [0, 0, 0, 0] + artist
        return segment(0xE1, Array("Exif\0\0".utf8) + tiff)
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">XMP-SECRET-PACKET</x:xmpmeta>".utf8))
            + segment(0xFE, Array("COM-SECRET-COMMENT".utf8))
            + segment(0xE9, Array("APP9-SECRET".utf8))
    }()

    static let secrets = ["EXIF-SECRET", "XMP-SECRET", "COM-SECRET", "APP9-SECRET", "<script>"]

    /// `original` with `metadata` after SOI and `trailer` after EOI.
    static func dressed(_ original: [UInt8], metadata: [UInt8] = metadata, trailer: [UInt8] = []) -> [UInt8] {
        Array(original.prefix(2)) + metadata + original.dropFirst(2) + trailer
    }

    static func sample(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: samples.appendingPathComponent(name)))
    }

    /// A small JPEG written by libvips (JFIF APP0, baseline).
    static func small() throws -> [UInt8] {
        try VImage.constant(width: 24, height: 16, color: [200, 40, 90]).jpeg(quality: 90)
    }

    @Test("metadata and trailing bytes go; what stays is the camera's own stream, byte for byte")
    func sampleIsUnchanged() throws {
        // The samples hold only DQT, SOF0, DHT and SOS: nothing of theirs is dropped.
        for name in ["avatar.jpg", "landscape_4.jpg"] {
            let original = try Self.sample(name)
            #expect(JPEGStream.imageData(original) == original, "\(name)")
            let trailer = Array("<script>alert(1)</script>".utf8) + [UInt8](repeating: 0x50, count: 4096) + [0xFF, 0xD9]
            #expect(JPEGStream.imageData(Self.dressed(original, trailer: trailer)) == original, "\(name)")
        }
    }

    @Test("the rebuilt stream decodes to the same pixels, and holds none of the metadata")
    func samePixels() throws {
        let original = try Self.sample("avatar.jpg")
        let rebuilt = try #require(JPEGStream.imageData(Self.dressed(original, trailer: Array("<script>".utf8))))
        let text = String(decoding: rebuilt, as: UTF8.self)
        for secret in Self.secrets { #expect(!text.contains(secret), "\(secret)") }
        #expect(try VImage.decode(rebuilt).pixels() == VImage.decode(original).pixels())
    }

    @Test("JFIF and Adobe are kept cut to their fixed fields; a JFIF thumbnail and any tail go")
    func jfifAndAdobe() throws {
        let jpeg = try Self.small()
        let thumbnail: [UInt8] = Array("JFIF\0".utf8) + [1, 2, 1, 0, 72, 0, 72, 2, 1] + [UInt8](repeating: 0xAB, count: 6) + Array("THUMB".utf8)
        let adobe: [UInt8] = Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1] + Array("ADOBE-TAIL".utf8)
        let rebuilt = try #require(JPEGStream.imageData(Self.dressed(jpeg, metadata: Self.segment(0xE0, thumbnail) + Self.segment(0xEE, adobe))))
        let text = String(decoding: rebuilt, as: UTF8.self)
        #expect(!text.contains("THUMB") && !text.contains("ADOBE-TAIL"))
        // Ours first, with a 0×0 thumbnail, then libvips's own JFIF, then the Adobe fields.
        let jfif = Self.segment(0xE0, Array(thumbnail.prefix(12)) + [0, 0])
        #expect(Array(rebuilt[2..<20]) == jfif)
        #expect(Data(rebuilt).range(of: Data(Self.segment(0xEE, Array(adobe.prefix(12))))) != nil)
        #expect(try VImage.decode(rebuilt).pixels() == VImage.decode(jpeg).pixels())
    }

    @Test("stuffed bytes, restart markers and fill bytes before a marker are read as the standard says")
    func entropyCodedData() throws {
        let frame = Self.segment(0xC0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])
        let scan = Self.segment(0xDA, [1, 1, 0, 0, 63, 0])
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD7, 0x78]
        let stream = [0xFF, 0xD8] + frame + scan + data + [0xFF, 0xFF, 0xFF, 0xD9]
        #expect(JPEGStream.imageData(stream) == [0xFF, 0xD8] + frame + scan + data + [0xFF, 0xD9])
        // A progressive file: a table and a second scan after the first scan's data.
        let table = Self.segment(0xC4, [0x10] + [UInt8](repeating: 0, count: 16))
        let progressive = [0xFF, 0xD8] + frame + scan + data + table + scan + data + [0xFF, 0xD9]
        #expect(JPEGStream.imageData(progressive) == progressive)
    }

    @Test("every truncation of a file is refused, not cut short")
    func everyTruncation() throws {
        let jpeg = try Self.small()
        for count in 0..<jpeg.count {
            #expect(JPEGStream.imageData(Array(jpeg.prefix(count))) == nil, "\(count) of \(jpeg.count) bytes")
        }
        #expect(JPEGStream.imageData(jpeg) != nil)
    }

    @Test(
        "markers a rebuild does not know refuse the walk",
        arguments: [
            ("a second SOI", [0xFF, 0xD8]),
            ("DNL", segment(0xDC, [0, 8])),
            ("DHP", segment(0xDE, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
            ("a second frame", segment(0xC2, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
            ("RST outside a scan", [0xFF, 0xD0]),
            ("reserved", segment(0x02, [])),
            ("a bad length", [0xFF, 0xDB, 0, 1]),
            ("a length past the end", [0xFF, 0xDB, 0xFF, 0xFF]),
            ("no marker", [0x00, 0xFF]),
        ] as [(String, [UInt8])])
    func unknownMarkers(_ name: String, _ inserted: [UInt8]) throws {
        let jpeg = try Self.small()
        // After the first segment (DQT or APP0), before the frame.
        let first = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        #expect(JPEGStream.imageData(Array(jpeg.prefix(first)) + inserted + jpeg.dropFirst(first)) == nil, "\(name)")
    }

    @Test("a file without a frame or a scan is refused")
    func noImage() {
        #expect(JPEGStream.imageData([0xFF, 0xD8, 0xFF, 0xD9]) == nil)
        #expect(JPEGStream.imageData([0xFF, 0xD8] + Self.segment(0xC0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]) + [0xFF, 0xD9]) == nil)
        #expect(JPEGStream.imageData(Array("not a jpeg".utf8)) == nil)
    }
}
