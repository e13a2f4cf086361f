import CCairo
import CheckedConversion
import Layout

extension ShapePath {
    /// Appends this path to `context`'s current path, in the context's user space: the one place a
    /// `ShapePath` becomes cairo path operations, for raster masks and PDF vectors alike.
    func append(to context: OpaquePointer) {
        for element in elements {
            switch element {
            case .move(let p): cairo_move_to(context, p.x, p.y)
            case .line(let p): cairo_line_to(context, p.x, p.y)
            case let .cubic(c1, c2, to): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, to.x, to.y)
            case .close: cairo_close_path(context)
            }
        }
    }

    /// Sets `context` up to stroke as `StrokeStyle`'s defaults do: `lineWidth`, butt caps, miter
    /// joins, miter limit 10.
    static func setStrokeStyle(lineWidth: Double, in context: OpaquePointer) {
        setStrokeStyle(lineWidth: lineWidth, StrokeLineStyle(), scale: 1, in: context)
    }

    /// Sets `context` up to stroke with `lineWidth` (pixels) and `style` (dash lengths in points,
    /// `scale` pixels each).
    static func setStrokeStyle(lineWidth: Double, _ style: StrokeLineStyle, scale: Double, in context: OpaquePointer) {
        cairo_set_line_width(context, lineWidth)
        let cap: cairo_line_cap_t =
            switch style.lineCap {
            case .butt: CAIRO_LINE_CAP_BUTT
            case .round: CAIRO_LINE_CAP_ROUND
            case .square: CAIRO_LINE_CAP_SQUARE
            }
        let join: cairo_line_join_t =
            switch style.lineJoin {
            case .miter: CAIRO_LINE_JOIN_MITER
            case .round: CAIRO_LINE_JOIN_ROUND
            case .bevel: CAIRO_LINE_JOIN_BEVEL
            }
        cairo_set_line_cap(context, cap)
        cairo_set_line_join(context, join)
        cairo_set_miter_limit(context, style.miterLimit)
        // Core Graphics ignores a pattern whose lengths are all zero; cairo would reject it.
        let dashes = style.dash.map { max($0, 0) * scale }
        if dashes.contains(where: { $0 > 0 }) {
            cairo_set_dash(context, dashes, Int32(dashes.count), style.dashPhase * scale)
        } else {
            cairo_set_dash(context, nil, 0, 0)
        }
    }
}
