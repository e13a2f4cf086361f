/// Draws a shape leaf: `path` filled, or stroked with `lineWidth` along `strokePath`.
public struct ShapePaint: Sendable, Hashable {
    public var kind: ShapeKind
    public var paint: Paint
    public var drawing: ShapeDrawing
    /// The shape's own outline in its drawn rect.
    public var path: ResolvedShape
    /// The line's centre for strokes: `path`, or `path` inset by half the line for `strokeBorder`.
    public var strokePath: ResolvedShape?
    public var placement: Placement
    /// Caps, joins and dashes of a stroke.
    public var lineStyle: StrokeLineStyle

    public init(
        kind: ShapeKind, paint: Paint, drawing: ShapeDrawing, path: ResolvedShape, strokePath: ResolvedShape?, placement: Placement,
        lineStyle: StrokeLineStyle = StrokeLineStyle()
    ) {
        self.kind = kind
        self.paint = paint
        self.drawing = drawing
        self.path = path
        self.strokePath = strokePath
        self.placement = placement
        self.lineStyle = lineStyle
    }
}

/// Draws a `Text` leaf into its placement, laid out for the proposal its size answered (so lines
/// break and truncate exactly as when it was measured).
public struct TextPaint: Sendable, Hashable {
    public var text: TextView
    public var proposal: ProposedSize
    public var placement: Placement

    public init(text: TextView, proposal: ProposedSize, placement: Placement) {
        self.text = text
        self.proposal = proposal
        self.placement = placement
    }
}

/// Operations drawn as one layer, then given `effect`: a shadow under the layer, or a colour
/// filter over it. `rect` is the drawn rect of the view the modifier is on.
public struct EffectGroup: Sendable, Hashable {
    public var effect: GroupEffect
    public var rect: Rect
    public var operations: [PaintOperation]
    /// The clips enclosing the modifier, outermost first: they cut the group's result, shadow
    /// included. Every operation inside starts its own `placement.clips` with these.
    public var clips: [ResolvedShape]
    /// What a `.mask` group is seen through: the mask view's operations, in paint order.
    public var mask: [PaintOperation]

    public init(effect: GroupEffect, rect: Rect, operations: [PaintOperation], clips: [ResolvedShape] = [], mask: [PaintOperation] = []) {
        self.effect = effect
        self.rect = rect
        self.operations = operations
        self.clips = clips
        self.mask = mask
    }
}

/// One leaf as laid out, drawn or not: what `imgframe plan` reports under `leaves[]`.
public struct LeafPlacement: Sendable, Hashable {
    /// What the leaf is.
    public enum Kind: String, Sendable, Hashable {
        case image, color, linearGradient = "linear_gradient", radialGradient = "radial_gradient"
        case ellipticalGradient = "elliptical_gradient", angularGradient = "angular_gradient", border
        case rectangle, roundedRectangle, circle, ellipse, capsule
        case text, symbol, spacer
    }

    public var kind: Kind
    /// The innermost enclosing `id(_:)`, if any.
    public var id: String?
    /// The drawn rect (after offsets), unrounded.
    public var rect: Rect
    /// The rect layout gave it, before offsets.
    public var layoutRect: Rect
    /// `rect` on the pixel grid.
    public var pixelRect: PixelRect
    /// The product of every enclosing opacity.
    public var opacity: Double
    /// False for spacers and `Color.clear`, which take space but put nothing on the canvas.
    public var isDrawn: Bool
    /// The outline of a shape leaf.
    public var shape: ResolvedShape?
    /// How a shape leaf is drawn.
    public var drawing: ShapeDrawing?

    public init(
        kind: Kind, id: String?, rect: Rect, layoutRect: Rect, pixelRect: PixelRect, opacity: Double, isDrawn: Bool,
        shape: ResolvedShape? = nil, drawing: ShapeDrawing? = nil
    ) {
        self.kind = kind
        self.id = id
        self.rect = rect
        self.layoutRect = layoutRect
        self.pixelRect = pixelRect
        self.opacity = opacity
        self.isDrawn = isDrawn
        self.shape = shape
        self.drawing = drawing
    }
}
