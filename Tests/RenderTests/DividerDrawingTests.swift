import Layout
import Testing
import TransformSpec

/// `Divider()` drawn: a 1-pt line of the separator colour (60/60/67 at 29 %) across the stack's
/// minor axis, horizontal outside a stack.
@Suite("render: Divider")
struct DividerDrawingTests {
    static func render(_ chain: String) throws -> Bitmap {
        try SourceFolder().render(view: try TransformSpec.parseChain(chain, source: "unused.png"))
    }

    /// The separator over white: 255 · 0.71 + c · 0.29, per channel.
    static let overWhite = (r: 198, g: 198, b: 200)

    static func isSeparatorOverWhite(_ p: RGBA) -> Bool {
        abs(Int(p.r) - overWhite.r) <= 1 && abs(Int(p.g) - overWhite.g) <= 1 && abs(Int(p.b) - overWhite.b) <= 1 && p.a == 255
    }

    @Test("in a VStack: one full-width row between the views, the separator colour over white")
    func horizontal() throws {
        let bitmap = try Self.render(
            "VStack(spacing:0){Color.red.frame(width:30,height:10);Divider();Color.blue.frame(width:20,height:10)}.background(Color.white)")
        #expect(bitmap.width == 30 && bitmap.height == 21)
        for x in 0..<30 { #expect(Self.isSeparatorOverWhite(bitmap[x, 10]), "(\(x), 10) \(bitmap[x, 10])") }
        #expect(bitmap[15, 9] == RGBA(255, 59, 48) && bitmap[15, 11] == RGBA(0, 122, 255))
        #expect(bitmap[1, 11] == RGBA(255, 255, 255))
    }

    @Test("in an HStack: one full-height column; alone: a transparent canvas with the line's alpha")
    func verticalAndAlone() throws {
        let bitmap = try Self.render(
            "HStack(spacing:0){Color.red.frame(width:10,height:30);Divider();Color.blue.frame(width:10,height:20)}.background(Color.white)")
        #expect(bitmap.width == 21 && bitmap.height == 30)
        for y in 0..<30 { #expect(Self.isSeparatorOverWhite(bitmap[10, y]), "(10, \(y)) \(bitmap[10, y])") }
        #expect(bitmap[9, 15] == RGBA(255, 59, 48) && bitmap[11, 15] == RGBA(0, 122, 255))
        let alone = try Self.render("Divider().frame(width:40)")
        #expect(alone.width == 40 && alone.height == 1)
        #expect(alone[20, 0] == RGBA(60, 60, 67, 74))
    }
}

/// A Label and a Grid drawn: the parts land in the rects their layouts give.
@Suite("render: Label and Grid")
struct LabelGridDrawingTests {
    @Test("a Label draws its icon at the leading end and its title after it; iconOnly draws the icon alone")
    func label() throws {
        let both = try DividerDrawingTests.render("Label(\"Mail\", systemImage: \"envelope\").foregroundStyle(.black).background(Color.white)")
        let icon = try DividerDrawingTests.render(
            "Label(\"Mail\", systemImage: \"envelope\").labelStyle(.iconOnly).foregroundStyle(.black).background(Color.white)")
        #expect(both.width > icon.width + 20 && both.height == icon.height)
        func ink(_ b: Bitmap, _ xs: Range<Int>) -> Int {
            var count = 0
            for y in 0..<b.height { for x in xs where b[x, y].r < 128 { count += 1 } }
            return count
        }
        #expect(ink(both, 0..<icon.width) > 10, "the icon")
        #expect(ink(both, (icon.width + 8)..<both.width) > 10, "the title")
        #expect(ink(both, icon.width..<(icon.width + 6)) == 0, "the gap")
    }

    @Test("a Grid's cells are drawn in their boxes")
    func grid() throws {
        let b = try DividerDrawingTests.render(
            "Grid(horizontalSpacing: 0, verticalSpacing: 0) { GridRow { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 10) }; GridRow { Color.green.frame(width: 30, height: 5).gridCellColumns(2) } }"
        )
        #expect(b.width == 30 && b.height == 15)
        #expect(b[5, 5] == RGBA(255, 59, 48) && b[20, 5] == RGBA(0, 122, 255) && b[15, 12] == RGBA(52, 199, 89))
    }
}
