import CCairo
import Layout
import Vips

/// One `Text` shaped and broken into lines by Pango, in points: the only owner of Pango objects.
///
/// Pango shapes and wraps (word wrap at UAX #14 opportunities, a word wider than the width broken
/// between characters: `PANGO_WRAP_WORD_CHAR`); line heights and baselines come from SF Pro's
/// vertical metrics (views spec §6.4–6.5), so lines are placed here, not by Pango.
///
/// Thread safety: every call makes its own `PangoContext` and `PangoLayout` and frees them in
/// `deinit`; the font map is `pango_cairo_font_map_get_default()`, which is per thread since Pango
/// 1.32.6, so concurrent renders share no Pango object. Hinting is off and glyph positions are not
/// rounded, so widths do not depend on the scale and the same text measures and draws the same.
final class PangoTextLayout {
    /// Largest point size handed to Pango (its sizes are 32-bit 1/1024 units); bigger `.system`
    /// sizes are drawn at this size. No canvas the limits allow shows a larger glyph.
    static let maxPointSize = 8192.0

    private let context: OpaquePointer
    private let layout: OpaquePointer
    private let font: TextFont

    /// `text` laid out with no width limit (`width == nil`: one line per paragraph) or wrapped to
    /// `width` points (0 or less is measured as "almost 0", views spec §6.2).
    init(_ text: TextView, width: Double?) {
        font = TextFont(text)
        let map = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(map)!
        layout = pango_layout_new(context)!
        if let options = cairo_font_options_create() {
            // Gray antialiasing, no hinting: glyph outlines and advances are exact and the same at every scale.
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        pango_context_set_round_glyph_positions(context, 0)
        let description = Self.description(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width, width.isFinite {
            let units = (max(width, 0) * Double(PANGO_SCALE)).rounded(.down)
            pango_layout_set_width(layout, Int32(min(max(units, 1), Double(Int32.max))))
        }
        pango_layout_set_text(layout, text.string, -1)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// How many lines the text takes.
    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// The widest line's advance width, points.
    var width: Double {
        var widest: Int32 = 0
        for index in 0..<Int32(lineCount) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            widest = max(widest, logical.width)
        }
        return Double(widest) / Double(PANGO_SCALE)
    }

    /// The vertical metrics lines are placed with: SF Pro's at the font's size (views spec §6.4-6.5).
    var metrics: TextMetrics { .sanFrancisco(pointSize: font.size) }

    /// The coverage of the text's lines drawn in `rect` (canvas pixels; its top-left is the text's
    /// top-left) at `scale` pixels per point, over the canvas pixels `area` (the mask's (0, 0)).
    /// Line `i`'s baseline is `i × lineHeight + ascender` points below the top.
    func mask(in rect: PixelRect, scale: Double, metrics: TextMetrics, area: PixelRect) throws(VipsError) -> VImage {
        try CairoMask.draw(area: area) { cairo in
            cairo_translate(cairo, Double(rect.x - area.x), Double(rect.y - area.y))
            cairo_scale(cairo, scale, scale)
            let lineHeight = metrics.ascender + metrics.descender + metrics.leading
            for index in 0..<Int32(lineCount) {
                guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
                cairo_move_to(cairo, 0, Double(index) * lineHeight + metrics.ascender)
                pango_cairo_show_layout_line(cairo, line)
            }
        }
    }

    /// A new description of `font` (free it with `pango_font_description_free`): an absolute size,
    /// in points here, so the font map's resolution plays no part.
    private static func description(_ font: TextFont) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        let size = min(max(font.size, 1 / Double(PANGO_SCALE)), maxPointSize)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        return description
    }
}
