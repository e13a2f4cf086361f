/// Turns recorded leaves into paint operations: rounds rects to the pixel grid, applies the clip
/// stack and the canvas, and works out tile grids and 9-slice lines.
struct PaintPlanner {
    let grid: PixelGrid
    let canvas: PixelSize

    /// Coordinates beyond this many pixels are rejected before any `Int` conversion could trap.
    static let maxPixelCoordinate = 1e12

    init(grid: PixelGrid, rootSize: Size) {
        self.grid = grid
        self.canvas = Self.fitsInRange(rootSize, grid.scale) ? grid.canvas(for: rootSize) : PixelSize(width: 0, height: 0)
    }

    private static func fitsInRange(_ size: Size, _ scale: Double) -> Bool {
        size.isFinite && abs(size.width * scale) < maxPixelCoordinate && abs(size.height * scale) < maxPixelCoordinate
    }

    func checkRange(_ rect: Rect) throws(LayoutError) {
        let limit = Self.maxPixelCoordinate / grid.scale
        guard rect.isFinite, [rect.x, rect.y, rect.maxX, rect.maxY].allSatisfy({ abs($0) < limit }) else {
            throw .contentOutOfRange(rect)
        }
    }

    func operation(for item: PaintRecorder.Item) throws(LayoutError) -> PaintOperation {
        switch item {
        case let .image(view, metrics, rect, clips):
            let placement = try placement(of: rect, clips: clips)
            return .image(ImagePaint(
                ref: view.ref, metrics: metrics, interpolation: view.interpolation, placement: placement,
                content: content(of: view, metrics: metrics, in: placement.roundedRect)))
        case let .fill(paint, rect, clips):
            return .fill(FillPaint(paint: paint, placement: try placement(of: rect, clips: clips)))
        case let .border(paint, width, rect, clips):
            let inner = Rect(
                x: rect.x + width, y: rect.y + width, width: rect.width - 2 * width, height: rect.height - 2 * width)
            let innerPixels = inner.width > 0 && inner.height > 0 ? grid.pixelRect(inner) : nil
            return .border(BorderPaint(
                paint: paint, width: width, placement: try placement(of: rect, clips: clips),
                innerPixelRect: innerPixels?.isEmpty == false ? innerPixels : nil))
        }
    }

    private func placement(of rect: Rect, clips: [Rect]) throws(LayoutError) -> Placement {
        try checkRange(rect)
        let pixels = grid.pixelRect(rect)
        var visible = pixels.intersection(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        for clip in clips {
            try checkRange(clip)
            visible = visible?.intersection(grid.pixelRect(clip))
        }
        return Placement(
            rect: rect, roundedRect: grid.points(pixels), pixelRect: pixels, visiblePixelRect: visible,
            clipRect: clips.last.map { grid.points(grid.pixelRect($0)) })
    }

    private func content(of view: ImageView, metrics: ImageMetrics, in rect: Rect) -> ImageContent {
        guard let resizing = view.resizing else { return .stretch }
        let tiles = resizing.mode == .tile && Self.tilesWhenStretched(metrics.pointSize, resizing.capInsets, to: rect.size)
        if !resizing.capInsets.isZero {
            return .nineSlice(nineSlice(metrics: metrics, caps: resizing.capInsets, in: rect, tiled: tiles))
        }
        return tiles ? .tile(TileGrid(rect: rect, tileSize: metrics.pointSize)) : .stretch
    }

    /// CoreAnimation tiles only if some axis has a stretchable span > 1 pt and a size other than the
    /// image's own; otherwise a `.tile` image is stretched (spec §9.2, `isTiledWhenStretchedToSize`).
    static func tilesWhenStretched(_ pointSize: Size, _ caps: EdgeInsets, to size: Size) -> Bool {
        (pointSize.width - caps.horizontal > 1 && pointSize.width != size.width)
            || (pointSize.height - caps.vertical > 1 && pointSize.height != size.height)
    }

    private func nineSlice(metrics: ImageMetrics, caps: EdgeInsets, in rect: Rect, tiled: Bool) -> NineSlice {
        let s = metrics.scale
        let source = metrics.orientedPixelSize
        let columns = [rect.x, rect.x + caps.leading, rect.maxX - caps.trailing, rect.maxX]
        let rows = [rect.y, rect.y + caps.top, rect.maxY - caps.bottom, rect.maxY]
        var tiles: NineSlice.Tiles?
        if tiled {
            let span = Size(
                width: metrics.pointSize.width - caps.horizontal, height: metrics.pointSize.height - caps.vertical)
            tiles = NineSlice.Tiles(
                tileSize: span,
                columns: TileRun(length: columns[2] - columns[1], tile: span.width),
                rows: TileRun(length: rows[2] - rows[1], tile: span.height))
        }
        return NineSlice(
            mode: tiled ? .tile : .stretch,
            destinationColumns: columns, destinationRows: rows,
            destinationColumnsPx: columns.map(grid.pixel), destinationRowsPx: rows.map(grid.pixel),
            sourceColumnsPx: [0, caps.leading * s, source.width - caps.trailing * s, source.width],
            sourceRowsPx: [0, caps.top * s, source.height - caps.bottom * s, source.height],
            tiles: tiles)
    }
}
