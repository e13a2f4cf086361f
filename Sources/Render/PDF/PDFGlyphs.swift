import CCairo
import Layout
import Vips

/// Text and symbol leaves as PDF vectors: Pango draws a Text's lines as real text (selectable, its
/// fonts subset-embedded by cairo) exactly as laid out for the raster path, and librsvg draws a
/// symbol's icon as paths, tinted by using it as a mask over its colour.
enum PDFGlyphs {
    /// `paint`'s lines from its pixel rect's top-left, in points scaled to canvas pixels.
    static func text(_ paint: TextPaint, scale: Double, in context: OpaquePointer) {
        let pixels = paint.placement.pixelRect
        let layout = PangoTextLayout(paint.text, proposal: paint.proposal)
        cairo_translate(context, Double(pixels.x), Double(pixels.y))
        cairo_scale(context, scale, scale)
        layout.draw(into: context)
    }

    /// `paint`'s icon over its pixel rect, in the symbol's colour: the icon (`currentColor`) drawn
    /// into a group, which then masks a fill of the colour, so any colour and opacity apply exactly.
    static func symbol(_ paint: SymbolPaint, svg: [UInt8], in context: OpaquePointer) throws(VipsError) {
        let rect = paint.placement.pixelRect
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_push_group(context)
        let failure = SymbolRasterizer.draw(
            svg, in: Rect(rect), stretched: paint.symbol.isResizable, origin: PixelRect(x: 0, y: 0, width: 0, height: 0), context: context)
        let mask = cairo_pop_group(context)!
        defer { cairo_pattern_destroy(mask) }
        if let failure { throw VipsError(operation: "rsvg draw", message: failure) }
        let color = paint.symbol.resolvedColor
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.opacity)
        cairo_mask(context, mask)
    }
}
