import Foundation
import Layout
@testable import Render
import TransformSpec
import Testing

/// `Image(systemName:)` drawn from Bootstrap Icons: real pixels from librsvg, tinted and scaled.
@Suite("render: symbols")
struct SymbolDrawingTests {
    /// SwiftUI's `.red`, (255, 59, 48).
    static let red: RGBA = {
        let b = NamedColors.color(named: "red")!.bytes
        return RGBA(b[0], b[1], b[2], 255)
    }()

    static func render(_ chain: String, scale: Double = 1) throws -> Bitmap {
        let spec = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=png&scale=\(Int(scale))")
        return try Bitmap(encoded: try SourceFolder().renderer.render(spec).bytes)
    }

    @Test("a resizable square.fill 40 × 40 in red: solid red inside, nothing outside its rect")
    func tint() throws {
        let bitmap = try Self.render("Image(systemName:\"square.fill\").resizable().frame(width:40,height:40).foregroundStyle(.red).padding(10)")
        #expect(bitmap.width == 60 && bitmap.height == 60)
        for (x, y) in [(30, 30), (15, 15), (44, 44), (20, 40)] {
            #expect(bitmap[x, y] == Self.red, "(\(x), \(y)): \(bitmap[x, y])")
        }
        let ink = try #require(bitmap.inkBounds())
        #expect(ink.x >= 10 && ink.y >= 10 && ink.maxX <= 50 && ink.maxY <= 50, "\(ink)")
        #expect(ink.width >= 38 && ink.height >= 38, "the glyph is stretched over the rect: \(ink)")
        #expect(bitmap.colours.allSatisfy { $0.a == 0 || RGBA($0.r, $0.g, $0.b) == Self.red }, "only red is drawn")
    }

    @Test("stretched, not fitted: a 60 × 20 resizable square.fill covers the whole wide rect")
    func stretch() throws {
        let bitmap = try Self.render("Image(systemName:\"square.fill\").resizable().frame(width:60,height:20)")
        for (x, y) in [(3, 10), (56, 10), (30, 2), (30, 17)] { #expect(bitmap[x, y].a == 255, "(\(x), \(y))") }
        let fitted = try Self.render("Image(systemName:\"square.fill\").resizable().scaledToFit().frame(width:60,height:20)")
        #expect(fitted[3, 10].a == 0 && fitted[30, 10].a == 255, "scaledToFit keeps it square and centred")
    }

    @Test("scale 2 doubles the canvas and the glyph's ink; default colour is black")
    func scales() throws {
        let one = try Self.render("Image(systemName:\"trophy\").font(.largeTitle)")
        let two = try Self.render("Image(systemName:\"trophy\").font(.largeTitle)", scale: 2)
        #expect(one.width == 41 && one.height == 41)
        #expect(two.width == 82 && two.height == 82)
        let a = try #require(one.inkBounds()), b = try #require(two.inkBounds())
        #expect(abs(b.width - 2 * a.width) <= 2 && abs(b.height - 2 * a.height) <= 2, "\(a) vs \(b)")
        #expect(a.width >= 34 && a.height >= 34, "aspect-fit fills the square: \(a)")
        #expect(one.colours.allSatisfy { $0.a == 0 || ($0.r == 0 && $0.g == 0 && $0.b == 0) })
    }

    @Test("the award view: 200 × 290 canvas (600 × 870 at 3x), the trophy inked inside its 200 × 200 frame at y 7")
    func award() throws {
        let chain = """
            VStack{Image(systemName:"trophy").resizable().frame(width:200,height:200).frame(maxWidth:.infinity,maxHeight:.infinity)\
            .shadow(color:.mint,radius:5);Text("Player").font(.largeTitle);Text("Today")}.frame(width:200,height:290)
            """
        let bitmap = try Self.render(chain)
        #expect(bitmap.width == 200 && bitmap.height == 290)
        // The trophy's cup rim runs along the top of its 200 × 200 rect (y 7…207); its foot at the bottom.
        let black = { (p: RGBA) in p.a == 255 && p.r < 40 && p.g < 40 && p.b < 40 }
        #expect((20..<180).filter { black(bitmap[$0, 7 + 4]) }.count > 100, "the rim is inked")
        #expect((60..<140).contains { black(bitmap[$0, 7 + 196]) }, "the foot is inked")
        #expect(bitmap[100, 100].a < 255, "inside the cup is open")
        #expect(bitmap[100, 3].a > 0 && bitmap[100, 3].g > bitmap[100, 3].r, "mint shadow above the rim: \(bitmap[100, 3])")
        let wide = try Self.render(chain, scale: 3)
        #expect(wide.width == 600 && wide.height == 870)
    }

    @Test("an unknown symbol fails before drawing with close names")
    func unknown() throws {
        let spec = TransformSpec(source: "unused.png", view: .symbol(SymbolView(name: "trophey")), format: .fixed(.png))
        #expect {
            _ = try SourceFolder().renderer.render(spec)
        } throws: { error in
            guard case .unknownSymbol(let name, let suggestions) = error as? RenderError else { return false }
            return name == "trophey" && suggestions.first == "trophy"
        }
    }

    @Test("every table entry names an installed icon; .fill falls back to the outline; the dashed rule")
    func names() throws {
        let library = SymbolLibrary.shared
        for (name, icon) in SymbolNames.table {
            #expect(FileManager.default.fileExists(atPath: "\(SymbolLibrary.defaultDirectory)/\(icon).svg"), "\(name) → \(icon)")
        }
        func file(_ icon: String) -> [UInt8]? {
            FileManager.default.contents(atPath: "\(SymbolLibrary.defaultDirectory)/\(icon).svg").map { [UInt8]($0) }
        }
        let mapped: [(String, String)] = [
            ("trophy", "trophy"), ("trophy.fill", "trophy-fill"), ("star.fill", "star-fill"), ("heart", "heart"),
            ("checkmark.circle", "check-circle"), ("checkmark.circle.fill", "check-circle-fill"),
            ("arrow.right.square", "arrow-right-square"), ("arrow.right.square.fill", "arrow-right-square-fill"),
            ("person.circle.fill", "person-circle"), ("bolt.fill", "lightning-fill"), ("flame.fill", "fire"),
            ("sparkles", "stars"), ("xmark", "x"), ("person.crop.circle.fill", "person-circle"), ("globe", "globe"),
        ]
        for (name, icon) in mapped {
            #expect(try library.glyph(named: name) == file(icon), "\(name) → \(icon)")
        }
        #expect(SymbolNames.suggestions(for: "star.fil", icons: ["star", "star-fill", "stars"]).first == "star.fill")
        #expect(SymbolNames.suggestions(for: "qqqqqqqqqq", icons: ["star"]).isEmpty)
    }
}
