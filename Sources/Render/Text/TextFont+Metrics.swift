import CCairo
import CheckedConversion
import Layout

extension TextFont {
    /// A Pango description of this face with `families` (a comma-separated list; the caller frees
    /// it): weight, style and the size in absolute units, clamped to what Pango holds.
    func description(families: String) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, families)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        let points = min(max(size, 1 / Double(PANGO_SCALE)), PangoTextLayout.maxPointSize)
        pango_font_description_set_absolute_size(description, points * Double(PANGO_SCALE))
        return description
    }

    /// The vertical metrics the lines of `text` are placed with, every size × `scale`: those of its
    /// largest run (the first of equal ones). For the system font, SF Pro's (views spec §6.4): Inter
    /// only stands in for SF, so heights and baselines stay SwiftUI's. For `Font.custom`, the face's
    /// own ascender, descender and line gap, as SwiftUI spaces lines of a custom font.
    static func lineMetrics(of text: TextView, scale: Double) -> TextMetrics {
        var largest = text.runs[0].attributes
        for run in text.runs.dropFirst() where run.attributes.resolvedFont.pointSize > largest.resolvedFont.pointSize {
            largest = run.attributes
        }
        let font = TextFont(largest, scale: scale)
        guard font.customFamily != nil, let own = font.ownMetrics() else { return .sanFrancisco(pointSize: text.largestPointSize * scale) }
        return own
    }

    /// The face's own vertical metrics in points (unhinted); `nil` when Pango has none for it. The
    /// cap height comes from HarfBuzz (OS/2 `sCapHeight`, or the height of "H"), which Pango does
    /// not expose, scaled by the ascender so font units need no conversion.
    private func ownMetrics() -> TextMetrics? {
        let context = FontMap.unhintedContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = description(families: family)
        defer { pango_font_description_free(description) }
        guard let metrics = pango_context_get_metrics(context, description, nil) else { return nil }
        defer { pango_font_metrics_unref(metrics) }
        let unit = Double(PANGO_SCALE)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / unit
        let descent = Double(pango_font_metrics_get_descent(metrics)) / unit
        let height = Double(pango_font_metrics_get_height(metrics)) / unit
        guard ascent > 0, descent >= 0 else { return nil }
        var capHeight = ascent * 1443 / 1950
        if let loaded = pango_context_load_font(context, description) {
            defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
            if let harfBuzz = pango_font_get_hb_font(loaded) {
                var cap: hb_position_t = 0, ascender: hb_position_t = 0
                hb_ot_metrics_get_position_with_fallback(harfBuzz, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap)
                hb_ot_metrics_get_position_with_fallback(harfBuzz, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &ascender)
                if cap > 0, ascender > 0 { capHeight = ascent * Double(cap) / Double(ascender) }
            }
        }
        return TextMetrics(ascender: ascent, descender: descent, leading: max(0, height - ascent - descent), capHeight: capHeight)
    }
}
