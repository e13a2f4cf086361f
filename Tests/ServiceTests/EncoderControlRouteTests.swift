import Foundation
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `png`, `dither`, `chroma`, `lossless` and `progressive` over a real server, each checked in the
/// bytes of the answer: PNG's IHDR and PLTE, JPEG's frame header, WebP's chunks, pixels read back.
@Suite("GET /img: encoder controls")
struct EncoderControlRouteTests {
    /// An avatar: a photo cut to a circle on transparency, as a trial user's was.
    static let avatar = "/img/landscape_4.jpg?w=160&h=160&mode=fill&mask=circle&fmt=png"

    @Test("png=palette writes colour type 3 with at most N palette entries, smaller than RGBA", arguments: [256, 16, 2])
    func palette(_ colors: Int) throws {
        let fixture = try ServiceFixture()
        let full = try fixture.get(Self.avatar)
        let suffix = colors == 256 ? "&png=palette" : "&png=palette:\(colors)"
        let palette = try fixture.get(Self.avatar + suffix)
        #expect(full.status == 200 && palette.status == 200, "\(palette.text)")
        #expect(EncodedBytes.pngHeader(full.body)?.colorType == 6)
        let header = try #require(EncodedBytes.pngHeader(palette.body))
        #expect(header.colorType == 3)
        #expect(1 << header.bitDepth <= colors)
        let plte = try #require(EncodedBytes.pngChunks(palette.body).first { $0.type == "PLTE" })
        #expect(plte.data.count % 3 == 0 && plte.data.count / 3 <= colors)
        // Transparent corners stay transparent: the palette carries alpha (tRNS).
        #expect(EncodedBytes.pngChunks(palette.body).contains { $0.type == "tRNS" })
        let decoded = try VImage.decode(palette.body)
        #expect(decoded.width == 160 && decoded.hasAlpha)
        #expect(palette.body.count < full.body.count, "palette \(palette.body.count) B, RGBA \(full.body.count) B")
        #expect(palette.header("ETag") != full.header("ETag"))
    }

    @Test("dither=0 gives other bytes than the default dithering")
    func dither() throws {
        let fixture = try ServiceFixture()
        let dithered = try fixture.get(Self.avatar + "&png=palette:16")
        let flat = try fixture.get(Self.avatar + "&png=palette:16&dither=0")
        #expect(dithered.status == 200 && flat.status == 200, "\(flat.text)")
        #expect(EncodedBytes.pngHeader(flat.body)?.colorType == 3)
        #expect(flat.body != dithered.body)
    }

    @Test("progressive=1 interlaces PNG (Adam7) and writes progressive JPEG (SOF2)")
    func progressive() throws {
        let fixture = try ServiceFixture()
        let png = try fixture.get(Self.avatar + "&progressive=1")
        #expect(png.status == 200 && EncodedBytes.pngHeader(png.body)?.interlace == 1, "\(png.text)")
        #expect(try EncodedBytes.pngHeader(fixture.get(Self.avatar).body)?.interlace == 0)
        let palette = try fixture.get(Self.avatar + "&progressive=1&png=palette")
        #expect(EncodedBytes.pngHeader(palette.body).map { ($0.colorType, $0.interlace) } ?? (0, 0) == (3, 1))
        let base = "/img/landscape_4.jpg?w=120&fmt=jpeg"
        let markers = { (query: String) throws -> [UInt8] in EncodedBytes.jpegSegments(try fixture.get(query).body).map(\.marker) }
        #expect(try markers(base + "&progressive=1").contains(0xC2))
        #expect(try !markers(base + "&progressive=1").contains(0xC0))
        #expect(try markers(base).contains(0xC0))
        #expect(try markers(base + "&progressive=0").contains(0xC0))
    }

    @Test("progressive=0 overrides the server's jpeg.progressive")
    func progressiveOverridesSetting() throws {
        let fixture = try ServiceFixture { $0.progressiveJPEG = true }
        let base = "/img/landscape_4.jpg?w=120&fmt=jpeg"
        #expect(EncodedBytes.jpegSegments(try fixture.get(base).body).contains { $0.marker == 0xC2 })
        #expect(EncodedBytes.jpegSegments(try fixture.get(base + "&progressive=0").body).contains { $0.marker == 0xC0 })
    }

    @Test("chroma=420 samples luma 2×2 to chroma's 1×1; chroma=444 all at 1×1, at any quality")
    func chroma() throws {
        let fixture = try ServiceFixture()
        let base = "/img/landscape_4.jpg?w=120&fmt=jpeg"
        #expect(EncodedBytes.jpegSamplingFactors(try fixture.get(base + "&chroma=420").body) == [0x22, 0x11, 0x11])
        #expect(EncodedBytes.jpegSamplingFactors(try fixture.get(base + "&chroma=444").body) == [0x11, 0x11, 0x11])
        #expect(EncodedBytes.jpegSamplingFactors(try fixture.get(base + "&chroma=420&q=95").body) == [0x22, 0x11, 0x11])
        #expect(EncodedBytes.jpegSamplingFactors(try fixture.get(base + "&chroma=444&q=50").body) == [0x11, 0x11, 0x11])
        // The default is libvips's: 4:2:0 below quality 90.
        #expect(EncodedBytes.jpegSamplingFactors(try fixture.get(base).body) == [0x22, 0x11, 0x11])
        let avif = { (query: String) throws -> [Int] in
            let response = try fixture.get("/img/landscape_4.jpg?w=64&fmt=avif" + query)
            return EncodedBytes.avifSubsampling(response.body).map { [$0.x, $0.y] } ?? []
        }
        #expect(try avif("&chroma=444") == [0, 0])
        #expect(try avif("&chroma=420&q=95") == [1, 1])
        #expect(try avif("") == [1, 1])
    }

    @Test("lossless=1: WebP is VP8L; WebP, AVIF and JPEG XL decode to the source's pixels exactly", arguments: ["webp", "avif", "jxl"])
    func lossless(_ format: String) throws {
        let fixture = try ServiceFixture()
        // A 48×32 source of distinct colours at its own size: nothing is resampled.
        var pixels: [UInt8] = []
        for i in 0..<(48 * 32) {
            let (x, y) = (i % 48, i / 48)
            pixels += [UInt8(x * 5), UInt8(y * 7), UInt8(i * 37 % 251)]
        }
        let source = try VImage.fromPixels(pixels, width: 48, height: 32, bands: 3)
        try Data(source.png()).write(to: fixture.root.appendingPathComponent("colours.png"))
        let response = try fixture.get("/img/colours.png?fmt=\(format)&lossless=1")
        #expect(response.status == 200, "\(response.text)")
        if format == "webp" {
            #expect(EncodedBytes.webpChunks(response.body).contains("VP8L"))
            #expect(!EncodedBytes.webpChunks(try fixture.get("/img/colours.png?fmt=webp").body).contains("VP8L"))
        }
        // libvips's JPEG XL loader is off (untrusted loaders are blocked): libjxl's djxl reads it.
        let decoded = try (format == "jxl" ? JXLDecoding.decode(response.body) : VImage.decode(response.body)).srgb()
        let rgb = decoded.bands == 4 ? try decoded.bands(3) : decoded
        #expect(try rgb.pixels() == pixels)
    }

    @Test("fmt=auto keeps working with every setting: each applies when the chosen format has it")
    func autoFormat() throws {
        let fixture = try ServiceFixture()
        let jpeg = try fixture.get("/img/landscape_4.jpg?w=64&lossless=1&png=palette&progressive=1&chroma=444")
        #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "image/jpeg", "\(jpeg.text)")
        #expect(EncodedBytes.jpegSamplingFactors(jpeg.body) == [0x11, 0x11, 0x11])
        let webp = try fixture.get("/img/landscape_4.jpg?w=64&lossless=1", headers: ["Accept: image/webp"])
        #expect(webp.header("Content-Type") == "image/webp" && EncodedBytes.webpChunks(webp.body).contains("VP8L"))
        let png = try fixture.get("/img/landscape_4.jpg?w=64&h=64&mode=fill&mask=circle&png=palette")
        #expect(png.header("Content-Type") == "image/png" && EncodedBytes.pngHeader(png.body)?.colorType == 3)
    }

    @Test(
        "settings that cannot apply to the format asked for are a 400 naming the setting",
        arguments: [
            ("fmt=jpeg&png=palette", "png", "fmt=png"), ("fmt=png&lossless=1", "lossless", "fmt=webp"), ("fmt=webp&chroma=444", "chroma", "fmt=jpeg"),
            ("fmt=webp&progressive=1", "progressive", "fmt=jpeg"), ("dither=0.5", "dither", "png=palette"), ("png=palette:3", "png", "2, 4, 16, 256"),
            ("png=pallete", "png", "did you mean `palette`?"), ("chroma=422", "chroma", "444, 420"), ("meta=exif", "meta", "copyright, all, none"),
            ("lossless=2", "lossless", "`0` or `1`"), ("fmt=webp&lossless=1&maxbytes=1000", "lossless", "maxbytes"),
            ("dither=2&png=palette", "dither", "0 to 1"),
        ])
    func refusals(_ query: String, _ param: String, _ text: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=64&" + query)
        #expect(response.status == 400 && response.json["param"] == param, "\(response.text)")
        #expect(response.json["error"]?.contains(text) == true, "\(response.text)")
    }

    @Test("a view template takes the encoder settings")
    func template() throws {
        let fixture = try ServiceFixture()
        try Data(#"Text("\(name)").padding(4).background(.white)"#.utf8).write(to: fixture.templates.appendingPathComponent("t.swift"))
        let response = try fixture.get("/view/t?name=Ana&fmt=png&png=palette:16")
        #expect(response.status == 200 && EncodedBytes.pngHeader(response.body)?.colorType == 3, "\(response.text)")
    }
}
