import Foundation
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `meta=copyright|all|none` over a real server, read from the EXIF block of the answer: a source
/// JPEG carries an Artist, a Copyright, a GPS position and an orientation; by default only the
/// copyright survives, `none` keeps nothing, `all` keeps the GPS too; the orientation is never kept.
@Suite("GET /img: meta")
struct MetadataRouteTests {
    static let copyright = "(c) 2026 Ana Example, all rights reserved"
    static let artist = "Ana Example, photographer"

    /// A fixture whose root holds `exif.jpg`: 80×60 grey, with the EXIF above and orientation 6;
    /// and `broken.jpg`, whose Copyright entry points past the end of its block.
    private func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        let plain = try VImage.constant(width: 80, height: 60, color: [120, 140, 160]).cast8().jpeg(quality: 90)
        let exif = EncodedBytes.exifBlock(artist: Self.artist, copyright: Self.copyright, orientation: 6)
        try Data(EncodedBytes.insertingExif(exif, into: plain)).write(to: fixture.root.appendingPathComponent("exif.jpg"))
        let broken = EncodedBytes.exifBlock(artist: Self.artist, copyright: Self.copyright, orientation: 1, copyrightOffset: 60_000)
        try Data(EncodedBytes.insertingExif(broken, into: plain)).write(to: fixture.root.appendingPathComponent("broken.jpg"))
        return fixture
    }

    @Test("a Copyright entry that points outside its block is no notice: 200, without EXIF")
    func malformed() throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/broken.jpg?w=30&fmt=jpeg")
        #expect(response.status == 200, "\(response.text)")
        #expect(EncodedBytes.jpegExif(response.body) == nil)
    }

    private func ifd0(_ body: [UInt8]) throws -> (tiff: [UInt8], entries: [EncodedBytes.Entry]) {
        let tiff = try #require(EncodedBytes.jpegExif(body), "no EXIF block")
        return (tiff, EncodedBytes.ifd0(tiff))
    }

    @Test("the source fixture reads back as written (Artist, Copyright, GPS, orientation 6)")
    func fixtureIsRead() throws {
        let fixture = try fixture()
        let bytes = try [UInt8](Data(contentsOf: fixture.root.appendingPathComponent("exif.jpg")))
        let (tiff, entries) = try ifd0(bytes)
        #expect(entries.first { $0.tag == EncodedBytes.copyrightTag }.flatMap { EncodedBytes.ascii(tiff, $0) } == Self.copyright)
        #expect(entries.contains { $0.tag == EncodedBytes.gpsTag })
        // Oriented 6 (turned): 60×80 upright.
        let response = try fixture.get("/img/exif.jpg?fmt=png&meta=none")
        let image = try VImage.decode(response.body)
        #expect(image.width == 60 && image.height == 80)
    }

    @Test(
        "by default the output keeps the Copyright and nothing else: no Artist, no GPS, orientation 1",
        arguments: ["jpeg", "webp", "png", "avif", "jxl"])
    func copyrightByDefault(_ format: String) throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/exif.jpg?w=30&fmt=\(format)")
        #expect(response.status == 200, "\(response.text)")
        guard format == "jpeg" else {
            if format == "webp" { #expect(EncodedBytes.webpChunks(response.body).contains("EXIF")) }
            if format == "png" { #expect(EncodedBytes.pngChunks(response.body).contains { $0.type == "eXIf" }) }
            if format == "jxl" {
                // libjxl stores the EXIF box brotli-compressed (`brob` of type `Exif`): its text is not
                // legible here, only its presence.
                #expect(String(decoding: response.body, as: UTF8.self).contains("brobExif"))
                #expect(try !String(decoding: fixture.get("/img/exif.jpg?w=30&fmt=jxl&meta=none").body, as: UTF8.self).contains("Exif"))
                return
            }
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains(Self.copyright) && !text.contains(Self.artist))
            return
        }
        let (tiff, entries) = try ifd0(response.body)
        #expect(entries.first { $0.tag == EncodedBytes.copyrightTag }.flatMap { EncodedBytes.ascii(tiff, $0) } == Self.copyright)
        #expect(!entries.contains { $0.tag == EncodedBytes.gpsTag })
        #expect(!entries.contains { $0.tag == EncodedBytes.artistTag })
        #expect(entries.first { $0.tag == EncodedBytes.orientationTag }.map(\.valueOffset) ?? 1 == 1)
        #expect(!String(decoding: response.body, as: UTF8.self).contains(Self.artist))
    }

    @Test("the quality search of maxbytes keeps the copyright in every encoding it tries")
    func byteBudget() throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/exif.jpg?w=60&fmt=jpeg&maxbytes=3000")
        #expect(response.status == 200, "\(response.text)")
        let (tiff, entries) = try ifd0(response.body)
        #expect(entries.first { $0.tag == EncodedBytes.copyrightTag }.flatMap { EncodedBytes.ascii(tiff, $0) } == Self.copyright)
    }

    @Test("meta=copyright is the default's request: same ETag")
    func explicitDefault() throws {
        let fixture = try fixture()
        let plain = try fixture.get("/img/exif.jpg?w=30&fmt=jpeg")
        let explicit = try fixture.get("/img/exif.jpg?w=30&fmt=jpeg&meta=copyright")
        #expect(plain.header("ETag") != nil && plain.header("ETag") == explicit.header("ETag"))
        #expect(try fixture.get("/img/exif.jpg?w=30&fmt=jpeg&meta=none").header("ETag") != plain.header("ETag"))
    }

    @Test("meta=none writes no EXIF at all")
    func none() throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/exif.jpg?w=30&fmt=jpeg&meta=none")
        #expect(response.status == 200 && EncodedBytes.jpegExif(response.body) == nil)
        #expect(!String(decoding: response.body, as: UTF8.self).contains(Self.copyright))
    }

    @Test("meta=all keeps the Artist, the Copyright and the GPS position, but writes orientation 1")
    func all() throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/exif.jpg?w=30&fmt=jpeg&meta=all")
        #expect(response.status == 200, "\(response.text)")
        let (tiff, entries) = try ifd0(response.body)
        #expect(entries.first { $0.tag == EncodedBytes.copyrightTag }.flatMap { EncodedBytes.ascii(tiff, $0) } == Self.copyright)
        #expect(entries.first { $0.tag == EncodedBytes.artistTag }.flatMap { EncodedBytes.ascii(tiff, $0) } == Self.artist)
        let gps = try #require(entries.first { $0.tag == EncodedBytes.gpsTag })
        #expect(EncodedBytes.tiffDirectory(tiff, at: gps.valueOffset).contains { $0.tag == 2 }, "GPSLatitude")
        #expect(entries.first { $0.tag == EncodedBytes.orientationTag }.map(\.valueOffset) ?? 1 == 1)
        // Upright pixels, with nothing telling a viewer to turn them again.
        let image = try VImage.decode(response.body)
        #expect(image.width == 30 && image.height == 40 && image.exifOrientation <= 1)
    }

    @Test("a source without metadata, and a view drawn without a source, give outputs without EXIF")
    func nothingToKeep() throws {
        let fixture = try fixture()
        let plain = try fixture.get("/img/landscape_4.jpg?w=30&fmt=jpeg&meta=all")
        #expect(plain.status == 200 && EncodedBytes.jpegExif(plain.body) == nil)
        try Data(#"Text("\(name)").padding(4).background(.white)"#.utf8).write(to: fixture.templates.appendingPathComponent("t.swift"))
        let drawn = try fixture.get("/view/t?name=Ana&fmt=jpeg&meta=all")
        #expect(drawn.status == 200 && EncodedBytes.jpegExif(drawn.body) == nil, "\(drawn.text)")
    }
}
