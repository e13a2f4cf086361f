import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing
import VipsTestSupport

/// `fmt=pdf` over HTTP: the award page of Apple's example, cached and revalidated like every
/// format; `page` is part of the request's identity and belongs to PDF only.
@Suite("GET fmt=pdf")
struct PDFRouteTests {
    static func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        let award = try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("templates/award.swift"))
        try award.write(to: fixture.templates.appendingPathComponent("award.swift"))
        return fixture
    }

    @Test("/view/award as an 800×600 PDF: application/pdf, a cache hit the second time, 304 on its ETag")
    func awardPage() throws {
        let fixture = try Self.fixture()
        let target = "/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=800x600"
        let first = try fixture.get(target)
        #expect(first.status == 200 && first.header("Content-Type") == "application/pdf" && first.header("X-Cache") == "MISS", "\(first.text)")
        #expect(first.body.starts(with: Array("%PDF-".utf8)))
        let second = try fixture.get(target)
        #expect(second.status == 200 && second.header("X-Cache") == "HIT" && second.header("Content-Type") == "application/pdf")
        #expect(second.body == first.body)
        let etag = try #require(first.header("ETag"))
        #expect(try fixture.get(target, headers: ["If-None-Match: \(etag)"]).status == 304)
        // The page is part of the identity; a4 is its size spelled out.
        let a4 = try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=a4")
        #expect(a4.status == 200 && a4.header("ETag") != etag)
        #expect(try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=595.28x841.89").header("ETag") == a4.header("ETag"))
        #expect(try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf").header("ETag") != etag)
    }

    @Test("/view/award with a name on three lines: an A4 PDF whose text holds the whole name and the date")
    func awardLongName() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/view/award?name=Zo%C3%AB%20%C3%85ngstr%C3%B6m-N%C3%BA%C3%B1ez&date=24%20November%202026&fmt=pdf&page=a4")
        #expect(response.status == 200 && response.header("Content-Type") == "application/pdf", "\(response.text.prefix(200))")
        let poppler = try Poppler(response.body)
        defer { poppler.remove() }
        // pdftotext puts each line on its own and joins a word hyphenated at a line's end.
        let text = try poppler.run("pdftotext", ["{}", "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text == "Zoë ÅngströmNúñez 24 November 2026" || text == "Zoë Ångström-Núñez 24 November 2026", "\(text)")
    }

    @Test("/img answers a PDF; fmt=auto never does, whatever Accept says")
    func imageRoute() throws {
        let fixture = try Self.fixture()
        let pdf = try fixture.get("/img/landscape_4.jpg?w=300&h=200&mode=fill&clip=1&fmt=pdf")
        #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
        let auto = try fixture.get("/img/landscape_4.jpg?w=300&h=200", headers: ["Accept: application/pdf,*/*"])
        #expect(auto.status == 200 && auto.header("Content-Type")?.hasPrefix("image/") == true, "\(auto.header("Content-Type") ?? "")")
    }

    @Test("a truncated JPEG is refused with 422 as a PDF, as it is as a bitmap", arguments: ["pdf", "png"])
    func truncatedJPEG(_ format: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/truncated.jpg?fmt=" + format)
        #expect(response.status == 422 && response.json["param"] == "path", "\(response.status) \(response.text.prefix(200))")
    }

    @Test("bytes after a JPEG's end marker stay out of the PDF")
    func trailingBytes() throws {
        let fixture = try Self.fixture()
        let jpeg = try [UInt8](Data(contentsOf: ServiceFixture.samples.appendingPathComponent("avatar.jpg")))
        let payload = Array("<script>alert('from the PDF')</script>".utf8)
        try Data(jpeg + payload + [UInt8](repeating: 0x50, count: 4 << 20)).write(to: fixture.root.appendingPathComponent("trailer.jpg"))
        let response = try fixture.get("/img/trailer.jpg?fmt=pdf")
        #expect(response.status == 200 && response.header("Content-Type") == "application/pdf", "\(response.text.prefix(200))")
        #expect(Data(response.body).range(of: Data(payload)) == nil, "the payload is in the PDF")
        // The 40 KB photo and a page around it, not 4 MiB of padding.
        #expect(response.body.count < jpeg.count + 4096, "\(response.body.count) bytes for a \(jpeg.count)-byte JPEG")
    }

    @Test("a JPEG's EXIF, XMP, comments and other APPn segments stay out of the PDF")
    func jpegMetadata() throws {
        let fixture = try Self.fixture()
        let jpeg = try [UInt8](Data(contentsOf: fixture.root.appendingPathComponent("landscape_4.jpg")))
        func segment(_ code: UInt8, _ text: String) -> [UInt8] {
            let payload = Array(text.utf8)
            return [0xFF, code, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        // A little-endian TIFF with one Artist tag (0x013B, ASCII, 19 bytes at offset 26).
        let exif = "Exif\0\0II*\0\u{8}\0\0\0\u{1}\0;\u{1}\u{2}\0\u{13}\0\0\0\u{1A}\0\0\0\0\0\0\0EXIF-SECRET-ARTIST\0"
        let metadata =
            segment(0xE1, exif)
            + segment(0xE1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">XMP-SECRET-PACKET</x:xmpmeta>")
            + segment(0xFE, "COM-SECRET-COMMENT") + segment(0xE9, "APP9-SECRET")
        try Data(jpeg.prefix(2) + metadata + jpeg.dropFirst(2)).write(to: fixture.root.appendingPathComponent("tagged.jpg"))
        let response = try fixture.get("/img/tagged.jpg?fmt=pdf")
        #expect(response.status == 200, "\(response.text.prefix(200))")
        for secret in ["EXIF-SECRET-ARTIST", "XMP-SECRET-PACKET", "COM-SECRET-COMMENT", "APP9-SECRET"] {
            #expect(Data(response.body).range(of: Data(secret.utf8)) == nil, "\(secret) is in the PDF")
        }
        #expect(response.body.count < jpeg.count + 4096)
    }

    @Test("a JPEG with a marker the rebuild does not take (TEM) is re-encoded, not refused and not copied")
    func unknownMarkerIsReencoded() throws {
        let fixture = try Self.fixture()
        let jpeg = try [UInt8](Data(contentsOf: ServiceFixture.samples.appendingPathComponent("avatar.jpg")))
        try Data(jpeg.prefix(2) + [0xFF, 0x01] + jpeg.dropFirst(2)).write(to: fixture.root.appendingPathComponent("tem.jpg"))
        let response = try fixture.get("/img/tem.jpg?fmt=pdf")
        #expect(response.status == 200, "\(response.text.prefix(200))")
        #expect(Data(response.body).range(of: Data("/DCTDecode".utf8)) != nil, "still a JPEG in the PDF")
        #expect(Data(response.body).range(of: Data(jpeg.suffix(4096))) == nil, "the file's own scan data")
    }

    @Test("an image tiled over more than one tile down is drawn, as PDF and as PNG", arguments: ["pdf", "png"])
    func tiledOverSeveralRows(_ format: String) throws {
        let fixture = try Self.fixture()
        // The 4032×3024 photo at @3x is a 1344×1008-point tile: two across and two down, each
        // resampled from the whole photo (a small photo would fit libvips's line cache and pass).
        try FileManager.default.copyItem(
            at: fixture.root.appendingPathComponent("landscape_4.jpg"), to: fixture.root.appendingPathComponent("tiles@3x.jpg"))
        let chain = #"Image("tiles@3x").resizable(resizingMode:.tile).frame(width:1400,height:1100)"#
        let encoded = chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let response = try fixture.get("/img/landscape_4.jpg?chain=\(encoded)&fmt=\(format)")
        #expect(response.status == 200, "\(response.text.prefix(200))")
        if format == "pdf" {
            let poppler = try Poppler(response.body)
            defer { poppler.remove() }
            #expect(try poppler.pageSize() == (1400, 1100))
        }
    }

    @Test(
        "page is refused with 400 outside fmt=pdf, and when it is not a size",
        arguments: [
            ("/img/dot_green.png?w=10&page=a4", "applies to fmt=pdf only"),
            ("/img/dot_green.png?w=10&fmt=png&page=a4", "applies to fmt=pdf only"),
            ("/img/dot_green.png?w=10&fmt=pdf&page=0x100", "WxH in points"),
            ("/img/dot_green.png?w=10&fmt=pdf&page=100x20000", "at most 14400"),
            ("/img/dot_green.png?w=10&fmt=pdf&page=a5", "a4 or letter"),
            ("/img/dot_green.png?w=10&fmt=pdf&page=infxinf", "WxH in points"),
        ])
    func badPage(_ target: String, _ message: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(target)
        #expect(response.status == 400 && response.text.contains(message), "\(response.text)")
    }
}
