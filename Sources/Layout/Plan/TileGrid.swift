import CheckedConversion

/// A run of whole tiles from an origin, the last one cut (spec §9.2), along one axis.
public struct TileRun: Sendable, Hashable {
    /// Number of tiles, the last possibly partial.
    public var count: Int
    /// Length of the last tile in points (equal to the tile length when it is whole).
    public var lastLength: Double

    /// Tiles of `tile` points covering `length` points.
    init(length: Double, tile: Double) {
        guard length > 0 else {
            self.count = 0
            self.lastLength = 0
            return
        }
        guard tile > 0, tile.isFinite else {
            // A degenerate span cannot repeat: one piece covers the run.
            self.count = 1
            self.lastLength = length
            return
        }
        // Rounded rects sit on the pixel grid; the tolerance keeps 68.0000000001/34 at 2 tiles.
        let count = max(1, Int(saturating: (length / tile - 1e-9).rounded(.up)))
        self.count = count
        self.lastLength = length - Double(count - 1) * tile
    }
}

/// The tile layout of a `.tile` image without cap insets: tiles of the image's point size from the
/// rect's top-left; partial tiles at the right and bottom are cut, not scaled.
public struct TileGrid: Sendable, Hashable {
    /// Top-left of the first tile, points (the rounded image rect's origin).
    public var origin: Point
    /// One tile, in points: the image's point size.
    public var tileSize: Size
    public var columns: TileRun
    public var rows: TileRun

    init(rect: Rect, tileSize: Size) {
        self.origin = rect.origin
        self.tileSize = tileSize
        self.columns = TileRun(length: rect.width, tile: tileSize.width)
        self.rows = TileRun(length: rect.height, tile: tileSize.height)
    }
}

/// A 9-slice image: destination and source grid lines plus, in tile mode, the tile runs of the
/// edges and the centre (spec §9.3). Corners are drawn at their natural size.
public struct NineSlice: Sendable, Hashable {
    public var mode: ResizingMode
    /// Destination column lines `[x, x+leading, maxX−trailing, maxX]`, points, root coordinates.
    public var destinationColumns: [Double]
    /// Destination row lines `[y, y+top, maxY−bottom, maxY]`, points.
    public var destinationRows: [Double]
    /// The destination lines on the canvas pixel grid.
    public var destinationColumnsPx: [Int]
    public var destinationRowsPx: [Int]
    /// Source column lines `[0, leading·s, W−trailing·s, W]` in source pixels (s = image scale).
    public var sourceColumnsPx: [Double]
    /// Source row lines `[0, top·s, H−bottom·s, H]`.
    public var sourceRowsPx: [Double]
    /// In tile mode, the repeated source span of the centre in points, and the runs that cover the
    /// middle column and row; `nil` in stretch mode.
    public var tiles: Tiles?

    /// Tile runs of the middle span, shared by the centre and the edges.
    public struct Tiles: Sendable, Hashable {
        public var tileSize: Size
        public var columns: TileRun
        public var rows: TileRun
    }
}
