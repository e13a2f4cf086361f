import CCairo
import Layout

/// Colour and gradient fills, borders and shape leaves as PDF vectors: the same pixel-grid paths the
/// raster path rasterises (`PaintGeometry`), filled or stroked in a colour or a linear gradient,
/// which cairo writes as a PDF axial shading. Coordinates are canvas pixels; the page's transform
/// turns them into points.
enum PDFShapes {
    /// A `Color` or `LinearGradient` leaf: its pixel rect.
    static func fill(_ paint: FillPaint, in context: OpaquePointer) {
        let rect = paint.placement.pixelRect
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        fill(with: paint.paint, spanning: rect, in: context)
    }

    /// A `border(_:width:)`: the band between the view's pixel rect and its inset, filled even-odd,
    /// a gradient spanning the whole view as in the raster path.
    static func border(_ border: BorderPaint, in context: OpaquePointer) {
        let outer = border.placement.pixelRect
        cairo_rectangle(context, Double(outer.x), Double(outer.y), Double(outer.width), Double(outer.height))
        if let inner = border.innerPixelRect {
            cairo_rectangle(context, Double(inner.x), Double(inner.y), Double(inner.width), Double(inner.height))
        }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        fill(with: border.paint, spanning: outer, in: context)
    }

    /// A shape leaf: its traced path filled (non-zero) or stroked with `StrokeStyle`'s defaults.
    static func shape(_ shape: ShapePaint, geometry: PaintGeometry, in context: OpaquePointer) {
        guard !shape.paint.isInvisible else { return }
        let traced = geometry.trace(shape)
        traced.path.append(to: context)
        if let lineWidth = traced.lineWidth {
            guard lineWidth > 0 else { return cairo_new_path(context) }
            ShapePath.setStrokeStyle(lineWidth: lineWidth, shape.lineStyle, scale: geometry.scale, in: context)
            setSource(shape.paint, spanning: shape.placement.pixelRect, in: context) { cairo_stroke(context) }
        } else {
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            fill(with: shape.paint, spanning: shape.placement.pixelRect, in: context)
        }
    }

    private static func fill(with paint: Paint, spanning rect: PixelRect, in context: OpaquePointer) {
        setSource(paint, spanning: rect, in: context) { cairo_fill(context) }
    }

    /// Sets `paint` as the source (a gradient's unit points span `rect`) for the duration of `draw`.
    /// Gradient stops are evenly spaced and the colour is held past both ends, as `GradientRamp` does.
    private static func setSource(_ paint: Paint, spanning rect: PixelRect, in context: OpaquePointer, _ draw: () -> Void) {
        switch paint {
        case .color(let c):
            cairo_set_source_rgba(context, c.red, c.green, c.blue, c.opacity)
            draw()
        case .linearGradient(let gradient):
            let (x, y, w, h) = (Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            let pattern = cairo_pattern_create_linear(
                x + gradient.startPoint.x * w, y + gradient.startPoint.y * h, x + gradient.endPoint.x * w, y + gradient.endPoint.y * h)!
            defer { cairo_pattern_destroy(pattern) }
            let colors = gradient.colors.isEmpty ? [RGBAColor(red: 0, green: 0, blue: 0, opacity: 0)] : gradient.colors
            for (index, c) in colors.enumerated() {
                let offset = colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
                cairo_pattern_add_color_stop_rgba(pattern, offset, c.red, c.green, c.blue, c.opacity)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(context, pattern)
            draw()
        }
    }
}
