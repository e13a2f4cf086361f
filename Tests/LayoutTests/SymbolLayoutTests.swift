import Layout
import Testing

/// `Image(systemName:)` sizes (views spec §8.2): a square one SF line high in its font times the
/// image scale, rounded up to the pixel; resizable symbols take the proposal like a resizable bitmap.
@Suite("layout: symbols")
struct SymbolLayoutTests {
    static func leaf(_ view: ViewNode, proposal: ProposedSize = .unspecified, scale: Double = 1, kind: LeafPlacement.Kind = .symbol) throws
        -> LeafPlacement
    {
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: proposal, scale: scale)
        return try #require(plan.leaves.first { $0.kind == kind })
    }

    /// `ceil_m(pointSize × k × 2444/2048)`: SF Pro's ascender + descender per em.
    static func side(_ pointSize: Double, _ k: Double = 1, scale: Double = 1) -> Double {
        (pointSize * k * 2444 / 2048 * scale).rounded(.up) / scale
    }

    @Test("a body symbol is 21 × 21 at 1x (20.287 pt rounded up) and 61/3 at 3x")
    func body() throws {
        let symbol = ViewNode.symbol(SymbolView(name: "star"))
        #expect(try Self.leaf(symbol).rect.size == Size(width: 21, height: 21))
        let at3x = try Self.leaf(symbol, scale: 3).rect.size
        #expect(abs(at3x.width - 61.0 / 3) < 1e-9 && at3x.width == at3x.height)
        // A proposal does not change a non-resizable symbol.
        #expect(try Self.leaf(symbol, proposal: ProposedSize(width: 300, height: 5)).rect.size == Size(width: 21, height: 21))
    }

    @Test("font and imageScale size the glyph: .title 34, .largeTitle 41, body .large 27, body .small 16")
    func fontsAndScales() throws {
        let cases: [(SymbolView, Double)] = [
            (SymbolView(name: "star", font: .textStyle(.title)), Self.side(28)),
            (SymbolView(name: "star", font: .textStyle(.largeTitle)), Self.side(34)),
            (SymbolView(name: "star", font: .system(size: 40)), Self.side(40)),
            (SymbolView(name: "star", scale: .large), Self.side(17, 1.29)),
            (SymbolView(name: "star", scale: .small), Self.side(17, 0.78)),
            (SymbolView(name: "star", font: .textStyle(.title), scale: .large), Self.side(28, 1.29)),
        ]
        #expect(cases.map(\.1) == [34, 41, 48, 27, 16, 44])
        for (view, side) in cases {
            #expect(try Self.leaf(.symbol(view)).rect.size == Size(width: side, height: side), "\(view)")
        }
    }

    @Test("resizable: takes the proposal on each axis (stretched), nil → the glyph's side, negative → 0")
    func resizable() throws {
        let symbol = ViewNode.symbol(SymbolView(name: "trophy", isResizable: true))
        #expect(try Self.leaf(symbol, proposal: ProposedSize(width: 120, height: 30)).rect.size == Size(width: 120, height: 30))
        #expect(try Self.leaf(symbol, proposal: ProposedSize(width: 120, height: nil)).rect.size == Size(width: 120, height: 21))
        #expect(try Self.leaf(symbol).rect.size == Size(width: 21, height: 21))
        let framed = ViewNode.frame(symbol, width: 200, height: 50, alignment: .center)
        #expect(try Self.leaf(framed).rect == Rect(x: 0, y: 0, width: 200, height: 50))
    }

    @Test("aspectRatio / scaledToFit sees a 1:1 glyph: 100 × 50 fits a 50 × 50 square, centred")
    func aspect() throws {
        let symbol = ViewNode.symbol(SymbolView(name: "trophy", isResizable: true))
        let fitted = ViewNode.frame(.aspectRatio(symbol, ratio: nil, contentMode: .fit), width: 100, height: 50, alignment: .center)
        #expect(try Self.leaf(fitted).rect == Rect(x: 25, y: 0, width: 50, height: 50))
        let filled = ViewNode.frame(.aspectRatio(symbol, ratio: nil, contentMode: .fill), width: 100, height: 50, alignment: .center)
        #expect(try Self.leaf(filled).rect == Rect(x: 0, y: -25, width: 100, height: 100))
    }

    @Test("a non-resizable symbol spaces like text (Text → plain below it); a resizable one like a plain view (8)")
    func spacing() throws {
        let bar = ViewNode.frame(.shape(.color(RGBAColor(red: 1, green: 0, blue: 0))), width: 40, height: 10, alignment: .center)
        let glyph = try Self.leaf(.vStack(alignment: .center, spacing: nil, children: [.symbol(SymbolView(name: "star")), bar]), kind: .color)
        // Body line 20.287 → d = 3, L = 23.287; gap = max(L − capHeight 11.978, d + descender 4.101).
        let lineHeight = 17 * 2444 / 2048.0, capHeight = 17 * 1443 / 2048.0
        #expect(abs(glyph.layoutRect.y - (21 + lineHeight + 3 - capHeight)) < 1e-9, "\(glyph.layoutRect)")
        let stretched = ViewNode.frame(.symbol(SymbolView(name: "star", isResizable: true)), width: 21, height: 21, alignment: .center)
        let plain = try Self.leaf(.vStack(alignment: .center, spacing: nil, children: [stretched, bar]), kind: .color)
        #expect(plain.layoutRect.y == 29)
    }

    @Test("the plan reports the symbol leaf with kind `symbol` and paints it with its resolved colour")
    func plan() throws {
        let view = ViewNode.symbol(SymbolView(name: "heart.fill", color: RGBAColor(red: 1, green: 0, blue: 0)))
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: .unspecified, scale: 2)
        #expect(plan.leaves.map(\.kind) == [.symbol])
        #expect(plan.leaves[0].pixelRect == PixelRect(x: 0, y: 0, width: 41, height: 41))
        guard case .symbol(let paint) = plan.operations.first else { Issue.record("no symbol paint"); return }
        #expect(paint.symbol.resolvedColor == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(SymbolView(name: "x").resolvedColor == TextView.primary && SymbolView(name: "x").resolvedFont == .textStyle(.body))
        #expect(view.symbolNames == ["heart.fill"])
    }
}
