import Layout
import Vips

/// Draws `Image(systemName:)` leaves: the icon's coverage over the visible part of the leaf's pixel
/// rect, coloured in the symbol's `foregroundStyle` (black by default, views spec §8.2).
enum SymbolLayers {
    /// The visible part of `paint`'s glyph, drawn from `svg` (the icon `SymbolLibrary` resolved).
    static func symbol(_ paint: SymbolPaint, svg: [UInt8]) throws(RenderError) -> [Layer] {
        let rect = paint.placement.pixelRect
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0, rect.width > 0, rect.height > 0 else {
            return []
        }
        do {
            let coverage = try SymbolRasterizer.mask(svg, in: Rect(rect), stretched: paint.symbol.isResizable, area: area)
            return [Layer(image: try VImage.colored(coverage, color: paint.symbol.resolvedColor), x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
