import Layout
import Vips

/// Draws `Text` leaves: Pango's lines, wrapped to the width layout gave the Text, placed from its
/// pixel rect's top-left at the plan's scale, antialiased into a coverage mask that libvips
/// colours (as shapes are, `ShapeRasterizer`). The model has no foreground style yet, so glyphs
/// are black: SwiftUI's primary colour in light mode (views spec §6.3).
enum TextLayers {
    /// The glyph colour until `foregroundStyle` reaches the model.
    static let primary = RGBAColor(red: 0, green: 0, blue: 0)

    /// The visible part of `paint`'s text; ink outside the Text's pixel rect is cut.
    static func text(_ paint: TextPaint, scale: Double) throws(RenderError) -> [Layer] {
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0 else { return [] }
        let layout = PangoTextLayout(paint.text, width: paint.placement.rect.width)
        do {
            let coverage = try layout.mask(in: paint.placement.pixelRect, scale: scale, metrics: layout.metrics, area: area)
            return [Layer(image: try VImage.colored(coverage, color: primary), x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
