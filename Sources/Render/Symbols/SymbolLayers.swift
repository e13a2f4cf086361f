import Layout
import Vips

/// Draws `Image(systemName:)` leaves: the icon's coverage over the visible part of the leaf's pixel
/// rect, coloured in the symbol's `foregroundStyle` (black by default, views spec §8.2).
enum SymbolLayers {
    /// What a symbol's pixels depend on: the icon, its pixel size, the part shown and its colour.
    private struct RasterKey: Hashable, Sendable {
        let svg: [UInt8]
        let width: Int, height: Int
        let shown: PixelRect
        let stretched: Bool
        let color: RGBAColor
    }

    /// Symbols drawn once per icon, size and colour, and reused: a view's logo is the same on every card.
    private static let rasters = RasterMemo<RasterKey, VImage>(capacity: 16 << 20) { $0.width * $0.height * 4 }

    /// The visible part of `paint`'s glyph, drawn from `svg` (the icon `SymbolLibrary` resolved).
    static func symbol(_ paint: SymbolPaint, svg: [UInt8]) throws(RenderError) -> [Layer] {
        let rect = paint.placement.pixelRect
        guard let area = paint.placement.visiblePixelRect, area.width > 0, area.height > 0, rect.width > 0, rect.height > 0 else {
            return []
        }
        do {
            let key = RasterKey(
                svg: svg, width: rect.width, height: rect.height, shown: area.offset(from: rect), stretched: paint.symbol.isResizable,
                color: paint.symbol.resolvedColor)
            let image = try rasters.value(for: key) { () throws(VipsError) in
                let coverage = try SymbolRasterizer.mask(svg, in: Rect(rect), stretched: paint.symbol.isResizable, area: area)
                return try VImage.colored(coverage, color: paint.symbol.resolvedColor).materialized()
            }
            return [Layer(image: try image.sharedCopy(), x: area.x, y: area.y)]
        } catch {
            throw .internalFailure(error)
        }
    }
}
