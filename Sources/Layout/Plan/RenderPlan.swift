/// The output of layout and the input of rendering: the canvas size and a back-to-front paint list,
/// with every rect already on the pixel grid. Nothing here needs to know SwiftUI's rules.
public struct RenderPlan: Sendable, Hashable {
    /// The root view's size in points, unrounded (what SwiftUI layout reports).
    public var rootSize: Size
    /// `ImageRenderer.scale`: pixels per point.
    public var scale: Double
    /// The bitmap size: root size rounded up to the pixel grid, times scale.
    public var canvas: PixelSize
    /// Everything to draw, in paint order (first is furthest back).
    public var operations: [PaintOperation]
    /// Every leaf, drawn or not (spacers, clear colours), in paint order: the plan's report.
    public var leaves: [LeafPlacement]
    /// Shadows and clips in tree order.
    public var effects: [EffectRecord]
    /// The rects of subtrees named with `id(_:)`, in tree order.
    public var identified: [IdentifiedRect]
    /// What each `logSizes(_:)` saw, in tree order.
    public var loggedSizes: [LoggedSizes] = []

    public init(
        rootSize: Size, scale: Double, canvas: PixelSize, operations: [PaintOperation], leaves: [LeafPlacement] = [],
        effects: [EffectRecord] = [], identified: [IdentifiedRect] = []
    ) {
        self.rootSize = rootSize
        self.scale = scale
        self.canvas = canvas
        self.operations = operations
        self.leaves = leaves
        self.effects = effects
        self.identified = identified
    }

    /// Every operation with effect groups opened up, in paint order.
    public var flatOperations: [PaintOperation] {
        operations.flatMap(\.flattened)
    }

    /// The image operations, in paint order.
    public var images: [ImagePaint] {
        flatOperations.compactMap { if case .image(let op) = $0 { op } else { nil } }
    }

    /// The colour and gradient fills, in paint order.
    public var fills: [FillPaint] {
        flatOperations.compactMap { if case .fill(let op) = $0 { op } else { nil } }
    }

    /// The borders, in paint order.
    public var borders: [BorderPaint] {
        flatOperations.compactMap { if case .border(let op) = $0 { op } else { nil } }
    }
}

/// One entry of the paint list.
public indirect enum PaintOperation: Sendable, Hashable {
    case image(ImagePaint)
    case fill(FillPaint)
    case border(BorderPaint)
    /// A shape leaf (`Circle().fill(…)`, `RoundedRectangle(…).strokeBorder(…)`).
    case shape(ShapePaint)
    /// A `Text` leaf.
    case text(TextPaint)
    /// An `Image(systemName:)` leaf.
    case symbol(SymbolPaint)
    /// Operations drawn together, then given a shadow or colour effect.
    case group(EffectGroup)

    /// This operation, or a group's operations (and its mask's) recursively.
    public var flattened: [PaintOperation] {
        if case .group(let group) = self { (group.operations + group.mask).flatMap(\.flattened) } else { [self] }
    }
}

/// Where a drawn view lands: its exact layout rect, the same rect on the pixel grid, and the part that
/// survives every enclosing `clipped()` and the canvas.
public struct Placement: Sendable, Hashable {
    /// Unrounded layout rect, points, root coordinates.
    public var rect: Rect
    /// `rect` rounded to the pixel grid, in points.
    public var roundedRect: Rect
    /// `roundedRect` in canvas pixels: resample to exactly this size and composite at its origin.
    public var pixelRect: PixelRect
    /// The part of `pixelRect` inside every clip and the canvas; `nil` when nothing is visible.
    public var visiblePixelRect: PixelRect?
    /// The innermost `clipped()` rect that applies (rounded, points), if any.
    public var clipRect: Rect?
    /// Every enclosing clip, outermost first, unrounded root coordinates; shapes other than
    /// rectangles come from `clipShape`/`cornerRadius`.
    public var clips: [ResolvedShape]
    /// The product of every enclosing `opacity` (views spec §7.2).
    public var opacity: Double

    public init(
        rect: Rect, roundedRect: Rect, pixelRect: PixelRect, visiblePixelRect: PixelRect?, clipRect: Rect?,
        clips: [ResolvedShape] = [], opacity: Double = 1
    ) {
        self.rect = rect
        self.roundedRect = roundedRect
        self.pixelRect = pixelRect
        self.visiblePixelRect = visiblePixelRect
        self.clipRect = clipRect
        self.clips = clips
        self.opacity = opacity
    }

    /// True when a renderer that knows only pixel-rect clips draws this placement exactly.
    public var isPlain: Bool {
        opacity == 1 && clips.allSatisfy { $0.outline == .rectangle }
    }
}

/// Draws one bitmap into its placement: stretched, tiled or 9-sliced.
public struct ImagePaint: Sendable, Hashable {
    public var ref: ImageRef
    public var metrics: ImageMetrics
    public var interpolation: Interpolation
    public var placement: Placement
    public var content: ImageContent
    /// The point a cropping frame centred (`ImageFocus`), in fractions of the image; `nil` when
    /// alignment placed it. Already in `placement`: reported, not drawn.
    public var focus: Point?

    public init(
        ref: ImageRef, metrics: ImageMetrics, interpolation: Interpolation, placement: Placement, content: ImageContent, focus: Point? = nil
    ) {
        self.ref = ref
        self.metrics = metrics
        self.interpolation = interpolation
        self.placement = placement
        self.content = content
        self.focus = focus
    }
}

/// How an image fills its rect.
public enum ImageContent: Sendable, Hashable {
    /// The whole image resampled to the rect (also non-resizable images, at their point size).
    case stretch
    /// Repeated at its natural size from the rect's top-left (spec §9.2).
    case tile(TileGrid)
    /// Cap insets: corners unscaled, edges and centre stretched or tiled (spec §9.3).
    case nineSlice(NineSlice)
}

/// Fills its placement with a colour or gradient (a `Color` or `LinearGradient` leaf).
public struct FillPaint: Sendable, Hashable {
    public var paint: Paint
    public var placement: Placement

    public init(paint: Paint, placement: Placement) {
        self.paint = paint
        self.placement = placement
    }
}

/// Paints the band between `placement.pixelRect` and `innerPixelRect` (`border(_:width:)`).
public struct BorderPaint: Sendable, Hashable {
    public var paint: Paint
    /// Band width in points.
    public var width: Double
    public var placement: Placement
    /// The view's bounds inset by `width`, on the pixel grid; `nil` when the band covers everything.
    public var innerPixelRect: PixelRect?

    public init(paint: Paint, width: Double, placement: Placement, innerPixelRect: PixelRect?) {
        self.paint = paint
        self.width = width
        self.placement = placement
        self.innerPixelRect = innerPixelRect
    }
}
