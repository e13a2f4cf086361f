import CCairo
import CheckedConversion
import Layout
import Vips

/// Draws `Text` leaves: Pango's lines, laid out again for the proposal the Text was measured with
/// (so they wrap and truncate exactly as measured), placed from the pixel
/// rect's top-left at the plan's scale, antialiased, each run in its own `foregroundStyle` (black by
/// default: SwiftUI's primary colour in light mode, views spec §6.3) and emoji in their colours.
enum TextLayers {
    /// Bytes cairo may hold for the glyph images of `text` drawn at `scale` pixels per point, counted
    /// in the render budget (`RenderBudget`): each distinct character rasterised once at its size in
    /// pixels, over the square of its em (glyphs can reach past their advance, and cairo keeps a
    /// scaled copy of a bitmap face's strike beside the glyph): 8 bytes a pixel for colour emoji
    /// (BGRA, twice), 2 for outline glyphs (an 8-bit mask, twice). Measured: one 8000-point emoji
    /// grew the process by 450–530 MiB, about 8 bytes a pixel of its em square; cairo keeps glyph
    /// images after the render, so what is never drawn is what never stays.
    static func glyphBytes(_ text: TextView, scale: Double) -> Int {
        var total = 0.0
        for run in text.runs {
            let em = run.attributes.resolvedFont.pointSize * scale
            var seen = Set<Unicode.Scalar>()
            for scalar in run.string.unicodeScalars where seen.insert(scalar).inserted {
                total += (scalar.properties.isEmojiPresentation ? 8 : 2) * em * em
            }
        }
        return Int(saturating: total)
    }

    /// The visible part of `paint`'s text; ink outside the Text's pixel rect is cut.
    static func text(_ paint: TextPaint, scale: Double) throws(RenderError) -> [Layer] {
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0 else { return [] }
        let pixels = paint.placement.pixelRect
        let layout = PangoTextLayout(paint.text, proposal: paint.proposal)
        do {
            let image = try CairoMask.drawColor(area: area) { cairo in
                cairo_translate(cairo, Double(pixels.x - area.x), Double(pixels.y - area.y))
                cairo_scale(cairo, scale, scale)
                layout.draw(into: cairo)
            }
            return [Layer(image: image, x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
