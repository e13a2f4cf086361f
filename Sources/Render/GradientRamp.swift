import Layout
import Vips

/// A linear gradient over a view's rect as a lazy libvips image: evenly spaced stops between the unit
/// points, interpolated in premultiplied sRGB so clear stops fade without dark fringes. libvips maps
/// each pixel's position to an entry of a small colour table computed here, so no full-size buffer
/// is built and the pixels are computed only while encoding, where the deadline can stop them.
struct GradientRamp {
    let gradient: LinearGradient
    let rect: PixelRect

    /// Table entries for gradients that are not axis-aligned: the most a 16-bit index addresses. One
    /// step is 1/65 535 of the gradient, far below one 8-bit level per pixel.
    static let diagonalEntries = 65_536

    /// The part `area` of the gradient (canvas coordinates).
    func image(showing area: PixelRect) throws(VipsError) -> VImage {
        let sx = gradient.startPoint.x * Double(rect.width), sy = gradient.startPoint.y * Double(rect.height)
        let dx = gradient.endPoint.x * Double(rect.width) - sx, dy = gradient.endPoint.y * Double(rect.height) - sy
        let length2 = dx * dx + dy * dy
        // Position along the gradient of pixel (x, y) of `area`, sampled at the pixel centre.
        func t(_ x: Int, _ y: Int) -> Double {
            guard length2 > 0 else { return 0 }
            let px = Double(x + area.x - rect.x) + 0.5 - sx, py = Double(y + area.y - rect.y) + 0.5 - sy
            return (px * dx + py * dy) / length2
        }
        // Axis-aligned gradients (and flat ones) change along one axis only: one entry per row or
        // column, each computed exactly.
        if dx == 0 || dy == 0 || length2 == 0 {
            let vertical = dx == 0 && length2 > 0
            let count = vertical ? area.height : area.width
            let table = (0..<count).flatMap { i in color(at: vertical ? t(0, i) : t(i, 0)) }
            return try VImage.ramp(width: area.width, height: area.height, ax: vertical ? 0 : 1, ay: vertical ? 1 : 0, b: 0, table: table)
        }
        let steps = Double(Self.diagonalEntries - 1)
        let table = (0..<Self.diagonalEntries).flatMap { i in color(at: Double(i) / steps) }
        // index = t(x, y) · steps, written as ax·x + ay·y + b.
        let origin = t(0, 0)
        return try VImage.ramp(
            width: area.width, height: area.height, ax: dx / length2 * steps, ay: dy / length2 * steps, b: origin * steps, table: table)
    }

    /// The colour at `t` (clamped to 0…1) as straight-alpha RGBA bytes.
    func color(at t: Double) -> [UInt8] {
        let t = min(max(t, 0), 1)
        let stops = gradient.colors.map { c in [c.red * c.opacity, c.green * c.opacity, c.blue * c.opacity, c.opacity] }
        guard stops.count > 1 else { return stops.first.map(Self.straight) ?? [0, 0, 0, 0] }
        let position = t * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let f = position - Double(index)
        let a = stops[index], b = stops[index + 1]
        return Self.straight((0..<4).map { a[$0] + (b[$0] - a[$0]) * f })
    }

    /// Premultiplied 0…1 components to straight-alpha bytes.
    private static func straight(_ premultiplied: [Double]) -> [UInt8] {
        let alpha = premultiplied[3]
        var out = (0..<3).map { band in alpha > 0 ? UInt8((min(premultiplied[band] / alpha, 1) * 255).rounded()) : 0 }
        out.append(UInt8((alpha * 255).rounded()))
        return out
    }
}
