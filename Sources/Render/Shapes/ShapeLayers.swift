import Layout
import Vips

/// Draws colour and gradient fills, borders and shape leaves of the plan, clipped to their visible
/// parts. Their rects were checked against `RenderLimits.maxIntermediateSide` with the whole plan
/// (`RenderPlan.checkIntermediateSizes`) before drawing started.
enum ShapeLayers {
    /// The visible part of a colour or gradient fill.
    static func fill(_ paint: FillPaint, scale: Double) throws(RenderError) -> [Layer] {
        guard let visible = paint.placement.visiblePixelRect else { return [] }
        return [try layer(paint.paint, in: paint.placement.pixelRect, showing: visible, scale: scale)]
    }

    /// A border is the band between the view's bounds and the bounds inset by the width: four
    /// rectangles, each cut to what is visible.
    static func border(_ border: BorderPaint, scale: Double) throws(RenderError) -> [Layer] {
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
            layers.append(try layer(border.paint, in: outer, showing: shown, scale: scale))
        }
        return layers
    }

    /// A shape leaf: its path filled or stroked in its pixel rect, antialiased, over the ink the
    /// clips and canvas let through. A colour is exact in every pixel with alpha = coverage; a
    /// gradient spans the view's rect and is cut by the same coverage (`VImage.clipped(toMask:)`).
    static func shape(_ shape: ShapePaint, geometry: PaintGeometry) throws(RenderError) -> [Layer] {
        guard !shape.paint.isInvisible, let area = geometry.inkArea(shape) else { return [] }
        let traced = geometry.trace(shape)
        do {
            let image: VImage
            switch shape.paint {
            case .color(let color):
                image = try ShapeRasterizer.image(
                    traced.path, lineWidth: traced.lineWidth, style: shape.lineStyle, scale: geometry.scale, color: color, area: area)
            default:
                let coverage = try ShapeRasterizer.mask(
                    traced.path, lineWidth: traced.lineWidth, style: shape.lineStyle, scale: geometry.scale, area: area)
                image = try Self.image(shape.paint, in: shape.placement.pixelRect, showing: area, scale: geometry.scale).clipped(toMask: coverage)
            }
            return [Layer(image: image, x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }

    /// `paint` over `rect` (gradients span the whole rect), keeping only `shown`.
    private static func layer(_ paint: Paint, in rect: PixelRect, showing shown: PixelRect, scale: Double) throws(RenderError) -> Layer {
        do {
            return Layer(image: try image(paint, in: rect, showing: shown, scale: scale), x: shown.x, y: shown.y)
        } catch {
            throw .internalFailure(error)
        }
    }

    private static func image(_ paint: Paint, in rect: PixelRect, showing shown: PixelRect, scale: Double) throws(VipsError) -> VImage {
        let image: VImage
        switch paint {
        case .color(let color):
            image = try VImage.constant(width: shown.width, height: shown.height, color: color.bytes.map(Double.init))
        case .linearGradient(let gradient):
            image = try GradientRamp(gradient: gradient, rect: rect).image(showing: shown)
        case .radialGradient, .ellipticalGradient, .angularGradient:
            image = try GradientField(paint: paint, rect: rect, scale: scale).image(showing: shown)
        }
        return image
    }
}
