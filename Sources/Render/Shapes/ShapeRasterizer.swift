import CCairo
import CheckedConversion
import Layout
import Vips

/// Turns a `ShapePath` into antialiased pixels: a coverage mask (one 8-bit band) drawn by cairo,
/// and solid-colour RGBA layers made from it by libvips.
///
/// Why cairo, measured on the service's machine (libvips 8.14.1, cairo 1.16, one thread, best of
/// ≥ 5 runs, to an in-memory libvips image; rounded rect r = 24 pt, circle, 4 pt stroke of a 30 pt
/// rounded rect; "@2x" doubles every length):
///
/// | shape | cairo A8 mask | mask + colour → RGBA | cairo ARGB32 → unpremultiplied RGBA | SVG via libvips (librsvg) | libvips 4× supersampled draw |
/// |---|---|---|---|---|---|
/// | 1200×630 rounded rect fill @1x / @2x | 0.06 / 0.23 ms | 2.3–3.4 / 10 ms | 11–16 / 46 ms | 1.6–2.2 / 7.5 ms | 25–35 / 137–177 ms |
/// | 96×96 circle @1x / @2x | 0.02 / 0.03 ms | 0.4 / 0.5 ms | 0.5 / 0.8 ms | 0.2 / 0.3 ms | 0.7 / 1.7 ms |
/// | 300×300 stroked rounded rect @1x / @2x | 0.04 / 0.07 ms | 0.7 / 1.7 ms | 1.4 / 4.3 ms | 0.4 / 0.9 ms | 5 / 13–17 ms |
///
/// Edge quality, 96×96 circle against exact coverage (16×16 samples per pixel), in 8-bit levels:
/// cairo with its default flattening tolerance (0.1 px) and librsvg: mean error 3.3, worst 30;
/// cairo at tolerance 0.01 px: mean 0.7, worst 7 (same time); libvips's non-antialiased
/// `draw_circle` supersampled 4× and shrunk: mean 12, worst 98; a circle's distance field computed
/// with libvips arithmetic: mean 1.6, worst 11, but libvips has no Bézier, so no continuous corner.
///
/// Decision: cairo, drawing coverage into an A8 surface at tolerance 0.01 px. libvips alone cannot
/// draw an antialiased curve (its draw operations are aliased, and SVG goes through the loader the
/// service blocks, which is librsvg on cairo anyway). Colour is applied afterwards (constant RGB
/// joined with coverage × opacity) rather than drawn into premultiplied ARGB32: unpremultiplying in
/// libvips costs 4–5× more, and 8-bit premultiplied pixels lose colour precision at the
/// antialiased edge, where the mask way keeps the exact colour in every pixel. Gradients and images
/// are clipped with the same masks (`VImage.clipped(toMask:)`).
///
/// Every cairo surface and context lives only inside one call and is destroyed on every path; the
/// pixels leave as a libvips copy.
enum ShapeRasterizer {
    /// Largest distance (pixels) between a curve and the line segments cairo replaces it with.
    static let tolerance = 0.01

    /// The coverage of `path` over the canvas pixels `area` (its top-left is the mask's (0, 0)):
    /// filled with the non-zero rule, or stroked centred with `lineWidth` (butt caps, miter joins,
    /// miter limit 10). 0 is outside, 255 fully inside; edges are antialiased.
    static func mask(
        _ path: ShapePath, lineWidth: Double? = nil, style: StrokeLineStyle = StrokeLineStyle(), scale: Double = 1, area: PixelRect
    ) throws(VipsError) -> VImage {
        // A new surface is all zeros: a stroke of no width covers nothing.
        try CairoMask.draw(area: area) { context in
            if lineWidth.map({ $0 > 0 }) ?? true { draw(path, lineWidth: lineWidth, style: style, scale: scale, origin: area, in: context) }
        }
    }

    /// `path` in a solid `color` over the canvas pixels `area`: 8-bit sRGB RGBA, straight alpha, the
    /// colour exact in every pixel and alpha = coverage × opacity.
    static func image(
        _ path: ShapePath, lineWidth: Double? = nil, style: StrokeLineStyle = StrokeLineStyle(), scale: Double = 1, color: RGBAColor,
        area: PixelRect
    ) throws(VipsError) -> VImage {
        let coverage = try mask(path, lineWidth: lineWidth, style: style, scale: scale, area: area)
        return try VImage.colored(coverage, color: color)
    }

    /// `outline` placed in `rect` and drawn as `drawing` (stroke, strokeBorder or fill) over `area`.
    static func image(
        _ outline: ShapeKind, _ drawing: ShapeDrawing, in rect: Rect, color: RGBAColor, area: PixelRect
    ) throws(VipsError) -> VImage {
        let traced = drawing.trace(outline, in: rect)
        return try image(traced.path, lineWidth: traced.lineWidth, color: color, area: area)
    }

    /// `outline` in `rect` as a clip mask over `area` (a filled outline: `clipShape`).
    static func mask(_ outline: ShapeKind, in rect: Rect, area: PixelRect) throws(VipsError) -> VImage {
        try mask(outline.path(in: rect), area: area)
    }

    /// The pixels that can receive ink from `path` drawn with `lineWidth`: its control bounds grown
    /// by the line width (a miter join of a right angle reaches √2/2 of it past the outline, which
    /// is all `ShapeKind`s have), rounded outward; `nil` for an empty path.
    static func inkBounds(_ path: ShapePath, lineWidth: Double? = nil) -> PixelRect? {
        guard let bounds = path.controlBounds else { return nil }
        let grow = lineWidth ?? 0
        let x0 = (bounds.x - grow).rounded(.down), y0 = (bounds.y - grow).rounded(.down)
        let x1 = (bounds.maxX + grow).rounded(.up), y1 = (bounds.maxY + grow).rounded(.up)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: Int(saturating: x0), y: Int(saturating: y0), width: Int(saturating: x1 - x0), height: Int(saturating: y1 - y0))
    }

    private static func draw(
        _ path: ShapePath, lineWidth: Double?, style: StrokeLineStyle, scale: Double, origin: PixelRect, in context: OpaquePointer
    ) {
        cairo_set_tolerance(context, tolerance)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
        cairo_translate(context, -Double(origin.x), -Double(origin.y))
        cairo_new_path(context)
        path.append(to: context)
        if let lineWidth {
            ShapePath.setStrokeStyle(lineWidth: lineWidth, style, scale: scale, in: context)
            cairo_stroke(context)
        } else {
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            cairo_fill(context)
        }
    }
}
