import CCairo
import CheckedConversion
import Layout
import Vips

/// One `Text` shaped and broken into lines by Pango, in points: the only owner of Pango layouts.
///
/// Pango shapes each run in its face (with fallback faces for scripts and emoji Inter lacks),
/// orders right-to-left runs, wraps (word wrap at UAX #14 opportunities, a word wider than the width
/// broken between characters: `PANGO_WRAP_WORD_CHAR`) and truncates with "…" when the lines allowed
/// run out (views spec §6.2). Line heights and baselines come from SF Pro's vertical metrics (§6.4),
/// or a custom font's own (`TextFont.lineMetrics`), so lines are placed here, not by Pango.
///
/// Thread safety: every instance makes its own `PangoContext` and `PangoLayout` and frees them in
/// `deinit`; the font map is the thread's own (`FontMap.current()`: Pango's default map, per thread
/// since Pango 1.32.6, renewed after brand fonts are loaded), so concurrent renders share no Pango object. Hinting is off and glyph positions are not
/// rounded, so widths do not depend on the scale and the same text measures and draws the same.
final class PangoTextLayout {
    /// Largest point size handed to Pango (its sizes are 32-bit 1/1024 units); bigger `.system`
    /// sizes are drawn at this size. No canvas the limits allow shows a larger glyph.
    static let maxPointSize = 8192.0
    /// How finely `minimumScaleFactor` searches for the largest font scale that fits.
    private static let scaleSearchSteps = 7

    private let context: OpaquePointer
    /// The runs' strings as handed to Pango: `breakingLongWords` of each.
    private let runStrings: [String]
    private let layout: OpaquePointer
    private let text: TextView
    /// The factor `minimumScaleFactor` shrank every font by (1: as written).
    private(set) var fontScale = 1.0

    /// `text` laid out for `proposal` (points): no width wraps nothing (one line per paragraph), a
    /// width wraps to it (0 or less is "almost 0"), and the lines are limited to `lineLimit` and to
    /// those whose bottom fits a proposed height; text that still does not fit shrinks down to its
    /// `minimumScaleFactor`, then truncates.
    init(_ text: TextView, proposal: ProposedSize) {
        self.text = text
        context = FontMap.unhintedContext()
        layout = pango_layout_new(context)!
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width = proposal.width, width.isFinite {
            // Pango measures a line without the letter spacing after its last character but wraps
            // with it: that much slack lets a tracked line offered its own width stay one line.
            let slack = text.runs.map { abs($0.attributes.letterSpacing) }.max() ?? 0
            let units = ((max(width, 0) + slack) * Double(PANGO_SCALE)).rounded(.down)
            pango_layout_set_width(layout, Int32(saturating: min(max(units, 1), Double(Int32.max))))
        }
        runStrings = text.runs.map { Self.breakingLongWords($0.attributes.cased($0.string)) }
        pango_layout_set_text(layout, runStrings.joined(), -1)
        fit(height: proposal.height)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Lays the runs out at full size; if lines had to be cut and the text may shrink, at the
    /// largest scale (within `scaleSearchSteps` halvings) at which nothing is cut.
    private func fit(height: Double?) {
        apply(scale: 1, height: height)
        let minimum = text.paragraph.resolvedMinimumScaleFactor
        guard minimum < 1, isTruncated else { return }
        apply(scale: minimum, height: height)
        guard !isTruncated else { return }
        var fits = minimum, cut = 1.0
        for _ in 0..<Self.scaleSearchSteps {
            let middle = (fits + cut) / 2
            apply(scale: middle, height: height)
            if isTruncated { cut = middle } else { fits = middle }
        }
        // The layout is already at `fits` when the last size tried fitted.
        if fontScale != fits { apply(scale: fits, height: height) }
    }

    /// Whether some text did not fit the lines allowed and "…" stands for it.
    var isTruncated: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Characters no installed face has a glyph for (drawn as boxes).
    var missingGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Sets every run's face at `scale` and the line budget for `height`.
    private func apply(scale: Double, height: Double?) {
        fontScale = scale
        metrics = TextFont.lineMetrics(of: text, scale: scale)
        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        var start = 0
        for (run, string) in zip(text.runs, runStrings) {
            let end = start + string.utf8.count
            for attribute in Self.attributes(of: run.attributes, scale: scale) {
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, attribute)
            }
            start = end
        }
        pango_layout_set_attributes(layout, attributes)
        if let lines = maxLines(height: height) {
            pango_layout_set_height(layout, -Int32(lines))
            pango_layout_set_ellipsize(layout, Self.ellipsizeMode(text.paragraph.resolvedTruncation))
        } else {
            pango_layout_set_height(layout, -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        }
    }

    /// The lines allowed: `lineLimit`, and only as many as fit a proposed height (at least one);
    /// `nil` when neither limits them.
    private func maxLines(height: Double?) -> Int? {
        var lines = text.paragraph.lineLimit?.max
        if let height, height.isFinite {
            let fitting = text.lines(fitting: height, lineHeight: metrics.lineHeight)
            lines = min(lines ?? fitting, fitting)
        }
        return lines.map { max(1, $0) }
    }

    /// How many lines the text takes, at least `lineLimit`'s minimum when it reserves space.
    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// The height of the lines: their count (at least one, and at least a reserving `lineLimit`'s
    /// minimum) × the line height.
    var height: Double {
        text.height(lines: max(lineCount, text.paragraph.lineLimit?.min ?? 1, 1), lineHeight: metrics.lineHeight)
    }

    /// The widest line's advance width, points.
    var width: Double {
        (0..<Int32(lineCount)).reduce(0.0) { widest, index in max(widest, lineExtents(index).width) }
    }

    /// The vertical metrics lines are placed with, at the current font scale (`TextFont.lineMetrics`).
    private(set) var metrics = TextMetrics.sanFrancisco(pointSize: Font.body.pointSize)

    /// Line `index`'s logical box, points: x from the line's origin, and its advance width.
    private func lineExtents(_ index: Int32) -> (x: Double, width: Double) {
        guard let line = pango_layout_get_line_readonly(layout, index) else { return (0, 0) }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return (Double(logical.x) / Double(PANGO_SCALE), Double(logical.width) / Double(PANGO_SCALE))
    }

    /// The text's lines drawn into `cairo`, whose origin is the Text's top-left and whose unit is a
    /// point: line `i`'s baseline `i × lineHeight + ascender` below the top, each line placed inside
    /// the widest by `multilineTextAlignment` (leading and trailing follow the line's direction),
    /// in each run's colour.
    /// Drawn into pixels (`pixelsPerPoint`: the device pixels of a point; `nil` for a PDF, which keeps
    /// text as text), a Text whose em is `outlineEmPixels` or more, in one colour and no colour face,
    /// is filled as outlines.
    func draw(into cairo: OpaquePointer, pixelsPerPoint: Double? = nil) {
        let metrics = metrics, widest = width
        // Lines sit `linePitch` apart; a raised run's line starts its ascender that much lower.
        let pitch = text.linePitch(lineHeight: metrics.lineHeight), raised = text.baselineShifts.above
        let outlined = pixelsPerPoint.map(fillsOutlines) ?? false
        let alignment = text.paragraph.resolvedAlignment
        for index in 0..<Int32(lineCount) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            let extents = lineExtents(index)
            let rightToLeft = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
            let share: Double =
                switch alignment {
                case .center: 0.5
                case .leading: rightToLeft ? 1 : 0
                case .trailing: rightToLeft ? 0 : 1
                }
            cairo_move_to(cairo, (widest - extents.width) * share - extents.x, Double(index) * pitch + raised + metrics.ascender)
            if outlined { pango_cairo_layout_line_path(cairo, line) } else { pango_cairo_show_layout_line(cairo, line) }
        }
        if outlined, let color = text.runs.first?.attributes.resolvedColor {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.opacity)
            cairo_fill(cairo)
        }
    }

    /// The em, in device pixels, from which a Text is filled as outlines: cairo keeps every glyph image
    /// it makes (2 bytes a pixel of the em square, twice) in caches that outlive the render, about
    /// 25 MiB a request of large text in new sizes; an outline is kilobytes. Below it, glyph images,
    /// which are faster and what small text has always been drawn with.
    static let outlineEmPixels = 128.0

    /// Whether the text is large enough at `pixelsPerPoint` to fill as outlines, and can be: one
    /// colour for every run, and no colour glyph (a colour face has no outline to fill).
    private func fillsOutlines(_ pixelsPerPoint: Double) -> Bool {
        guard text.largestPointSize * fontScale * pixelsPerPoint >= Self.outlineEmPixels else { return false }
        let colors = text.runs.map(\.attributes.resolvedColor)
        guard colors.allSatisfy({ $0 == colors[0] }) else { return false }
        return !glyphFaces().contains(where: \.isColor)
    }

    /// The faces Pango shaped the text with, at the sizes the runs asked for, each with whether it
    /// draws in colour (an OpenType colour table: bitmaps, layers, SVG or paint) and the distinct
    /// glyphs it shows: what cairo rasterises (`GlyphImages`). A face is judged by its own tables,
    /// not by the code points: "7" drawn in Noto Color Emoji is a colour glyph. (The size is the
    /// run's: a bitmap face describes itself at its strike's size, 109 pixels for Noto Color Emoji.)
    func glyphFaces() -> [GlyphFace] {
        // Where each run starts in the text handed to Pango, bytes.
        var starts: [Int] = []
        var offset = 0
        for string in runStrings {
            starts.append(offset)
            offset += string.utf8.count
        }
        var faces: [Key: GlyphFace] = [:]
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let font = run.pointee.item.pointee.analysis.font,
                let glyphs = run.pointee.glyphs
            else { continue }
            let index = starts.lastIndex { $0 <= Int(run.pointee.item.pointee.offset) } ?? 0
            let size = min(TextFont(text.runs[index].attributes, scale: fontScale).size, Self.maxPointSize)
            let key = Key(font: font, size: size)
            if faces[key] == nil {
                let face = hb_font_get_face(pango_font_get_hb_font(font))
                let color =
                    hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
                    || hb_ot_color_has_paint(face) != 0
                faces[key] = GlyphFace(pointSize: size, isColor: color, glyphs: [])
            }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index].glyph
                // Empty glyphs (line ends) draw nothing; unknown ones draw a box, as outlines.
                if glyph != PANGO_GLYPH_EMPTY { faces[key]?.glyphs.insert(glyph) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return Array(faces.values)
    }

    /// A face at one size.
    private struct Key: Hashable {
        let font: UnsafeMutablePointer<PangoFont>
        let size: Double
    }

    /// One face of a laid-out text (`glyphFaces`).
    struct GlyphFace {
        /// The size its runs asked for, points.
        let pointSize: Double
        let isColor: Bool
        var glyphs: Set<PangoGlyph>
    }

    /// Pango attributes for one run: its face, letter spacing and colour (owned by the caller until
    /// inserted into a list).
    private static func attributes(of attributes: TextAttributes, scale: Double) -> [UnsafeMutablePointer<PangoAttribute>] {
        let font = TextFont(attributes, scale: scale)
        let description = font.description(families: font.families)
        defer { pango_font_description_free(description) }
        var list = [pango_attr_font_desc_new(description)!]
        if font.letterSpacing != 0 {
            let spacing = min(max(font.letterSpacing * Double(PANGO_SCALE), Double(Int32.min)), Double(Int32.max))
            list.append(pango_attr_letter_spacing_new(Int32(saturating: spacing.rounded())))
        }
        let color = attributes.resolvedColor
        let channel = { (value: Double) in UInt16(saturating: (min(max(value, 0), 1) * 65535).rounded()) }
        list.append(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
        if color.opacity < 1 { list.append(pango_attr_foreground_alpha_new(max(1, channel(color.opacity)))) }
        if let offset = attributes.baselineOffset, offset != 0 {
            let rise = min(max(offset * Double(PANGO_SCALE), Double(Int32.min)), Double(Int32.max))
            list.append(pango_attr_rise_new(Int32(saturating: rise.rounded())))
        }
        // Pango draws every `LinePattern` solid.
        if let underline = attributes.underline, underline.isActive {
            list.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
            if let c = underline.color { list.append(pango_attr_underline_color_new(channel(c.red), channel(c.green), channel(c.blue))) }
        }
        if let strikethrough = attributes.strikethrough, strikethrough.isActive {
            list.append(pango_attr_strikethrough_new(1))
            if let c = strikethrough.color { list.append(pango_attr_strikethrough_color_new(channel(c.red), channel(c.green), channel(c.blue))) }
        }
        return list
    }

    /// Words longer than this many characters are given a break opportunity after every character.
    static let longWord = 128

    /// `string` with a zero-width space after each character of every word longer than `longWord`.
    /// Pango finds where a word wider than the line breaks (`PANGO_WRAP_WORD_CHAR`) by trying
    /// positions one by one, each measured from the word's start: quadratic in the word's length, so
    /// a 7,900-letter name took 1.8 s of layout. With a break opportunity after every character the
    /// same breaks are found in one pass. No word that long fits a line anyway (128 letters of 17-point
    /// text are wider than the largest canvas), so the lines are the ones SwiftUI would break.
    static func breakingLongWords(_ string: String) -> String {
        guard string.count > longWord else { return string }
        var result = "", word: [Character] = []
        func flush() {
            if word.count > longWord {
                for character in word { result.append(character); result.append("\u{200B}") }
            } else {
                result.append(contentsOf: word)
            }
            word.removeAll(keepingCapacity: true)
        }
        for character in string {
            if character.isWhitespace || character == "-" {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    private static func ellipsizeMode(_ mode: TruncationMode) -> PangoEllipsizeMode {
        switch mode {
        case .head: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .tail: PANGO_ELLIPSIZE_END
        }
    }
}
