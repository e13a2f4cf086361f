import Sources
import Foundation
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// `fmt=pdf` read back by real PDF tools (poppler-utils): page size, embedded subset fonts,
/// extractable text, images stored as they should be, and Apple's centred award page.
@Suite("PDF output")
struct PDFOutputTests {
    static let samples = GalleryExample.samples

    /// The PDF of `chain` (the request's own image is `source`), with extra query parameters.
    func pdf(_ chain: String, source: String = "dot_green.png", _ extra: String = "") throws -> [UInt8] {
        let query = "chain=" + (chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "&fmt=pdf" + extra
        let spec = try TransformSpec.parse(source: source, query: query)
        let image = try LocalRenderer(sources: SourceDirectory(root: Self.samples.path)).render(spec)
        #expect(image.format == .pdf && image.format.contentType == "application/pdf")
        return image.bytes
    }

    /// The award template filled with Ana and the date, with `options` (renderer parameters).
    func award(_ options: String) throws -> [UInt8] {
        let text = try String(contentsOf: Self.samples.appendingPathComponent("templates/award.swift"), encoding: .utf8)
        let spec = try ViewTemplate(name: "award", text: text, limits: SpecLimits())
            .spec(query: "name=Ana&date=22.11.2026&" + options, limits: SpecLimits())
        return try LocalRenderer(sources: SourceDirectory(root: Self.samples.path)).render(spec).bytes
    }

    @Test("without page, the page is the root view's size in points, whatever the scale")
    func pageIsViewSize() throws {
        for scale in ["1", "2"] {
            let poppler = try Poppler(try pdf("Color.red.frame(width:300,height:200)", "&scale=" + scale))
            defer { poppler.remove() }
            let size = try poppler.pageSize()
            #expect(size.width == 300 && size.height == 200)
        }
    }

    @Test("page=a4 and page=letter name their sizes")
    func namedPages() throws {
        for (name, width, height) in [("a4", 595.28, 841.89), ("letter", 612.0, 792.0)] {
            let poppler = try Poppler(try pdf("Color.red.frame(width:100,height:100)", "&page=" + name))
            defer { poppler.remove() }
            let size = try poppler.pageSize()
            #expect(abs(size.width - width) < 0.01 && abs(size.height - height) < 0.01, "\(name): \(size)")
        }
    }

    @Test("Text stays text: subset-embedded fonts, and pdftotext extracts the strings")
    func textIsText() throws {
        let poppler = try Poppler(try pdf(#"VStack{Text("Hello PDF").bold();Text("Second line")}.padding(8)"#))
        defer { poppler.remove() }
        let fonts = try poppler.fonts()
        #expect(!fonts.isEmpty)
        for font in fonts {
            // name type… emb sub uni object: "yes yes yes" before the object number.
            #expect(font.suffix(5).prefix(3) == ["yes", "yes", "yes"], "\(font)")
            #expect(font[0].contains("+"), "a subset font's name has a tag: \(font[0])")
        }
        let text = try poppler.run("pdftotext", ["{}", "-"])
        #expect(text.contains("Hello PDF") && text.contains("Second line"))
        #expect(try poppler.images().isEmpty)
    }

    @Test("a shape-only view holds no image at all")
    func shapesAreVectors() throws {
        let chain =
            "ZStack{LinearGradient(colors:[.orange,.purple],startPoint:.top,endPoint:.bottom);"
            + "RoundedRectangle(cornerRadius:20).stroke(Color.white,lineWidth:4).frame(width:160,height:100);"
            + "Circle().fill(Color.yellow).frame(width:40,height:40).opacity(0.5);Capsule().fill(Color.blue).frame(width:80,height:20)"
            + "}.frame(width:240,height:160).clipShape(RoundedRectangle(cornerRadius:24)).border(Color.black,width:2)"
        let poppler = try Poppler(try pdf(chain))
        defer { poppler.remove() }
        #expect(try poppler.images().isEmpty)
        #expect(try poppler.fonts().isEmpty)
    }

    @Test("symbols are vector paths")
    func symbolsAreVectors() throws {
        let poppler = try Poppler(try pdf(#"Image(systemName:"star.fill").resizable().frame(width:64,height:64).foregroundStyle(.orange)"#))
        defer { poppler.remove() }
        #expect(try poppler.images().isEmpty)
        let page = try poppler.rasterised(pixelsPerPoint: 1)
        let centre = try Bitmap(page)[32, 36]
        #expect(centre.isClose(to: RGBA(255, 165, 0), tolerance: 30), "\(centre)")
    }

    @Test("a JPEG drawn whole is stored as jpeg at its own pixel size, byte for byte")
    func jpegPassesThrough() throws {
        let bytes = try pdf(#"Image("avatar.jpg").resizable().frame(width:200,height:200)"#)
        let poppler = try Poppler(bytes)
        defer { poppler.remove() }
        let images = try poppler.images()
        try #require(images.count == 1)
        // page num type width height color comp bpc enc …
        #expect(Array(images[0][3...4]) == ["400", "400"])
        #expect(images[0][8] == "jpeg")
        let original = try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent("avatar.jpg")))
        #expect(bytes.count > original.count)
        #expect(Data(bytes).range(of: Data(original)) != nil, "the file's bytes appear unchanged in the PDF")
    }

    @Test("a large photo is embedded once, at its frame's size times pdfImageScale, as JPEG")
    func largePhotoIsCapped() throws {
        let chain =
            #"HStack{Image("landscape_4.jpg").resizable().frame(width:300,height:225);Image("landscape_4.jpg").resizable().frame(width:300,height:225)}"#
        let bytes = try pdf(chain)
        let poppler = try Poppler(bytes)
        defer { poppler.remove() }
        let images = try poppler.images()
        #expect(images.count == 2, "the same XObject drawn twice is listed per use")
        #expect(Set(images.map { $0[10] }).count == 1, "one object: \(images)")
        #expect(Array(images[0][3...4]) == ["600", "450"])
        #expect(images[0][8] == "jpeg")
        #expect(bytes.count < 300_000, "\(bytes.count) bytes")
    }

    @Test("a photo tiled two tiles across and two down: a page of the frame's size, the tile repeated down")
    func tiledPhoto() throws {
        // landscape_4 is 4032×3024 points; at 1/48 pixel per point a tile is exactly 84×63 pixels.
        let chain = #"Image("landscape_4").resizable(resizingMode:.tile).frame(width:4100,height:3100)"#
        let poppler = try Poppler(try pdf(chain, source: "landscape_4.jpg"))
        defer { poppler.remove() }
        let size = try poppler.pageSize()
        #expect(size.width == 4100 && size.height == 3100)
        let page = try Bitmap(try poppler.rasterised(pixelsPerPoint: 1.0 / 48))
        #expect(page.width == 86 && page.height == 65)
        for x in [10, 40, 70] {
            // The second row of tiles starts again at the photo's top, the second column at its left.
            #expect(page[x, 63].isClose(to: page[x, 0], tolerance: 24), "(\(x), 63) \(page[x, 63]) vs (\(x), 0) \(page[x, 0])")
            #expect(page[84, x - 8].isClose(to: page[0, x - 8], tolerance: 24), "(84, \(x - 8))")
        }
    }

    @Test("the award page: 800×600 points with the 200×290 view centred")
    func awardPage() throws {
        let poppler = try Poppler(try award("fmt=pdf&page=800x600"))
        defer { poppler.remove() }
        let size = try poppler.pageSize()
        #expect(size.width == 800 && size.height == 600)
        #expect(try poppler.run("pdftotext", ["{}", "-"]).contains("Ana"))
        // Ink only inside the centred 200×290 rect: x 300…500, y 155…445 (the shadow may spill 5 pt).
        let page = try Bitmap(try poppler.rasterised(pixelsPerPoint: 1))
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<page.height {
            for x in 0..<page.width where page[x, y].r < 200 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        #expect(minX >= 300 && maxX < 500 && minY >= 155 && maxY < 445, "ink \(minX)…\(maxX) × \(minY)…\(maxY)")
        #expect(abs((minX + maxX) / 2 - 400) <= 2, "centred across: \(minX)…\(maxX)")
    }

    @Test("rotationEffect, mask and blendMode reach the PDF: a turned bar, a circle, a multiplied square")
    func transformEffects() throws {
        let chain =
            "ZStack{Color(red:1,green:1,blue:0).frame(width:100,height:100);"
            + "Color(red:1,green:0,blue:0).frame(width:80,height:20).rotationEffect(.degrees(90));"
            + "Color(red:0,green:1,blue:1).frame(width:20,height:20).blendMode(.multiply).offset(x:30,y:30)}"
            + ".mask{Circle()}"
        let poppler = try Poppler(try pdf(chain))
        defer { poppler.remove() }
        let page = try Bitmap(try poppler.rasterised(pixelsPerPoint: 1))
        #expect(page[50, 15].isClose(to: .red, tolerance: 20), "the bar, upright: \(page[50, 15])")
        #expect(page[20, 50].isClose(to: .yellow, tolerance: 20), "beside it: \(page[20, 50])")
        #expect(page[80, 80].isClose(to: .green, tolerance: 20), "cyan × yellow: \(page[80, 80])")
        #expect(page[3, 3].r > 240 && page[3, 3].b > 240, "outside the circle: \(page[3, 3])")
    }
}
