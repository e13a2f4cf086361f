import CCairo
import Layout
import Vips

extension Canvas {
    /// `layer` combined with `beneath` (the canvas pixels under it, the same size) by `mode`, as
    /// 8-bit sRGB with straight alpha: cairo's PDF blend operators, which are SwiftUI's (Core
    /// Graphics') modes, computed on sRGB-encoded values. The result replaces what was beneath.
    static func blended(_ layer: VImage, over beneath: VImage, mode: BlendMode, colorMode: ColorRenderingMode, deadline: Deadline)
        throws(VipsError) -> VImage
    {
        let top = try CairoImage(colorMode.eightBit(layer), deadline: deadline)
        let bottom = try CairoImage(colorMode.eightBit(beneath), deadline: deadline)
        return try CairoMask.drawColor(area: PixelRect(x: 0, y: 0, width: layer.width, height: layer.height)) { context in
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(context, bottom.surface, 0, 0)
            cairo_paint(context)
            cairo_set_operator(context, mode.cairoOperator)
            cairo_set_source_surface(context, top.surface, 0, 0)
            cairo_paint(context)
        }
    }
}

extension BlendMode {
    /// The cairo operator that composites this way (one for one; `normal` is "over").
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
