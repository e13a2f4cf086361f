import CCairo
import Layout
import Vips

extension PlanDrawer {
    /// An effect group (views spec §7, §10.4): its operations drawn into an offscreen layer over
    /// their ink (`PaintGeometry.groupArea`), then the effect: a shadow is built from that layer's
    /// alpha and returned under it; a colour effect or blur replaces it. The result is cut by the
    /// group's own clips (those inside `outerClips` are left to enclosing groups). Opacity needs
    /// nothing here: it was multiplied into every leaf. The offscreen layer is in `colorMode`'s
    /// working space; colour effects and blurs take it sRGB-encoded, as they are defined on sRGB
    /// values, while a shadow needs only its alpha. `shadowOnly` leaves a shadow's content out (the
    /// PDF writer draws it as vectors over the rasterised shadow).
    func groupLayers(_ group: EffectGroup, outerClips: Int, shadowOnly: Bool = false) throws -> [Layer] {
        guard let area = geometry.groupArea(group), let result = area.result else { return [] }
        // A transform's operations carry no outer clips (see `GroupEffect.transform`).
        let inner = if case .transform = group.effect { 0 } else { group.clips.count }
        var offscreen = Canvas(area: area.content, colorMode: colorMode, deadline: deadline)
        for operation in group.operations {
            try deadline.check()
            for layer in try layers(operation, outerClips: inner) { try offscreen.draw(layer) }
        }
        let content = area.content
        var layers: [Layer]
        switch group.effect {
        case .shadow(let shadow):
            // Read twice (for the shadow and as itself), so computed once.
            let image = try offscreen.image().withAlpha().materialized()
            let cast = try image.shadow(color: shadow.color, radius: shadow.radius, offsetX: shadow.x, offsetY: shadow.y, scale: plan.scale)
            layers = [Layer(image: cast.image, x: content.x + cast.x, y: content.y + cast.y)]
            if !shadowOnly { layers.append(Layer(image: image, x: content.x, y: content.y)) }
        case .color(let effect):
            let filtered = try colorMode.eightBit(offscreen.image()).applying(effect, scale: plan.scale)
            layers = [Layer(image: filtered.image, x: content.x + filtered.x, y: content.y + filtered.y)]
        case .transform(let transform):
            layers = [try mapped(offscreen.image(), from: content, by: transform.scaled(by: plan.scale), into: result)]
        case .blend(let mode):
            layers = [Layer(image: try offscreen.image(), x: content.x, y: content.y, blend: mode)]
        case .mask:
            var mask = Canvas(area: content, colorMode: colorMode, deadline: deadline)
            for operation in group.mask {
                try deadline.check()
                for layer in try self.layers(operation, outerClips: group.clips.count) { try mask.draw(layer) }
            }
            let alpha = try colorMode.eightBit(mask.image()).withAlpha().bands(3)
            layers = [Layer(image: try colorMode.eightBit(offscreen.image()).clipped(toMask: alpha), x: content.x, y: content.y)]
        }
        layers = try layers.compactMap { try $0.cropped(to: result) }
        return try clipped(layers, to: group.clips.dropFirst(outerClips))
    }
}

extension PlanDrawer {
    /// `image`, covering the canvas pixels `content`, drawn through `transform` (canvas pixels) with
    /// cairo's bilinear filter and kept where it lands inside `area`: a rotated or scaled layer.
    func mapped(_ image: VImage, from content: PixelRect, by transform: AffineTransform, into area: PixelRect) throws(VipsError) -> Layer {
        let source = try CairoImage(colorMode.eightBit(image), deadline: deadline)
        let drawn = try CairoMask.drawColor(area: area) { context in
            cairo_translate(context, -Double(area.x), -Double(area.y))
            var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
            cairo_transform(context, &matrix)
            cairo_set_source_surface(context, source.surface, Double(content.x), Double(content.y))
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        }
        return Layer(image: drawn, x: area.x, y: area.y)
    }
}

extension VImage {
    /// `effect` applied to this layer; a blur may grow it (`x`, `y` relative to its top-left).
    func applying(_ effect: ColorEffect, scale: Double) throws(VipsError) -> Layer {
        let image: VImage
        switch effect {
        case let .blur(radius, opaque): return try blurred(radius: radius, opaque: opaque, scale: scale)
        case .brightness(let amount): image = try brightness(amount)
        case .contrast(let amount): image = try contrast(amount)
        case .saturation(let amount): image = try saturation(amount)
        case .grayscale(let amount): image = try grayscale(amount)
        case .colorInvert: image = try colorInvert()
        case .hueRotation(let degrees): image = try hueRotation(degrees: degrees)
        case .colorMultiply(let color): image = try colorMultiply(color)
        case .sharpen(let sigma): image = try sharpened(sigma: sigma)
        }
        return Layer(image: image, x: 0, y: 0)
    }
}
