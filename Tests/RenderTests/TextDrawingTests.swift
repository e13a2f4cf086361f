import CCairo
import Layout
import Render
import Testing

/// `Text` measured by `PangoTextMeasurer` and drawn by the renderer, checked against Pango itself.
@Suite("render: text")
struct TextDrawingTests {
    /// Pango's own layout of `string` in Inter at `size` points (no hinting, unrounded positions),
    /// wrapped to `width` points when given: its widest line (points) and its line count.
    static func pango(_ string: String, size: Double = 17, width: Double? = nil) -> (width: Double, lines: Int) {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string("Inter \(Int(size))px")
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width { pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE))) }
        pango_layout_set_text(layout, string, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Int(pango_layout_get_line_count(layout)))
    }

    static func textLeaf(_ view: ViewNode, proposal: ProposedSize = .unspecified, scale: Double = 1) throws -> LeafPlacement {
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: proposal, scale: scale, text: PangoTextMeasurer())
        return try #require(plan.leaves.first { $0.kind == .text })
    }

    @Test("Text(\"Hello\") is as wide as Pango measures it, rounded up to the pixel", arguments: [1.0, 2, 3])
    func helloWidth(scale: Double) throws {
        let leaf = try Self.textLeaf(.text(TextView("Hello")), scale: scale)
        let expected = (Self.pango("Hello").width * scale).rounded(.up) / scale
        #expect(abs(leaf.layoutRect.width - expected) < 1e-9, "\(leaf.layoutRect.width) vs \(expected)")
        #expect(leaf.layoutRect.width > 30 && leaf.layoutRect.width < 50)
    }

    @Test("a long string proposed 100 pt wraps to Pango's line count; height = lines × line height")
    func wraps() {
        let text = TextView("The quick brown fox jumps over the lazy dog and keeps on running")
        let measurer = PangoTextMeasurer()
        let size = measurer.size(of: text, proposal: ProposedSize(width: 100, height: nil), pixelLength: 1)
        let lines = Self.pango(text.string, width: 100).lines
        #expect(lines >= 4)
        let m = measurer.metrics(of: text)
        #expect(size.height == (Double(lines) * (m.ascender + m.descender + m.leading)).rounded(.up))
        #expect(size.width <= 100)
        let ideal = measurer.size(of: text, proposal: .unspecified, pixelLength: 1)
        #expect(ideal.height == (m.ascender + m.descender + m.leading).rounded(.up), "one line")
        #expect(ideal.width == Self.pango(text.string).width.rounded(.up))
    }

    @Test("lines are spaced with SF Pro's metrics: body 20.287 pt (21 at 1x), largeTitle 40.574 pt (41 at 1x)")
    func metrics() {
        let measurer = PangoTextMeasurer()
        let body = measurer.metrics(of: TextView("x"))
        #expect(abs(body.lineHeight - 20.287109375) < 1e-9, "\(body)")
        #expect(body.capHeight > 0.6 * 17 && body.capHeight < body.ascender, "\(body)")
        #expect(measurer.size(of: TextView("x"), proposal: .unspecified, pixelLength: 1).height == 21)
        #expect(abs(measurer.size(of: TextView("x"), proposal: .unspecified, pixelLength: 1.0 / 3).height - 61.0 / 3) < 1e-9)
        #expect(measurer.size(of: TextView("x", font: .textStyle(.largeTitle)), proposal: .unspecified, pixelLength: 1).height == 41)
    }

    @Test("a .largeTitle line is taller than .body, and .headline is wider than .body")
    func styles() throws {
        let body = try Self.textLeaf(.text(TextView("Title")))
        let large = try Self.textLeaf(.text(TextView("Title", font: .textStyle(.largeTitle))))
        let headline = try Self.textLeaf(.text(TextView("Title", font: .textStyle(.headline))))
        #expect(large.layoutRect.height > body.layoutRect.height)
        #expect(headline.layoutRect.height == body.layoutRect.height && headline.layoutRect.width > body.layoutRect.width)
    }

    @Test("every inked pixel of a rendered Text lies inside its rect_px, and it is black", arguments: [1.0, 2])
    func ink(scale: Double) throws {
        let view = ViewNode.text(TextView("Hello, world! gjpqy", font: .system(size: 20))).padded(10)
        let leaf = try Self.textLeaf(view, scale: scale)
        let bitmap = try SourceFolder().render(view: view, scale: scale)
        let r = leaf.pixelRect
        var inked = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].a > 0 {
                #expect(x >= r.x && x < r.maxX && y >= r.y && y < r.maxY, "ink at (\(x), \(y)) outside \(r)")
                let pixel = bitmap[x, y]
                #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 0)
                inked += 1
            }
        }
        #expect(inked > Int(Double(r.width * r.height) * 0.1), "\(inked) inked pixels in \(r)")
    }

    @Test("bold and heavier weights measure wider than regular; an explicit weight overrides .headline's semibold")
    func weights() throws {
        let measurer = PangoTextMeasurer()
        func width(_ text: TextView) -> Double { measurer.size(of: text, proposal: .unspecified, pixelLength: 1 / 64).width }
        let regular = width(TextView("Hello, world"))
        let bold = width(TextView("Hello, world", weight: .bold))
        #expect(bold > regular, "\(bold) vs \(regular)")
        #expect(width(TextView("Hello, world", weight: .black)) > bold)
        #expect(width(TextView("Hello, world", weight: .ultraLight)) < regular)
        #expect(width(TextView("Hello, world", font: .system(size: 17, weight: .bold))) == bold)
        #expect(width(TextView("Hello, world", font: .textStyle(.headline), weight: .regular)) == regular)
        #expect(width(TextView("Hello, world", font: .system(size: 17, weight: .bold), weight: .regular)) == regular)
    }

    @Test("a red Text inks red (full coverage pure red) and only inside its rect_px", arguments: [1.0, 2])
    func red(scale: Double) throws {
        let view = ViewNode.text(TextView("Hello, world! gjpqy", font: .system(size: 20), color: RGBAColor(red: 1, green: 0, blue: 0))).padded(10)
        let leaf = try Self.textLeaf(view, scale: scale)
        let bitmap = try SourceFolder().render(view: view, scale: scale)
        let r = leaf.pixelRect
        var full = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].a > 0 {
                #expect(x >= r.x && x < r.maxX && y >= r.y && y < r.maxY, "ink at (\(x), \(y)) outside \(r)")
                let pixel = bitmap[x, y]
                if pixel.a == 255 {
                    #expect(pixel.r > 240 && pixel.g < 15 && pixel.b < 15, "\(pixel)")
                    full += 1
                }
            }
        }
        #expect(full > 20, "\(full) fully covered pixels")
    }

    @Test("a half-transparent blue Text draws at half alpha where coverage is full")
    func opacity() throws {
        let view = ViewNode.text(TextView("Hello", font: .system(size: 30), color: RGBAColor(red: 0, green: 0, blue: 1, opacity: 0.5))).padded(4)
        let bitmap = try SourceFolder().render(view: view, scale: 2)
        var maxAlpha = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { maxAlpha = max(maxAlpha, Int(bitmap[x, y].a)) } }
        #expect(abs(maxAlpha - 128) <= 1, "\(maxAlpha)")
    }

    @Test("italic and bold italic Text render inside their rects")
    func italic() throws {
        for weight in [nil, FontWeight.bold] {
            let view = ViewNode.text(TextView("Italic fjy", font: .system(size: 24), weight: weight, italic: true)).padded(8)
            let leaf = try Self.textLeaf(view, scale: 2)
            let bitmap = try SourceFolder().render(view: view, scale: 2)
            let r = leaf.pixelRect
            var inked = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where bitmap[x, y].a > 0 {
                    #expect(x >= r.x && x < r.maxX && y >= r.y && y < r.maxY, "ink at (\(x), \(y)) outside \(r)")
                    inked += 1
                }
            }
            #expect(inked > 100)
        }
    }

    @Test("a wrapped Text in a VStack renders through Renderer")
    func renderer() throws {
        let view = ViewNode.vStack(
            alignment: .leading, spacing: nil,
            children: [
                .text(TextView("Title", font: .textStyle(.largeTitle))),
                .text(TextView("A longer line of body text that wraps at the proposed width")),
            ])
        let bitmap = try SourceFolder().render(view: view, proposal: ProposedSize(width: 150, height: nil), scale: 2)
        #expect(bitmap.width <= 300 && bitmap.height > 4 * 40)
    }
}
