import CheckedConversion
import Layout
import Vips

/// A linear gradient over a view's rect: evenly spaced stops between the unit points, interpolated in
/// premultiplied sRGB so clear stops fade without dark fringes. Each pixel's position maps to an
/// entry of a colour table computed here. Axis-aligned gradients stay a lazy libvips image (one entry
/// per row or column); diagonal ones up to `wholePixels` are computed whole in one pass and kept for
/// the next render (a view's background is the same every time), larger ones stay lazy and hold no
/// full-size buffer.
struct GradientRamp {
    /// Stops and unit start and end points.
    let gradient: LinearGradient
    /// The view's rect on the canvas the unit points refer to; the gradient spans all of it.
    let rect: PixelRect

    /// Table entries for gradients that are not axis-aligned: the most a 16-bit index addresses. One
    /// step is 1/65 535 of the gradient, far below one 8-bit level per pixel.
    static let diagonalEntries = 65_536

    /// Diagonal gradients' colour tables (256 KiB each) by their premultiplied stops: a view draws
    /// the same background render after render.
    private static let diagonalTables = RasterMemo<[Double], [UInt8]>(capacity: 4 << 20) { $0.count }

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
        let stops = premultipliedStops
        if dx == 0 || dy == 0 || length2 == 0 {
            let vertical = dx == 0 && length2 > 0
            let count = vertical ? area.height : area.width
            var table: [UInt8] = []
            table.reserveCapacity(count * 4)
            for i in 0..<count { Self.append(stops, at: vertical ? t(0, i) : t(i, 0), to: &table) }
            return try VImage.ramp(width: area.width, height: area.height, ax: vertical ? 0 : 1, ay: vertical ? 1 : 0, b: 0, table: table)
        }
        let steps = Double(Self.diagonalEntries - 1)
        let table = Self.diagonalTables.value(for: stops.flatMap { [$0.0, $0.1, $0.2, $0.3] }) {
            var table: [UInt8] = []
            table.reserveCapacity(Self.diagonalEntries * 4)
            for i in 0..<Self.diagonalEntries { Self.append(stops, at: Double(i) / steps, to: &table) }
            return table
        }
        // index = t(x, y) · steps, written as ax·x + ay·y + b.
        let ax = dx / length2 * steps, ay = dy / length2 * steps, b = t(0, 0) * steps
        guard area.width * area.height <= Self.wholePixels else {
            return try VImage.ramp(width: area.width, height: area.height, ax: ax, ay: ay, b: b, table: table)
        }
        let key = RasterKey(stops: stops.flatMap { [$0.0, $0.1, $0.2, $0.3] }, width: area.width, height: area.height, ax: ax, ay: ay, b: b)
        return try Self.diagonalRasters.value(for: key) { () throws(VipsError) in
            try VImage.ramp(width: area.width, height: area.height, ax: ax, ay: ay, b: b, table: table, inMemory: true)
        }.sharedCopy()
    }

    /// What a diagonal gradient's pixels depend on: its colours and where the area lies along it.
    private struct RasterKey: Hashable, Sendable {
        let stops: [Double]
        let width: Int, height: Int
        let ax: Double, ay: Double, b: Double
    }

    /// The largest area (pixels) computed whole; a larger one stays a lazy pipeline, holding no buffer.
    static let wholePixels = 4 << 20

    /// Diagonal gradients computed whole, by what their pixels depend on: a view's background is the
    /// same render after render (a 1200×630 card's is 3 MB).
    private static let diagonalRasters = RasterMemo<RasterKey, VImage>(capacity: 32 << 20) { $0.width * $0.height * 4 }

    /// The stops as premultiplied r, g, b, a in 0…1.
    private var premultipliedStops: [(Double, Double, Double, Double)] {
        gradient.colors.map { c in (c.red * c.opacity, c.green * c.opacity, c.blue * c.opacity, c.opacity) }
    }

    /// Appends the colour at `t` (clamped to 0…1) as straight-alpha RGBA bytes: the stops are
    /// evenly spaced and interpolated premultiplied.
    static func append(_ stops: [(Double, Double, Double, Double)], at t: Double, to table: inout [UInt8]) {
        guard stops.count > 1 else {
            let only = stops.first ?? (0, 0, 0, 0)
            appendStraight(only, to: &table)
            return
        }
        let position = min(max(t, 0), 1) * Double(stops.count - 1)
        let index = min(Int(saturating: position), stops.count - 2)
        let f = position - Double(index)
        let a = stops[index], b = stops[index + 1]
        appendStraight((a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f), to: &table)
    }

    /// Premultiplied 0…1 components as straight-alpha bytes.
    private static func appendStraight(_ p: (Double, Double, Double, Double), to table: inout [UInt8]) {
        let alpha = p.3
        func straight(_ component: Double) -> UInt8 { alpha > 0 ? UInt8(saturating: (min(component / alpha, 1) * 255).rounded()) : 0 }
        table.append(straight(p.0))
        table.append(straight(p.1))
        table.append(straight(p.2))
        table.append(UInt8(saturating: (alpha * 255).rounded()))
    }
}
