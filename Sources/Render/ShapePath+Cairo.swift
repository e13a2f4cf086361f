import CCairo

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
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(context, 10)
    }
}
