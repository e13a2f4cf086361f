import Foundation
import Layout
import Vips

/// Radial, elliptical and angular gradients over a view's rect: each pixel's position along the
/// gradient (0…1, sampled at the pixel centre) picks an entry of a colour table made as
/// `GradientRamp` makes its tables (evenly spaced stops interpolated premultiplied, held past both
/// ends). Unlike a linear gradient's, the position is not linear in x and y, so the visible area is
/// computed here, a pixel at a time, into memory.
struct GradientField {
    /// A radial, elliptical or angular gradient (a linear one goes through `GradientRamp`).
    let paint: Paint
    /// The view's rect on the canvas the unit points refer to.
    let rect: PixelRect
    /// Pixels per point: a radial gradient's radii are in points.
    let scale: Double

    /// Colour table entries: 1/4095 of the gradient a step, below one 8-bit level.
    static let entries = 4096

    /// The part `area` of the gradient (canvas coordinates).
    func image(showing area: PixelRect) throws(VipsError) -> VImage {
        let stops = paint.colors.map { c in (c.red * c.opacity, c.green * c.opacity, c.blue * c.opacity, c.opacity) }
        var table: [UInt8] = []
        table.reserveCapacity(Self.entries * 4)
        let steps = Double(Self.entries - 1)
        for i in 0..<Self.entries { GradientRamp.append(stops, at: Double(i) / steps, to: &table) }
        var pixels = [UInt8](repeating: 0, count: area.width * area.height * 4)
        var offset = 0
        for y in 0..<area.height {
            let py = Double(y + area.y - rect.y) + 0.5
            for x in 0..<area.width {
                let px = Double(x + area.x - rect.x) + 0.5
                let t = min(max(position(x: px, y: py), 0), 1)
                let entry = Int(saturating: (t * steps).rounded()) * 4
                pixels[offset] = table[entry]
                pixels[offset + 1] = table[entry + 1]
                pixels[offset + 2] = table[entry + 2]
                pixels[offset + 3] = table[entry + 3]
                offset += 4
            }
        }
        return try VImage.fromPixels(pixels, width: area.width, height: area.height, bands: 4)
    }

    /// The position along the gradient of the point (`x`, `y`), in pixels from the rect's top-left.
    func position(x: Double, y: Double) -> Double {
        let (w, h) = (Double(rect.width), Double(rect.height))
        switch paint {
        case .radialGradient(let g):
            let distance = hypot(x - g.center.x * w, y - g.center.y * h) / scale
            return Self.fraction(distance, from: g.startRadius, to: g.endRadius)
        case .ellipticalGradient(let g):
            guard w > 0, h > 0 else { return 0 }
            let distance = hypot(x / w - g.center.x, y / h - g.center.y)
            return Self.fraction(distance, from: g.startRadiusFraction, to: g.endRadiusFraction)
        case .angularGradient(let g):
            // y grows downwards, so atan2 already measures clockwise from the trailing edge.
            let degrees = atan2(y - g.center.y * h, x - g.center.x * w) * 180 / .pi
            return g.position(atDegrees: degrees)
        case .color, .linearGradient:
            return 0
        }
    }

    /// Where `value` lies from `start` to `end`; a zero-length ramp is a step at `end`.
    static func fraction(_ value: Double, from start: Double, to end: Double) -> Double {
        guard end != start else { return value < end ? 0 : 1 }
        return (value - start) / (end - start)
    }
}
