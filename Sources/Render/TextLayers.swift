import Layout
import Vips

/// Draws `Text` leaves: Pango's lines, wrapped to the width layout gave the Text, placed from its
/// pixel rect's top-left at the plan's scale, antialiased into a coverage mask that libvips
/// colours (as shapes are, `ShapeRasterizer`) in the Text's `foregroundStyle` (black by default:
/// SwiftUI's primary colour in light mode, views spec §6.3).
enum TextLayers {
    /// The visible part of `paint`'s text; ink outside the Text's pixel rect is cut.
    static func text(_ paint: TextPaint, scale: Double) throws(RenderError) -> [Layer] {
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0 else { return [] }
        let layout = PangoTextLayout(paint.text, width: paint.placement.rect.width)
        do {
            let coverage = try layout.mask(in: paint.placement.pixelRect, scale: scale, metrics: layout.metrics, area: area)
            return [Layer(image: try VImage.colored(coverage, color: paint.text.color), x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
