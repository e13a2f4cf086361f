import Layout
@testable import Render
import Testing
import TransformSpec

/// `Text` beyond one styled line: line limits and "…", alignment of lines, shrinking, runs joined
/// with `+`, right-to-left scripts, fallback faces, designs, spacing, and modifiers handed down from
/// containers; checked on measured sizes and on rendered pixels.
@Suite("render: text paragraphs")
struct TextParagraphTests {
    static let long = "The quick brown fox jumps over the lazy dog and keeps on running far away"

    static func view(_ chain: String) throws -> ViewNode {
        try TransformSpec.parseChain(chain, source: "unused.png")
    }

    static func text(_ chain: String) throws -> TextView {
        guard case .text(let text) = try view(chain) else { throw TextTestError.notText(chain) }
        return text
    }

    static func leaf(_ view: ViewNode, scale: Double = 1) throws -> LeafPlacement {
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: .unspecified, scale: scale, text: PangoTextMeasurer())
        return try #require(plan.leaves.first { $0.kind == .text })
    }

    /// The columns inked (alpha > 0) in rows `rows` of `bitmap`.
    static func inkedColumns(_ bitmap: Bitmap, rows: Range<Int>) -> ClosedRange<Int>? {
        bitmap.inkBounds(rows: rows).map { $0.x...($0.maxX - 1) }
    }

    @Test("lineLimit(1) keeps one line ending in \"…\", no wider than its frame, and inks only inside it")
    func lineLimitOne() throws {
        let text = try Self.text("Text(\"\(Self.long)\").lineLimit(1)")
        let layout = PangoTextLayout(text, proposal: ProposedSize(width: 120, height: nil))
        #expect(layout.lineCount == 1 && layout.isTruncated)
        #expect(layout.width <= 120)
        let size = PangoTextMeasurer().size(of: text, proposal: ProposedSize(width: 120, height: nil), pixelLength: 1)
        #expect(size.height == 21 && size.width <= 120)

        let view = try Self.view("Text(\"\(Self.long)\").lineLimit(1).frame(width: 120).padding(10)")
        let leaf = try Self.leaf(view)
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap.width == 140 && bitmap.height == 41)
        let columns = try #require(Self.inkedColumns(bitmap, rows: 0..<bitmap.height))
        #expect(columns.lowerBound >= leaf.pixelRect.x && columns.upperBound < leaf.pixelRect.maxX)
        #expect(leaf.pixelRect.maxX <= 130, "the Text stays inside its 120-point frame")
    }

    @Test("lineLimit(2) wraps to two lines and truncates the rest; a proposed height limits lines too")
    func lineLimitTwo() throws {
        let measurer = PangoTextMeasurer()
        let two = try Self.text("Text(\"\(Self.long)\").lineLimit(2)")
        #expect(measurer.size(of: two, proposal: ProposedSize(width: 100, height: nil), pixelLength: 1).height == 41)
        #expect(PangoTextLayout(two, proposal: ProposedSize(width: 100, height: nil)).isTruncated)
        let free = try Self.text("Text(\"\(Self.long)\")")
        let unlimited = PangoTextLayout(free, proposal: ProposedSize(width: 100, height: nil))
        #expect(unlimited.lineCount > 4 && !unlimited.isTruncated)
        // 50 points high fits two 20.287-point lines.
        #expect(measurer.size(of: free, proposal: ProposedSize(width: 100, height: 50), pixelLength: 1).height == 41)
        #expect(measurer.size(of: free, proposal: ProposedSize(width: 100, height: 5), pixelLength: 1).height == 21, "at least one line")
    }

    @Test("lineLimit(3, reservesSpace: true) is three lines high even for one word")
    func reservesSpace() throws {
        let text = try Self.text("Text(\"Hi\").lineLimit(3, reservesSpace: true)")
        #expect(PangoTextMeasurer().size(of: text, proposal: .unspecified, pixelLength: 1).height == 61)
    }

    @Test("truncationMode(.head) puts the \"…\" first: the end of the string stays visible")
    func truncationHead() throws {
        let tail = PangoTextLayout(try Self.text("Text(\"\(Self.long)\").lineLimit(1)"), proposal: ProposedSize(width: 150, height: nil))
        let head = PangoTextLayout(
            try Self.text("Text(\"\(Self.long)\").lineLimit(1).truncationMode(.head)"), proposal: ProposedSize(width: 150, height: nil))
        #expect(tail.isTruncated && head.isTruncated)
        #expect(head.width <= 150 && tail.width <= 150)
    }

    @Test("multilineTextAlignment places each line inside the widest", arguments: [("leading", 0.0), ("center", 0.5), ("trailing", 1.0)])
    func alignment(_ name: String, _ share: Double) throws {
        let view = try Self.view("Text(\"Hi\\nThis line is much longer\").multilineTextAlignment(.\(name))")
        let leaf = try Self.leaf(view)
        let bitmap = try SourceFolder().render(view: view)
        let first = try #require(Self.inkedColumns(bitmap, rows: 0..<20))
        let second = try #require(Self.inkedColumns(bitmap, rows: 21..<bitmap.height))
        #expect(leaf.pixelRect.height == 41)
        let slack = Double(second.upperBound - second.lowerBound - (first.upperBound - first.lowerBound))
        let expected = Double(second.lowerBound) + slack * share
        #expect(abs(Double(first.lowerBound) - expected) <= 3, "\(name): first line at \(first), second at \(second)")
    }

    @Test("Text + Text: one paragraph, each run in its own colour, left to right in English")
    func concatenationLeftToRight() throws {
        let view = try Self.view("(Text(\"Hello\").foregroundStyle(.red) + Text(\" world\").bold().foregroundStyle(.blue)).padding(4)")
        let bitmap = try SourceFolder().render(view: view)
        let (red, blue) = Self.meanX(bitmap)
        #expect(red < blue, "red run at \(red), blue run at \(blue)")
        #expect(
            PangoTextMeasurer().size(of: try Self.text("Text(\"Hello\") + Text(\" world\")"), proposal: .unspecified, pixelLength: 1)
                == PangoTextMeasurer().size(of: try Self.text("Text(\"Hello world\")"), proposal: .unspecified, pixelLength: 1))
    }

    @Test("Arabic is shaped with a real face and ordered right to left: the first logical run is on the right")
    func arabicRightToLeft() throws {
        let text = try Self.text("Text(\"مرحبا\").foregroundStyle(.red) + Text(\" بالعالم\").foregroundStyle(.blue)")
        #expect(PangoTextLayout(text, proposal: .unspecified).missingGlyphCount == 0)
        let bitmap = try SourceFolder().render(view: .padding(.text(text), EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)))
        let (red, blue) = Self.meanX(bitmap)
        #expect(red > blue, "red (first) run at \(red), blue run at \(blue)")
    }

    @Test("Hebrew, Chinese, Japanese and emoji have faces; emoji keep their own colours", arguments: ["שלום עולם", "你好，世界", "こんにちは", "🏆🎉"])
    func fallbackFaces(_ string: String) throws {
        let text = TextView(string)
        #expect(PangoTextLayout(text, proposal: .unspecified).missingGlyphCount == 0)
        guard string.unicodeScalars.first!.properties.isEmojiPresentation else { return }
        let bitmap = try SourceFolder().render(view: .text(text))
        let colourful = bitmap.colours.contains { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 100 && $0.a == 255 }
        #expect(colourful, "a black Text draws emoji in colour")
    }

    @Test("digits are drawn in Inter like letters, not in a fallback face that also has them (emoji)")
    func digitsInInter() throws {
        let measured = PangoTextMeasurer().size(of: TextView("22.11.2026"), proposal: .unspecified, pixelLength: 1 / 64).width
        let inter = TextDrawingTests.pango("22.11.2026").width
        #expect(abs(measured - inter) < 1.0 / 64, "\(measured) vs Inter's \(inter)")
        let bitmap = try SourceFolder().render(view: .text(TextView("0123456789")))
        #expect(!bitmap.colours.contains { $0.a == 255 && ($0.r != 0 || $0.g != 0 || $0.b != 0) }, "opaque ink is black")
    }

    @Test("minimumScaleFactor shrinks a line that would truncate until it fits, but not below the factor")
    func minimumScaleFactor() throws {
        let measurer = PangoTextMeasurer()
        let full = measurer.size(of: TextView("Hello, wonderful world"), proposal: .unspecified, pixelLength: 1 / 64).width
        let proposal = ProposedSize(width: full * 0.7, height: nil)
        let shrinking = PangoTextLayout(try Self.text("Text(\"Hello, wonderful world\").lineLimit(1).minimumScaleFactor(0.5)"), proposal: proposal)
        #expect(!shrinking.isTruncated && shrinking.fontScale < 0.72 && shrinking.fontScale > 0.6, "\(shrinking.fontScale)")
        #expect(shrinking.height < 20.287)
        let floor = PangoTextLayout(try Self.text("Text(\"Hello, wonderful world\").lineLimit(1).minimumScaleFactor(0.9)"), proposal: proposal)
        #expect(floor.isTruncated && abs(floor.fontScale - 0.9) < 1e-9)
    }

    @Test("kerning and tracking widen the line; designs change the face")
    func spacingAndDesigns() throws {
        let measurer = PangoTextMeasurer()
        func width(_ chain: String) throws -> Double {
            measurer.size(of: try Self.text(chain), proposal: .unspecified, pixelLength: 1 / 64).width
        }
        let plain = try width("Text(\"Hello\")")
        let tracked = try width("Text(\"Hello\").tracking(2)")
        #expect(abs(tracked - plain - 8) < 0.2, "2 points in each of the 4 gaps between 5 letters; \(tracked) vs \(plain)")
        #expect(abs(try width("Text(\"Hello\").kerning(1).tracking(1)") - tracked) < 0.02)
        #expect(try width("Text(\"Hello\").font(.system(size: 17, design: .serif))") != plain)
        #expect(try width("Text(\"iiii\").fontDesign(.monospaced)") == (try width("Text(\"WWWW\").fontDesign(.monospaced)")))
    }

    @Test("a Text is drawn as it was measured: a tracked run is not cut short with \"…\"")
    func drawnAsMeasured() throws {
        let view = try Self.view("(Text(\"Bold \").bold() + Text(\"tracked\").tracking(3)).padding(4)")
        let leaf = try Self.leaf(view)
        let bitmap = try SourceFolder().render(view: view)
        let columns = try #require(Self.inkedColumns(bitmap, rows: 0..<bitmap.height))
        #expect(columns.upperBound >= leaf.pixelRect.maxX - 8, "ink reaches the end: \(columns) in \(leaf.pixelRect)")
        let text = try Self.text("Text(\"Bold \").bold() + Text(\"tracked\").tracking(3)")
        let size = PangoTextMeasurer().size(of: text, proposal: .unspecified, pixelLength: 1)
        #expect(!PangoTextLayout(text, proposal: ProposedSize(width: size.width, height: size.height)).isTruncated)
    }

    @Test("text modifiers on a container reach every Text inside that did not set its own")
    func environment() throws {
        let view = try Self.view("VStack { Text(\"Big\"); Text(\"Small\").font(.caption) }.font(.largeTitle).foregroundStyle(.red)")
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: .unspecified, scale: 1, text: PangoTextMeasurer())
        let heights = plan.leaves.filter { $0.kind == .text }.map(\.layoutRect.height)
        #expect(heights == [41, 15], "largeTitle 40.57 → 41, caption 14.32 → 15")
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap.colours.contains { $0.r == 255 && $0.g == 59 && $0.b == 48 && $0.a == 255 }, "SwiftUI's red")
        #expect(!bitmap.colours.contains { $0.a == 255 && $0.r == 0 && $0.g == 0 && $0.b == 0 }, "no black glyph left")
    }

    @Test("HStack(alignment: .firstTextBaseline) lines up the first baselines of Texts and symbols")
    func firstBaseline() throws {
        let view = try Self.view("HStack(alignment:.firstTextBaseline){Text(\"Big\").font(.largeTitle);Text(\"small\");Image(systemName:\"star\")}")
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: .unspecified, scale: 1, text: PangoTextMeasurer())
        // Baselines: largeTitle 32.373 → 32, body 16.187 → 16; so the body rows start 16 points lower.
        #expect(plan.leaves.map(\.layoutRect.y) == [0, 16, 16])
        #expect(plan.canvas.height == 41)
    }

    @Test("HStack(alignment: .lastTextBaseline) lines up the last lines")
    func lastBaseline() throws {
        let view = try Self.view("HStack(alignment:.lastTextBaseline){Text(\"one\\ntwo\");Text(\"three\")}")
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: .unspecified, scale: 1, text: PangoTextMeasurer())
        // Two body lines: last baseline 20.287 + 16.187 → 37; one line: 16.187 → 17.
        #expect(plan.leaves.map(\.layoutRect.y) == [0, 20])
    }

    /// Mean x of the red and of the blue ink.
    static func meanX(_ bitmap: Bitmap) -> (red: Double, blue: Double) {
        var red = (0.0, 0.0), blue = (0.0, 0.0)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y]
                guard p.a > 128 else { continue }
                if p.r > 200 && p.b < 60 { red = (red.0 + Double(x), red.1 + 1) }
                if p.b > 200 && p.r < 60 { blue = (blue.0 + Double(x), blue.1 + 1) }
            }
        }
        return (red.0 / max(red.1, 1), blue.0 / max(blue.1, 1))
    }
}

enum TextTestError: Error {
    case notText(String)
}

/// Apple's award view laid out with real text: with SF Pro's vertical metrics the rows land where
/// the spec's walkthrough puts them (views spec §9.1), whatever face draws the glyphs.
@Suite("render: the award view with real text")
struct AwardLayoutTests {
    static let chain = """
        VStack{Image(systemName:"trophy").resizable().frame(width:200,height:200).frame(maxWidth:.infinity,maxHeight:.infinity)\
        .shadow(color:.mint,radius:5);Text("Ana").font(.largeTitle);Text("22.11.2026")}.multilineTextAlignment(.center).frame(width:200,height:290)
        """

    @Test("rows at 1x: trophy at y 7.39941, name at y 228 (41 high), date at y 269 (21 high), both centred")
    func oneX() throws {
        let plan = try LayoutEngine.plan(
            try TextParagraphTests.view(Self.chain), images: ImageCatalog(), proposal: .unspecified,
            scale: 1, text: PangoTextMeasurer())
        #expect(plan.canvas.width == 200 && plan.canvas.height == 290)
        let symbol = try #require(plan.leaves.first { $0.kind == .symbol })
        #expect(abs(symbol.layoutRect.y - 7.39941) < 1e-4 && symbol.layoutRect.height == 200 && symbol.layoutRect.width == 200)
        #expect(symbol.pixelRect.y == 7)
        let texts = plan.leaves.filter { $0.kind == .text }
        #expect(texts.map(\.layoutRect.y) == [228, 269] && texts.map(\.layoutRect.height) == [41, 21])
        for text in texts { #expect(abs(text.layoutRect.x + text.layoutRect.width / 2 - 100) <= 0.5, "centred: \(text.layoutRect)") }
    }

    @Test("rows at 3x: trophy at y 8.33333 (25 px), name at y 229, date at y 269.66667")
    func threeX() throws {
        let plan = try LayoutEngine.plan(
            try TextParagraphTests.view(Self.chain), images: ImageCatalog(), proposal: .unspecified,
            scale: 3, text: PangoTextMeasurer())
        let symbol = try #require(plan.leaves.first { $0.kind == .symbol })
        #expect(symbol.pixelRect.y == 25)
        let texts = plan.leaves.filter { $0.kind == .text }
        #expect(abs(texts[0].layoutRect.y - 229) < 1e-9 && abs(texts[1].layoutRect.y - 269.66667) < 1e-4)
        #expect(abs(texts[0].layoutRect.height - 40.66667) < 1e-4 && abs(texts[1].layoutRect.height - 20.33333) < 1e-4)
    }
}
