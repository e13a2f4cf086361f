/// Turns recorded leaves into paint operations: rounds rects to the pixel grid, applies the clip
/// stack and the canvas, and works out tile grids and 9-slice lines.
struct PaintPlanner {
    let grid: PixelGrid
    let canvas: PixelSize

    /// Coordinates beyond this many pixels are rejected before any `Int` conversion could trap.
    static let maxPixelCoordinate = 1e12

    init(grid: PixelGrid, rootSize: Size, rounding: CanvasRounding = .up) {
        self.grid = grid
        self.canvas = Self.fitsInRange(rootSize, grid.scale) ? grid.canvas(for: rootSize, rounding: rounding) : PixelSize(width: 0, height: 0)
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

    /// The paint list for the recorded items, effect groups nested, and every leaf for the report.
    func operations(for items: [PaintRecorder.Item]) throws(LayoutError) -> (operations: [PaintOperation], leaves: [LeafPlacement]) {
        var stack: [(group: EffectGroup?, operations: [PaintOperation])] = [(nil, [])]
        var leaves: [LeafPlacement] = []
        for item in items {
            switch item {
            case let .beginGroup(effect, rect, context):
                stack.append((EffectGroup(effect: effect, rect: rect, operations: [], clips: context.clips), []))
            case .beginMask:
                // The content is complete; what follows draws the mask.
                let top = stack.count - 1
                let content = stack[top].operations
                stack[top].group?.operations = content
                stack[top].operations = []
            case .endGroup:
                var (group, operations) = stack.removeLast()
                if case .mask = group?.effect {
                    group?.mask = operations
                    operations = group?.operations ?? []
                }
                if var group, !operations.isEmpty {
                    group.operations = operations
                    stack[stack.count - 1].operations.append(.group(group))
                }
            default:
                let (operation, leaf) = try self.operation(for: item)
                if let operation { stack[stack.count - 1].operations.append(operation) }
                if let leaf { leaves.append(leaf) }
            }
        }
        return (stack[0].operations, leaves)
    }

    private func operation(for item: PaintRecorder.Item) throws(LayoutError) -> (PaintOperation?, LeafPlacement?) {
        switch item {
        case let .image(view, metrics, focus, rect, context):
            let placement = try placement(of: rect, context)
            let op = PaintOperation.image(
                ImagePaint(
                    ref: view.ref, metrics: metrics, interpolation: view.interpolation, placement: placement,
                    content: content(of: view, metrics: metrics, in: placement.roundedRect), focus: focus))
            return (op, leaf(.image, placement, context))
        case let .fill(paint, rect, context):
            let placement = try placement(of: rect, context)
            let kind: LeafPlacement.Kind =
                switch paint {
                case .color: .color
                case .linearGradient: .linearGradient
                case .radialGradient: .radialGradient
                case .ellipticalGradient: .ellipticalGradient
                case .angularGradient: .angularGradient
                }
            return (.fill(FillPaint(paint: paint, placement: placement)), leaf(kind, placement, context))
        case let .border(paint, width, rect, context):
            let inner = Rect(
                x: rect.x + width, y: rect.y + width, width: rect.width - 2 * width, height: rect.height - 2 * width)
            let innerPixels = inner.width > 0 && inner.height > 0 ? grid.pixelRect(inner) : nil
            let placement = try placement(of: rect, context)
            let op = PaintOperation.border(
                BorderPaint(
                    paint: paint, width: width, placement: placement,
                    innerPixelRect: innerPixels?.isEmpty == false ? innerPixels : nil))
            return (op, leaf(.border, placement, context))
        case let .shape(view, rect, context):
            let placement = try placement(of: rect, context)
            let path = ResolvedShape(view.kind, in: rect)
            let strokePath: ResolvedShape? =
                switch view.drawing {
                case .fill: nil
                case .stroke: path
                case .strokeBorder(let lineWidth): path.inset(by: lineWidth / 2)
                }
            let op = PaintOperation.shape(
                ShapePaint(
                    kind: view.kind, paint: view.paint, drawing: view.drawing, path: path, strokePath: strokePath,
                    placement: placement, lineStyle: view.lineStyle))
            var leaf = leaf(Self.kind(of: view.kind), placement, context)
            leaf.shape = path
            leaf.drawing = view.drawing
            leaf.isDrawn = !view.paint.isInvisible
            return (op, leaf)
        case let .text(view, proposal, rect, context):
            let placement = try placement(of: rect, context)
            return (.text(TextPaint(text: view, proposal: proposal, placement: placement)), leaf(.text, placement, context))
        case let .symbol(view, rect, context):
            let placement = try placement(of: rect, context)
            return (.symbol(SymbolPaint(symbol: view, placement: placement)), leaf(.symbol, placement, context))
        case let .hidden(hidden, rect, context):
            let placement = try placement(of: rect, context)
            var leaf = leaf(hidden == .spacer ? .spacer : .color, placement, context)
            leaf.isDrawn = false
            return (nil, leaf)
        case .beginGroup, .beginMask, .endGroup:
            return (nil, nil)
        }
    }

    private static func kind(of shape: ShapeKind) -> LeafPlacement.Kind {
        switch shape {
        case .rectangle: .rectangle
        case .roundedRectangle: .roundedRectangle
        case .circle: .circle
        case .ellipse: .ellipse
        case .capsule: .capsule
        }
    }

    private func leaf(_ kind: LeafPlacement.Kind, _ placement: Placement, _ context: PaintRecorder.Context) -> LeafPlacement {
        let offset = context.offset
        let layoutRect = Rect(
            x: placement.rect.x - offset.x, y: placement.rect.y - offset.y,
            width: placement.rect.width, height: placement.rect.height)
        return LeafPlacement(
            kind: kind, id: context.id, rect: placement.rect, layoutRect: layoutRect, pixelRect: placement.pixelRect,
            opacity: context.opacity, isDrawn: true)
    }

    private func placement(of rect: Rect, _ context: PaintRecorder.Context) throws(LayoutError) -> Placement {
        try checkRange(rect)
        let pixels = grid.pixelRect(rect)
        var visible = pixels.intersection(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        for clip in context.clips {
            try checkRange(clip.rect)
            visible = visible?.intersection(grid.pixelRect(clip.rect))
        }
        let lastRect = context.clips.last { $0.outline == .rectangle }
        return Placement(
            rect: rect, roundedRect: grid.points(pixels), pixelRect: pixels, visiblePixelRect: visible,
            clipRect: lastRect.map { grid.points(grid.pixelRect($0.rect)) }, clips: context.clips,
            opacity: context.opacity)
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
