import Foundation
import Layout
@testable import Render
import Testing

/// The SF Symbols names drawn by composing installed icons: SF's `X.circle` family, the hang-up
/// handset and the waving hand, checked by their pixels.
@Suite("render: symbols composed from installed icons")
struct SymbolCompositeTests {
    static let names = [
        "mic.circle", "mic.circle.fill", "heart.circle", "heart.circle.fill", "phone.down", "phone.down.fill", "hand.wave", "hand.wave.fill",
    ]

    /// `name` resizable in red, `side` × `side` with no padding.
    static func draw(_ name: String, side: Int = 64) throws -> Bitmap {
        try SymbolDrawingTests.render("Image(systemName:\"\(name)\").resizable().frame(width:\(side),height:\(side)).foregroundStyle(.red)")
    }

    static func inked(_ pixel: RGBA) -> Bool { pixel.a > 200 }

    @Test("each name draws ink inside its frame, in the foreground colour only", arguments: names)
    func draws(_ name: String) throws {
        #expect(SymbolComposite.table[name] != nil && SymbolCatalog.names.contains(name))
        let bitmap = try SymbolDrawingTests.render(
            "Image(systemName:\"\(name)\").resizable().scaledToFit().frame(width:32,height:32).foregroundStyle(.red).padding(4)")
        let ink = try #require(bitmap.inkBounds(), "\(name) drew nothing")
        #expect(ink.x >= 4 && ink.y >= 4 && ink.maxX <= 36 && ink.maxY <= 36, "\(name): \(ink)")
        #expect(ink.width >= 24, "\(name): \(ink)")
        #expect(bitmap.colours.allSatisfy { $0.a == 0 || RGBA($0.r, $0.g, $0.b) == SymbolDrawingTests.red }, "\(name): only red is drawn")
    }

    @Test(
        "X.circle: the ring is ink at each edge's midpoint, empty inside it, the glyph inked in the middle",
        arguments: ["mic.circle", "heart.circle"])
    func outlinedCircle(_ name: String) throws {
        let bitmap = try Self.draw(name)
        // The ring is 1/16 of the side (4 px); the glyph at 55 % spans about 15…49.
        for (x, y) in [(32, 1), (1, 32), (62, 32), (32, 62)] { #expect(Self.inked(bitmap[x, y]), "\(name) ring at (\(x), \(y)): \(bitmap[x, y])") }
        for (x, y) in [(32, 9), (9, 32), (54, 32)] { #expect(bitmap[x, y].a == 0, "\(name) between ring and glyph at (\(x), \(y))") }
        let middle = (20..<44).flatMap { y in (20..<44).map { x in bitmap[x, y] } }.filter(Self.inked).count
        #expect(middle >= 30, "\(name): \(middle) glyph pixels in the middle")
    }

    @Test("X.circle.fill: the disc is ink, the glyph's middle is transparent", arguments: ["mic.circle.fill", "heart.circle.fill"])
    func knockedOut(_ name: String) throws {
        let bitmap = try Self.draw(name)
        // (32, 28) is inside both the mic's head and the heart at 55 %; (32, 8) is disc above them.
        for (x, y) in [(32, 1), (1, 32), (62, 32), (32, 62), (32, 8), (10, 20)] {
            #expect(Self.inked(bitmap[x, y]), "\(name) disc at (\(x), \(y)): \(bitmap[x, y])")
        }
        #expect(bitmap[32, 28].a == 0, "\(name): the glyph is cut out: \(bitmap[32, 28])")
        let onWhite = try SymbolDrawingTests.render(
            "Image(systemName:\"\(name)\").resizable().frame(width:64,height:64).foregroundStyle(.red).background(Color.white)")
        #expect(onWhite[32, 28] == RGBA.white && onWhite[32, 8] == SymbolDrawingTests.red, "the background shows through the glyph")
    }

    @Test("phone.down lies flat, its ear and mouth pieces reaching below its middle", arguments: ["phone.down", "phone.down.fill"])
    func hangUp(_ name: String) throws {
        let bitmap = try Self.draw(name)
        let ink = try #require(bitmap.inkBounds())
        #expect(ink.width >= 56 && ink.width > 2 * ink.height, "\(name): flat, \(ink)")
        #expect(abs((ink.x + ink.maxX) - 64) <= 4, "\(name): centred across, \(ink)")
        func lowest(_ x: Int) -> Int { (0..<64).last { Self.inked(bitmap[x, $0]) } ?? -1 }
        func highest(_ x: Int) -> Int { (0..<64).first { Self.inked(bitmap[x, $0]) } ?? 64 }
        for end in [ink.x + 4, ink.maxX - 5] {
            #expect(lowest(end) > lowest(32) + 4, "\(name): a piece at x \(end) reaches \(lowest(end)), the middle \(lowest(32))")
            #expect(highest(end) > highest(32), "\(name): the handset arches up in the middle")
        }
    }

    @Test("hand.wave.fill is the solid waving hand; hand.wave its outline, the palm open")
    func wavingHand() throws {
        let fill = try Self.draw("hand.wave.fill"), outline = try Self.draw("hand.wave")
        // In the 64 px box: the palm around (22, 42), the motion arc at the top left through (6, 12).
        #expect(Self.inked(fill[22, 42]) && outline[22, 42].a == 0, "palm: \(fill[22, 42]) vs \(outline[22, 42])")
        #expect(Self.inked(fill[6, 12]) && Self.inked(outline[6, 12]), "the arc stays solid in both")
        let count = { (b: Bitmap) in (0..<64).flatMap { y in (0..<64).map { x in b[x, y] } }.filter(Self.inked).count }
        #expect(count(outline) * 2 < count(fill), "outline \(count(outline)) px vs fill \(count(fill)) px")
        let a = try #require(fill.inkBounds()), b = try #require(outline.inkBounds())
        #expect(abs(a.x - b.x) <= 1 && abs(a.maxX - b.maxX) <= 1 && abs(a.y - b.y) <= 1 && abs(a.maxY - b.maxY) <= 1, "same extent: \(a) vs \(b)")
    }

    @Test("composed once and reused: the same bytes each time, from the installed files")
    func cached() throws {
        for name in Self.names {
            let first = try SymbolLibrary.shared.glyph(named: name)
            #expect(try SymbolLibrary.shared.glyph(named: name) == first, "\(name)")
            #expect(try SymbolLibrary(directory: SymbolLibrary.defaultDirectory).glyph(named: name) == first, "\(name): deterministic")
            let text = String(decoding: first, as: UTF8.self)
            #expect(text.hasPrefix("<svg") && text.contains(#"fill="currentColor""#), "\(name)")
        }
        let circle = try #require(FileManager.default.contents(atPath: "\(SymbolLibrary.defaultDirectory)/circle.svg"))
        let ring = try #require(SymbolComposite.elements([UInt8](circle)))
        #expect(String(decoding: try SymbolLibrary.shared.glyph(named: "mic.circle"), as: UTF8.self).contains(ring), "read from bootstrap's circle")
    }

    @Test("without the files they are composed from, the names are unknown", arguments: names)
    func missingParts(_ name: String) {
        let library = SymbolLibrary(directory: "/nonexistent", materialIcons: "/nonexistent/MaterialIcons-Regular.ttf")
        #expect {
            _ = try library.glyph(named: name)
        } throws: { error in
            guard case .unknownSymbol(let unknown, _) = error as? RenderError else { return false }
            return unknown == name
        }
    }
}
