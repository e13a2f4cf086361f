import Foundation
import Layout
import Render
import Sources
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Brand fonts: the OTFs of `Samples/fonts` (Comic Neue, OFL) loaded for the process, drawn and
/// measured instead of Inter when `Font.custom` names them, embedded as subsets in PDFs, and an
/// unknown family refused with the installed ones listed.
@Suite("render: brand fonts")
struct BrandFontTests {
    static let folder = GalleryExample.samples.appendingPathComponent("fonts").path
    static let line = "The quick brown fox 0123456789"

    init() throws {
        #expect(try BrandFonts.load(folder: Self.folder) == ["Comic Neue"])
    }

    /// `chain` rendered as PNG (or `fmt`) over the sample dot, which the chain does not show.
    func render(_ chain: String, fmt: String = "png") throws -> RenderedImage {
        let query = "chain=" + chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&fmt=" + fmt
        let spec = try TransformSpec.parse(source: "dot_green.png", query: query)
        return try LocalRenderer(sources: SourceDirectory(root: GalleryExample.samples.path)).render(spec)
    }

    /// The same line in `font`, black on white, in a fixed 640×60 frame, leading-aligned.
    func card(_ font: String) throws -> VImage {
        try VImage.decode(
            render(#"Text("\#(Self.line)").font(\#(font)).frame(width:640,height:60,alignment:.leading).background(Color.white)"#).bytes)
    }

    @Test("the folder's family is listed first, before Inter and DejaVu")
    func listing() {
        let available = InstalledFonts.available()
        #expect(available.first == "Comic Neue")
        #expect(Array(available.prefix(5)) == ["Comic Neue", "Inter", "Inter Display", "DejaVu Serif", "DejaVu Sans Mono"], "\(available.prefix(5))")
        #expect(!available.contains("Monospace"), "Pango's generic aliases are no families")
    }

    @Test("the same Text in the brand font and in Inter: different glyphs, different measured width, ink within it")
    func differsFromInter() throws {
        let brand = try card(#".custom("Comic Neue",size:40)"#)
        let inter = try card(".system(size:40)")
        let score = try psnr(brand, inter)
        #expect(score < 20, "different glyphs: PSNR \(score) dB")
        #expect(try psnr(card(#".custom("Comic Neue",size:40)"#), brand) == .infinity, "deterministic")

        let measurer = PangoTextMeasurer()
        let brandWidth = measurer.size(
            of: TextView(Self.line, font: .custom("Comic Neue", size: 40, scaling: .fixed)), proposal: .unspecified, pixelLength: 1
        ).width
        let interWidth = measurer.size(of: TextView(Self.line, font: .system(size: 40)), proposal: .unspecified, pixelLength: 1).width
        #expect(abs(brandWidth - interWidth) >= 12, "Comic Neue \(brandWidth) pt vs Inter Display \(interWidth) pt")
        for (image, width) in [(brand, brandWidth), (inter, interWidth)] {
            let ink = try #require(try Bitmap(image).inkBounds(dark: true))
            // The glyphs' ink lies inside the measured box, and fills most of it (side bearings aside).
            #expect(ink.x >= 0 && Double(ink.x + ink.width) <= width + 1, "ink \(ink) in \(width)")
            #expect(Double(ink.width) >= width - 8, "ink \(ink) fills \(width)")
        }
    }

    @Test("a custom font spaces lines with its own metrics, as SwiftUI does; the system font keeps SF Pro's")
    func ownLineMetrics() throws {
        let measurer = PangoTextMeasurer()
        // Inter named as a custom font: its own 2728 + 680 on a 2816 em (views spec §6.5), not SF Pro's 1.1934 em.
        let inter = measurer.metrics(of: TextView("Hello", font: .custom("Inter", size: 40, scaling: .fixed)))
        #expect(abs(inter.lineHeight - 40 * 3408 / 2816) < 0.05, "\(inter)")
        let system = measurer.metrics(of: TextView("Hello", font: .system(size: 40)))
        #expect(system == .sanFrancisco(pointSize: 40))
        let brand = TextView("Hgjy Hgjy Hgjy", font: .custom("Comic Neue", size: 40, scaling: .fixed))
        let own = measurer.metrics(of: brand)
        #expect(own != .sanFrancisco(pointSize: 40) && own.capHeight > 0 && own.capHeight < own.ascender, "\(own)")
        // Three wrapped lines are three of its lines; the drawn ink stays inside the box.
        let size = measurer.size(of: brand, proposal: ProposedSize(width: 110, height: nil), pixelLength: 1)
        #expect(size.height == (3 * own.lineHeight).rounded(.up), "\(size) vs \(own.lineHeight)")
        let drawn = try Bitmap(
            encoded: render(#"Text("Hgjy Hgjy Hgjy").font(.custom("Comic Neue",fixedSize:40)).frame(width:110).background(Color.white)"#).bytes)
        #expect(Double(drawn.height) == size.height)
        let ink = try #require(drawn.inkBounds(dark: true))
        #expect(ink.y >= 1 && ink.y + ink.height <= drawn.height - 1, "ink \(ink) in \(drawn.height) rows")
    }

    @Test("all three forms draw the written size at Dynamic Type Large; fontDesign leaves a custom font alone")
    func formsDrawAlike() throws {
        let relative = try card(#".custom("Comic Neue",size:40)"#)
        #expect(try psnr(card(#".custom("Comic Neue",size:40,relativeTo:.title)"#), relative) == .infinity)
        #expect(try psnr(card(#".custom("Comic Neue",fixedSize:40)"#), relative) == .infinity)
        let serif = try VImage.decode(
            render(
                #"Text("\#(Self.line)").font(.custom("Comic Neue",size:40)).fontDesign(.serif).frame(width:640,height:60,alignment:.leading).background(Color.white)"#
            ).bytes)
        #expect(try psnr(serif, relative) == .infinity)
    }

    @Test("family names match as fontconfig matches them: without regard to case or spaces")
    func caseAndSpaces() throws {
        #expect(try psnr(card(#".custom("comicneue",size:40)"#), card(#".custom("Comic Neue",size:40)"#)) == .infinity)
    }

    @Test("bold picks the family's bold face: more ink than the regular")
    func boldFace() throws {
        let regular = try Bitmap(card(#".custom("Comic Neue",size:40)"#))
        let bold = try Bitmap(card(#".custom("Comic Neue",size:40).bold()"#))
        let (r, b) = (regular.darkness, bold.darkness)
        #expect(b > r * 1.2, "bold \(b) vs regular \(r)")
    }

    @Test("an unknown family is refused before layout, listing the brand family first, then Inter")
    func unknownFamily() throws {
        do {
            _ = try render(#"Text("a").font(.custom("Brand Sans",size:20))"#)
            Issue.record("expected unknownFont")
        } catch let error as RenderError {
            guard case let .unknownFont(name, available, more) = error else { Issue.record("\(error)"); return }
            #expect(name == "Brand Sans")
            #expect(Array(available.prefix(3)) == ["Comic Neue", "Inter", "Inter Display"], "\(available)")
            #expect(available.count <= 16 && more >= 0)
            #expect(error.description.contains(#"no installed font family is named `Brand Sans`; installed: "Comic Neue", "Inter""#), "\(error)")
        }
    }

    @Test("a PDF embeds the brand font as a subset, and its text stays extractable")
    func pdfEmbedsSubset() throws {
        let poppler = try Poppler(
            render(#"VStack{Text("Brand line").font(.custom("Comic Neue",size:24));Text("Inter line")}.padding(8)"#, fmt: "pdf").bytes)
        defer { poppler.remove() }
        let fonts = try poppler.fonts()
        let brand = try #require(fonts.first { $0[0].contains("ComicNeue") }, "\(fonts)")
        #expect(brand[0].contains("+"), "a subset's name has a tag: \(brand[0])")
        // name type… emb sub uni object: "yes yes yes" before the object number.
        #expect(brand.suffix(5).prefix(3) == ["yes", "yes", "yes"], "\(brand)")
        #expect(fonts.contains { $0[0].contains("Inter") }, "\(fonts)")
        let text = try poppler.run("pdftotext", ["{}", "-"])
        #expect(text.contains("Brand line") && text.contains("Inter line"))
    }
}

extension Bitmap {
    /// The smallest rect of pixels darker than mid-grey; `nil` when none is.
    func inkBounds(dark: Bool) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<height {
            for x in 0..<width where Int(self[x, y].r) < 128 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// How much ink: the sum over pixels of 255 minus the red level (black text on white).
    var darkness: Double {
        var sum = 0.0
        for y in 0..<height { for x in 0..<width { sum += Double(255 - Int(self[x, y].r)) } }
        return sum
    }
}
