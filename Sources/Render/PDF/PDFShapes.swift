import CCairo
import CheckedConversion
import Foundation
import Layout

/// Colour and gradient fills, borders and shape leaves as PDF vectors: the same pixel-grid paths the
/// raster path rasterises (`PaintGeometry`), filled or stroked in a colour or a linear gradient,
/// which cairo writes as a PDF axial shading. Coordinates are canvas pixels; the page's transform
/// turns them into points.
enum PDFShapes {
    /// A `Color` or `LinearGradient` leaf: its pixel rect.
    static func fill(_ paint: FillPaint, scale: Double, in context: OpaquePointer) {
        let rect = paint.placement.pixelRect
        cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        fill(with: paint.paint, spanning: rect, scale: scale, in: context)
    }

    /// A `border(_:width:)`: the band between the view's pixel rect and its inset, filled even-odd,
    /// a gradient spanning the whole view as in the raster path.
    static func border(_ border: BorderPaint, scale: Double, in context: OpaquePointer) {
        let outer = border.placement.pixelRect
        cairo_rectangle(context, Double(outer.x), Double(outer.y), Double(outer.width), Double(outer.height))
        if let inner = border.innerPixelRect {
            cairo_rectangle(context, Double(inner.x), Double(inner.y), Double(inner.width), Double(inner.height))
        }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        fill(with: border.paint, spanning: outer, scale: scale, in: context)
    }

    /// A shape leaf: its traced path filled (non-zero) or stroked with `StrokeStyle`'s defaults.
    static func shape(_ shape: ShapePaint, geometry: PaintGeometry, in context: OpaquePointer) {
        guard !shape.paint.isInvisible else { return }
        let traced = geometry.trace(shape)
        traced.path.append(to: context)
        if let lineWidth = traced.lineWidth {
            guard lineWidth > 0 else { return cairo_new_path(context) }
            ShapePath.setStrokeStyle(lineWidth: lineWidth, shape.lineStyle, scale: geometry.scale, in: context)
            setSource(shape.paint, spanning: shape.placement.pixelRect, scale: geometry.scale, in: context) { cairo_stroke(context) }
        } else {
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            fill(with: shape.paint, spanning: shape.placement.pixelRect, scale: geometry.scale, in: context)
        }
    }

    private static func fill(with paint: Paint, spanning rect: PixelRect, scale: Double, in context: OpaquePointer) {
        setSource(paint, spanning: rect, scale: scale, in: context) { cairo_fill(context) }
    }

    /// Sets `paint` as the source (a gradient's unit points span `rect`) for the duration of `draw`.
    /// Gradient stops are evenly spaced and the colour is held past both ends, as `GradientRamp` does.
    private static func setSource(_ paint: Paint, spanning rect: PixelRect, scale: Double, in context: OpaquePointer, _ draw: () -> Void) {
        switch paint {
        case .color(let c):
            cairo_set_source_rgba(context, c.red, c.green, c.blue, c.opacity)
            draw()
        case .linearGradient(let gradient):
            let (x, y, w, h) = (Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            let pattern = cairo_pattern_create_linear(
                x + gradient.startPoint.x * w, y + gradient.startPoint.y * h, x + gradient.endPoint.x * w, y + gradient.endPoint.y * h)!
            defer { cairo_pattern_destroy(pattern) }
            addStops(gradient.colors, to: pattern)
            cairo_set_source(context, pattern)
            draw()
        case .radialGradient(let g):
            let (cx, cy) = (Double(rect.x) + g.center.x * Double(rect.width), Double(rect.y) + g.center.y * Double(rect.height))
            let pattern = cairo_pattern_create_radial(cx, cy, max(g.startRadius, 0) * scale, cx, cy, max(g.endRadius, 0) * scale)!
            defer { cairo_pattern_destroy(pattern) }
            addStops(g.colors, to: pattern)
            cairo_set_source(context, pattern)
            draw()
        case .ellipticalGradient(let g):
            // A radial shading in the unit square, its matrix stretching the square over the rect.
            let pattern = cairo_pattern_create_radial(
                g.center.x, g.center.y, max(g.startRadiusFraction, 0), g.center.x, g.center.y, max(g.endRadiusFraction, 0))!
            defer { cairo_pattern_destroy(pattern) }
            addStops(g.colors, to: pattern)
            var matrix = cairo_matrix_t()
            // The pattern matrix maps user space to pattern space: the inverse of the rect's.
            cairo_matrix_init(&matrix, 1 / Double(max(rect.width, 1)), 0, 0, 1 / Double(max(rect.height, 1)), 0, 0)
            cairo_matrix_translate(&matrix, -Double(rect.x), -Double(rect.y))
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_set_source(context, pattern)
            draw()
        case .angularGradient(let g):
            let pattern = conicMesh(g, spanning: rect)
            defer { cairo_pattern_destroy(pattern) }
            cairo_set_source(context, pattern)
            draw()
        }
    }

    /// Evenly spaced stops, the colour held past both ends, as `GradientRamp` does.
    private static func addStops(_ colors: [RGBAColor], to pattern: OpaquePointer) {
        let colors = colors.isEmpty ? [RGBAColor.clear] : colors
        for (index, c) in colors.enumerated() {
            let offset = colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
            cairo_pattern_add_color_stop_rgba(pattern, offset, c.red, c.green, c.blue, c.opacity)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    /// Sectors of a degree around the centre of an angular gradient, in a PDF mesh shading.
    static let conicSectors = 360

    /// An angular gradient as a mesh of thin triangles around its centre, reaching past the rect's
    /// corners (PDF has no conic shading): each sector's outer corners take the colour of their
    /// angle, its centre corner that of the middle angle.
    private static func conicMesh(_ g: AngularGradient, spanning rect: PixelRect) -> OpaquePointer {
        let (cx, cy) = (Double(rect.x) + g.center.x * Double(rect.width), Double(rect.y) + g.center.y * Double(rect.height))
        let reach = 2 * (Double(rect.width) + Double(rect.height)) + 1
        let pattern = cairo_pattern_create_mesh()!
        let colors = g.colors.isEmpty ? [RGBAColor.clear] : g.colors
        func color(atDegrees degrees: Double) -> RGBAColor {
            let t = g.position(atDegrees: degrees) * Double(colors.count - 1)
            let i = min(Int(saturating: t.rounded(.down)), max(colors.count - 2, 0))
            guard colors.count > 1 else { return colors[0] }
            let f = t - Double(i), a = colors[i], b = colors[i + 1]
            // Premultiplied interpolation, as the raster path's table.
            let alpha = a.opacity + (b.opacity - a.opacity) * f
            func mix(_ x: Double, _ y: Double) -> Double {
                alpha > 0 ? (x * a.opacity + (y * b.opacity - x * a.opacity) * f) / alpha : 0
            }
            return RGBAColor(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), opacity: alpha)
        }
        func set(_ corner: UInt32, _ c: RGBAColor) {
            cairo_mesh_pattern_set_corner_color_rgba(pattern, corner, c.red, c.green, c.blue, c.opacity)
        }
        let step = 360 / Double(conicSectors)
        for sector in 0..<conicSectors {
            // Sample just inside each sector so a hard edge at a sector boundary stays on its side.
            let from = Double(sector) * step, to = from + step
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, cx, cy)
            cairo_mesh_pattern_line_to(pattern, cx + reach * cos(from * .pi / 180), cy + reach * sin(from * .pi / 180))
            cairo_mesh_pattern_line_to(pattern, cx + reach * cos(to * .pi / 180), cy + reach * sin(to * .pi / 180))
            set(0, color(atDegrees: from + step / 2))
            set(3, color(atDegrees: from + step / 2))
            set(1, color(atDegrees: from + step * 0.001))
            set(2, color(atDegrees: to - step * 0.001))
            cairo_mesh_pattern_end_patch(pattern)
        }
        return pattern
    }
}
