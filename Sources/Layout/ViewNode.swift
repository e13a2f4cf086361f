/// Which bitmap an `Image` leaf shows: the request's own source (the URL path, or `--size` in
/// `imgframe plan`) or another named source under the same root.
/// Names are compared by their bytes (`ByteKey`): `Image("café")` in NFC and in NFD are two files.
public enum ImageRef: Sendable, Hashable {
    case primary
    case named(String)

    public static func == (lhs: ImageRef, rhs: ImageRef) -> Bool {
        switch (lhs, rhs) {
        case (.primary, .primary): true
        case (.named(let left), .named(let right)): ByteKey(left) == ByteKey(right)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .primary: hasher.combine(0)
        case .named(let name): hasher.combine(ByteKey(name))
        }
    }
}

/// An `Image` leaf with its image-only modifiers folded in (`resizable`, `interpolation`): in SwiftUI
/// these return a new `Image`, so the last call wins.
public struct ImageView: Sendable, Hashable {
    public var ref: ImageRef
    /// `nil` for a non-resizable image, which always reports its point size.
    public var resizing: Resizing?
    public var interpolation: Interpolation
    /// What a cropping frame keeps in view (`.focus(…)`); `nil`: the frame's alignment decides.
    public var focus: ImageFocus?
    /// Borders cut off before layout (`.trim(…)`); every leaf showing the same image trims it alike.
    public var trim: ImageTrim?
    /// A window cut out before layout (`.crop(…)`); every leaf showing the same image crops it alike.
    public var crop: ImageCrop?
    /// Whether a resizable image may grow past its own size (`.enlarging(false)`, `enlarge=0`: ours;
    /// SwiftUI always lets it): when false, each axis takes the proposal up to the image's point size.
    public var enlarges: Bool

    public init(
        ref: ImageRef, resizing: Resizing? = nil, interpolation: Interpolation = .low, focus: ImageFocus? = nil, trim: ImageTrim? = nil,
        enlarges: Bool = true, crop: ImageCrop? = nil
    ) {
        self.ref = ref
        self.resizing = resizing
        self.interpolation = interpolation
        self.focus = focus
        self.trim = trim
        self.enlarges = enlarges
        self.crop = crop
    }
}

/// A view tree in the subset of SwiftUI the service understands. Each modifier case wraps the view
/// it modifies, exactly as Swift modifier chains nest. This is the value the URL parser produces and
/// the layout engine consumes.
public indirect enum ViewNode: Sendable, Hashable {
    /// `Image(...)`, possibly resizable.
    case image(ImageView)
    /// A shape leaf filled with a colour or gradient (`Color.red`, `Color.clear`, `LinearGradient`).
    case shape(Paint)
    /// `aspectRatio(ratio, contentMode:)`; `ratio == nil` uses the child's ideal size.
    case aspectRatio(ViewNode, ratio: Double?, contentMode: ContentMode)
    /// `frame(width:height:alignment:)`.
    case frame(ViewNode, width: Double?, height: Double?, alignment: Alignment)
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, normalised.
    case flexFrame(ViewNode, FlexFrame)
    /// `overlay(alignment:) { content }`: drawn in front, proposed the host's size.
    case overlay(ViewNode, content: ViewNode, alignment: Alignment)
    /// `background(alignment:) { content }`: drawn behind, proposed the host's size.
    case background(ViewNode, content: ViewNode, alignment: Alignment)
    /// `mask(alignment:_:)`: the view drawn through the alpha of `mask`, which is laid out as an
    /// overlay (proposed the view's size, aligned in its bounds) and not drawn itself.
    case mask(ViewNode, mask: ViewNode, alignment: Alignment)
    /// `border(paint, width:)`: a band of `width` points inside the view's bounds.
    case border(ViewNode, paint: Paint, width: Double)
    /// `clipped(antialiased:)`: cuts everything the wrapped subtree draws to its bounds.
    case clipped(ViewNode, antialiased: Bool)

    // View trees (views spec): containers, separators, shapes, text and render-only effects.

    /// `HStack(alignment:spacing:) { children }`; `spacing: nil` picks a distance per pair (§1.4).
    case hStack(alignment: VerticalAlignment, spacing: Double?, children: [ViewNode])
    /// `VStack(alignment:spacing:) { children }`.
    case vStack(alignment: HorizontalAlignment, spacing: Double?, children: [ViewNode])
    /// `ZStack(alignment:) { children }`: children drawn back to front, the first furthest back.
    case zStack(alignment: Alignment, children: [ViewNode])
    /// `Spacer(minLength:)`; `nil` uses the default spacing, 8 pt.
    case spacer(minLength: Double?)
    /// `Divider()`: a 1-pt separator line across its stack's minor axis (horizontal outside a stack).
    case divider
    /// `Rectangle()`, `RoundedRectangle(…)`, `Circle()`, `Ellipse()`, `Capsule()` with fill or stroke.
    case shapeView(ShapeView)
    /// `Text(…)`: laid out through a `TextMeasuring` the renderer supplies.
    case text(TextView)
    /// `Image(systemName:)`: a vector glyph the renderer maps to an icon it ships (views spec §8).
    case symbol(SymbolView)
    /// `padding(_:)` with the insets resolved (the default length, 16, is filled in by the builder).
    case padding(ViewNode, EdgeInsets)
    /// `layoutPriority(_:)`: the priority a parent stack sees (§1.3).
    case layoutPriority(ViewNode, Double)
    /// `fixedSize(horizontal:vertical:)`: proposes `nil` on the fixed axes.
    case fixedSize(ViewNode, horizontal: Bool, vertical: Bool)
    /// `alignmentGuide(_:computeValue:)`.
    case alignmentGuide(ViewNode, AlignmentGuide)
    /// A render-only modifier: offset, opacity, shadow, clip shape, colour filter (§7).
    case effect(ViewNode, ViewEffect)
    /// `ignoresSafeArea()`: a layout no-op under `ImageRenderer`, whose safe area is empty (§7.5).
    case ignoresSafeArea(ViewNode)
    /// `background(_ style:)`: the style fills the view's own bounds, behind it (§7.6).
    case backgroundStyle(ViewNode, Paint)
    /// `id(_:)`: names a subtree; layout ignores it, the plan reports the named rects and leaves.
    case id(ViewNode, String)
    /// `logSizes(_:)` (a debugging modifier of the article on chaining aspect ratios): draws
    /// nothing; the plan reports, under its label, the size proposed to the view and the size it chose.
    case logSizes(ViewNode, String)
    /// `Button(action:label:)`: laid out and drawn as its `body` (the label in its style).
    case button(ButtonView)
    /// `TextField(_:text:)`: laid out and drawn as its `body` (the text or prompt in its style).
    case textField(TextFieldView)
    /// `Label(_:systemImage:)`, `Label { title } icon: { icon }`: laid out and drawn as its `body`.
    case label(LabelView)
    /// `Grid(alignment:horizontalSpacing:verticalSpacing:) { GridRow { … } … }`.
    case grid(GridView)
}

extension ImageRef {
    /// The source name this reference stands for; the primary image is the request's own `source`.
    public func name(primary source: String) -> String {
        switch self {
        case .primary: source
        case .named(let name): name
        }
    }
}

extension ViewNode {
    /// Every image the tree shows.
    public var imageRefs: Set<ImageRef> {
        if case .image(let image) = self { return [image.ref] }
        return subviews.reduce(into: Set<ImageRef>()) { $0.formUnion($1.imageRefs) }
    }
}
