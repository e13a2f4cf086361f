import CCairo
import CheckedConversion
import Layout
import Vips

/// Draws `Text` leaves: Pango's lines, laid out again for the proposal the Text was measured with
/// (so they wrap and truncate exactly as measured), placed from the pixel
/// rect's top-left at the plan's scale, antialiased, each run in its own `foregroundStyle` (black by
/// default: SwiftUI's primary colour in light mode, views spec §6.3) and emoji in their colours.
enum TextLayers {
    /// The visible part of `paint`'s text; ink outside the Text's pixel rect is cut.
    static func text(_ paint: TextPaint, scale: Double) throws(RenderError) -> [Layer] {
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0 else { return [] }
        let pixels = paint.placement.pixelRect
        let layout = TextLayoutCache.layout(paint.text, proposal: paint.proposal)
        do {
            let image = try CairoMask.drawColor(area: area) { cairo in
                cairo_translate(cairo, Double(pixels.x - area.x), Double(pixels.y - area.y))
                cairo_scale(cairo, scale, scale)
                layout.draw(into: cairo, pixelsPerPoint: scale)
            }
            return [Layer(image: image, x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
