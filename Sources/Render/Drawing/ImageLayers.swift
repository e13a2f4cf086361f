import CheckedConversion
import Layout
import Vips

/// Draws an image operation of the plan: resamples the source to the operation's pixel rect
/// (stretched, tiled or 9-sliced) and keeps only the visible part. In a linear `colorMode` the
/// source is converted to linear light before it is resampled, so the layer is float scRGB.
struct ImageLayers {
    let source: SourceImage
    let paint: ImagePaint
    /// `ImageRenderer.scale`.
    let scale: Double
    let limits: RenderLimits
    let deadline: Deadline
    /// `ImageRenderer.colorMode`: the space the source is resampled in.
    var colorMode: ColorRenderingMode = .nonLinear

    func layers() throws(RenderError) -> [Layer] {
        guard let visible = paint.placement.visiblePixelRect else { return [] }
        do {
            switch paint.content {
            case .stretch: return [try stretched(visible)]
            case .tile(let grid): return [try tiled(grid, visible)]
            case .nineSlice(let slice): return try nineSliced(slice, visible)
            }
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            // Only a failure of the source's own decode is its fault; anything else is ours.
            throw SourceImage.verdict(on: error, sources: [source], deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "image layer", message: "\(error)"))
        }
    }

    private func checkTiles(_ count: Int) throws(RenderError) {
        guard count <= limits.maxTiles else {
            throw .outputTooLarge("\(count) tiles of `\(source.name)`, the limit is \(limits.maxTiles)")
        }
    }

    private var rect: PixelRect { paint.placement.pixelRect }
    private var kernel: ResampleKernel { paint.interpolation.kernel }

    /// The whole image resampled to the rect; libvips computes only the visible area, and JPEG/WebP
    /// decode at a reduced size when the rect is much smaller than the source.
    private func stretched(_ visible: PixelRect) throws -> Layer {
        let part = visible.offset(from: rect)
        let reduction = source.loadReduction(for: rect, interpolation: paint.interpolation)
        let image = try colorMode.working(source.decode(reduction: reduction, deadline: deadline))
            .resampled(width: rect.width, height: rect.height, kernel: kernel)
            .cropped(x: part.x, y: part.y, width: part.width, height: part.height)
        return Layer(image: image, x: visible.x, y: visible.y)
    }

    /// Tiles of the image's point size from the rect's top-left; only the tiles under the visible
    /// area are generated, and the phase keeps them aligned to the rect.
    private func tiled(_ grid: TileGrid, _ visible: PixelRect) throws -> Layer {
        // A tile's side rounded as layout rounds a length from 0 (`PixelGrid.pixel`), never below one pixel.
        let pixels = PixelGrid(scale: scale)
        let tileWidth = max(1, pixels.pixel(grid.tileSize.width))
        let tileHeight = max(1, pixels.pixel(grid.tileSize.height))
        try limits.checkIntermediate(width: tileWidth, height: tileHeight, "a tile of `\(source.name)`")
        let part = visible.offset(from: rect)
        let phaseX = part.x % tileWidth
        let phaseY = part.y % tileHeight
        let across = (phaseX + part.width + tileWidth - 1) / tileWidth
        let down = (phaseY + part.height + tileHeight - 1) / tileHeight
        try checkTiles(across * down)
        // A second row of tiles reads the source from its top again, which a sequential loader
        // refuses ("out of order read"); more than one row needs random access, as the 9-slice does.
        let decoded = try source.decode(sequential: down == 1)
        let tile = try colorMode.working(decoded).resampled(width: tileWidth, height: tileHeight, kernel: kernel)
        let image = try tile.replicated(across: across, down: down)
            .cropped(x: phaseX, y: phaseY, width: part.width, height: part.height)
        return Layer(image: image, x: visible.x, y: visible.y)
    }

    /// The nine regions of a cap-inset image: corners resampled only by render scale ÷ image scale,
    /// edges stretched (or tiled) along their length, the centre in both axes (spec §9.3).
    private func nineSliced(_ slice: NineSlice, _ visible: PixelRect) throws -> [Layer] {
        let image = try colorMode.working(source.decode(sequential: false))
        let sourceColumns = slice.sourceColumnsPx.map { Int(saturating: $0.rounded()) }
        let sourceRows = slice.sourceRowsPx.map { Int(saturating: $0.rounded()) }
        let naturalScale = scale / source.metrics.scale
        var layers: [Layer] = []
        for row in 0..<3 {
            for column in 0..<3 {
                // Insets wider than the image put grid lines outside it; only the part inside is read.
                let grid = PixelRect(
                    x: sourceColumns[column], y: sourceRows[row],
                    width: sourceColumns[column + 1] - sourceColumns[column], height: sourceRows[row + 1] - sourceRows[row])
                let from =
                    grid.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
                    ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
                let to = PixelRect(
                    x: slice.destinationColumnsPx[column], y: slice.destinationRowsPx[row],
                    width: slice.destinationColumnsPx[column + 1] - slice.destinationColumnsPx[column],
                    height: slice.destinationRowsPx[row + 1] - slice.destinationRowsPx[row])
                guard !from.isEmpty, !to.isEmpty, let shown = to.intersection(visible) else { continue }
                // Tiled regions repeat at natural size along their stretchable axes only.
                let tileColumns = slice.mode == .tile && column == 1
                let tileRows = slice.mode == .tile && row == 1
                let width = tileColumns ? max(1, Int(saturating: (Double(from.width) * naturalScale).rounded())) : to.width
                let height = tileRows ? max(1, Int(saturating: (Double(from.height) * naturalScale).rounded())) : to.height
                try limits.checkIntermediate(width: width, height: height, "a 9-slice piece of `\(source.name)`")
                try checkTiles(((to.width + width - 1) / width) * ((to.height + height - 1) / height))
                let piece = try image.cropped(x: from.x, y: from.y, width: from.width, height: from.height)
                    .resampled(width: width, height: height, kernel: kernel)
                    .replicated(across: (to.width + width - 1) / width, down: (to.height + height - 1) / height)
                    .cropped(x: 0, y: 0, width: to.width, height: to.height)
                let part = shown.offset(from: to)
                let cut = try piece.cropped(x: part.x, y: part.y, width: part.width, height: part.height)
                layers.append(Layer(image: cut, x: shown.x, y: shown.y))
            }
        }
        return layers
    }
}
