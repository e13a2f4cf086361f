import Layout
import Vips

/// Draws colour and gradient fills and borders of the plan, clipped to their visible parts.
enum ShapeLayers {
    static func fill(_ paint: FillPaint) throws(VipsError) -> [Layer] {
        guard let visible = paint.placement.visiblePixelRect else { return [] }
        return [try layer(paint.paint, in: paint.placement.pixelRect, showing: visible)]
    }

    /// A border is the band between the view's bounds and the bounds inset by the width: four
    /// rectangles, each cut to what is visible.
    static func border(_ border: BorderPaint) throws(VipsError) -> [Layer] {
        guard let visible = border.placement.visiblePixelRect else { return [] }
        let outer = border.placement.pixelRect
        let bands: [PixelRect]
        if let inner = border.innerPixelRect {
            bands = [
                PixelRect(x: outer.x, y: outer.y, width: outer.width, height: inner.y - outer.y),
                PixelRect(x: outer.x, y: inner.maxY, width: outer.width, height: outer.maxY - inner.maxY),
                PixelRect(x: outer.x, y: inner.y, width: inner.x - outer.x, height: inner.height),
                PixelRect(x: inner.maxX, y: inner.y, width: outer.maxX - inner.maxX, height: inner.height),
            ]
        } else {
            bands = [outer]
        }
        var layers: [Layer] = []
        for band in bands {
            guard let shown = band.intersection(visible) else { continue }
            layers.append(try layer(border.paint, in: outer, showing: shown))
        }
        return layers
    }

    /// `paint` over `rect` (gradients span the whole rect), keeping only `shown`.
    private static func layer(_ paint: Paint, in rect: PixelRect, showing shown: PixelRect) throws(VipsError) -> Layer {
        let image: VImage
        switch paint {
        case .color(let color):
            image = try VImage.constant(width: shown.width, height: shown.height, color: color.bytes.map(Double.init))
        case .linearGradient(let gradient):
            image = try VImage.fromPixels(
                GradientRaster(gradient: gradient, rect: rect).pixels(in: shown),
                width: shown.width, height: shown.height, bands: 4)
        }
        return Layer(image: image, x: shown.x, y: shown.y)
    }
}

/// Computes a linear gradient's pixels: evenly spaced stops between the unit points, mapped onto the
/// view's rect, interpolated in premultiplied sRGB so clear stops fade without dark fringes.
struct GradientRaster {
    let gradient: LinearGradient
    let rect: PixelRect

    func pixels(in area: PixelRect) -> [UInt8] {
        let sx = gradient.startPoint.x * Double(rect.width), sy = gradient.startPoint.y * Double(rect.height)
        let dx = gradient.endPoint.x * Double(rect.width) - sx, dy = gradient.endPoint.y * Double(rect.height) - sy
        let length2 = dx * dx + dy * dy
        let stops = gradient.colors.map { c in [c.red * c.opacity, c.green * c.opacity, c.blue * c.opacity, c.opacity] }
        let segments = Double(stops.count - 1)
        var out = [UInt8](repeating: 0, count: area.width * area.height * 4)
        var i = 0
        for y in area.y..<area.maxY {
            let py = Double(y - rect.y) + 0.5 - sy
            for x in area.x..<area.maxX {
                let px = Double(x - rect.x) + 0.5 - sx
                let t = length2 > 0 ? min(max((px * dx + py * dy) / length2, 0), 1) : 0
                let position = t * segments
                let index = min(Int(position), stops.count - 2)
                let f = position - Double(index)
                let a = stops[index], b = stops[index + 1]
                let alpha = a[3] + (b[3] - a[3]) * f
                for band in 0..<3 {
                    let premultiplied = a[band] + (b[band] - a[band]) * f
                    out[i + band] = alpha > 0 ? UInt8((min(premultiplied / alpha, 1) * 255).rounded()) : 0
                }
                out[i + 3] = UInt8((alpha * 255).rounded())
                i += 4
            }
        }
        return out
    }
}
