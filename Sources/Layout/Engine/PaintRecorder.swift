/// Collects what the leaves draw, in paint order, with the drawing state in force for each: clips,
/// opacity, offset and the nearest `id` (views spec §10.2). Effect groups bracket their subtree's items.
final class PaintRecorder {
    /// The drawing state accumulated on the way down the tree.
    struct Context {
        /// Every enclosing clip in root (drawn) coordinates, outermost first.
        var clips: [ResolvedShape] = []
        /// The product of every enclosing `opacity`.
        var opacity = 1.0
        /// The sum of every enclosing `offset`: drawn rect − layout rect.
        var offset = Point.zero
        /// The innermost enclosing `id`, if any.
        var id: String?
    }

    /// A non-drawn leaf that still takes space and is reported.
    enum HiddenLeaf {
        case spacer
        case clearColor
    }

    /// One recorded thing with its unrounded drawn rect (root coordinates).
    enum Item {
        /// An image, with its resolved focus in fractions (`ImageFocus`), if it has one.
        case image(ImageView, ImageMetrics, Point?, Rect, Context)
        case fill(Paint, Rect, Context)
        case border(Paint, width: Double, Rect, Context)
        case shape(ShapeView, Rect, Context)
        /// A Text, the proposal its size answered, and its rect.
        case text(TextView, ProposedSize, Rect, Context)
        case symbol(SymbolView, Rect, Context)
        case hidden(HiddenLeaf, Rect, Context)
        /// Starts a group: the items up to the matching `endGroup` are drawn together, then `effect`
        /// applies; the context holds the clips around the group.
        case beginGroup(GroupEffect, Rect, Context)
        /// Inside a `.mask` group: the items from here to `endGroup` draw the mask.
        case beginMask
        case endGroup
    }

    private(set) var items: [Item] = []
    /// Shadows and clips in tree order.
    private(set) var effects: [EffectRecord] = []
    /// Rects of the `id`-named subtrees, in tree order.
    private(set) var identified: [IdentifiedRect] = []
    private(set) var loggedSizes: [LoggedSizes] = []
    private(set) var context = Context()

    func recordImage(_ view: ImageView, _ metrics: ImageMetrics, focus: Point?, in rect: Rect) {
        items.append(.image(view, metrics, focus, rect, context))
    }

    func recordFill(_ paint: Paint, in rect: Rect) {
        items.append(paint.isInvisible ? .hidden(.clearColor, rect, context) : .fill(paint, rect, context))
    }

    func recordBorder(_ paint: Paint, width: Double, in rect: Rect) {
        items.append(.border(paint, width: width, rect, context))
    }

    func recordShape(_ view: ShapeView, in rect: Rect) {
        items.append(.shape(view, rect, context))
    }

    func recordText(_ view: TextView, proposal: ProposedSize, in rect: Rect) {
        items.append(.text(view, proposal, rect, context))
    }

    func recordSymbol(_ view: SymbolView, in rect: Rect) {
        items.append(.symbol(view, rect, context))
    }

    func recordHidden(_ leaf: HiddenLeaf, in rect: Rect) {
        items.append(.hidden(leaf, rect, context))
    }

    /// Runs `body` with `clip` added to the clip stack: a clip cuts only its own subtree.
    func withClip(_ clip: ResolvedShape, viewRect: Rect, _ body: () -> Void) {
        effects.append(.clip(viewRect: viewRect, shape: clip))
        let saved = context
        context.clips.append(clip)
        body()
        context = saved
    }

    /// Runs `body` with the opacity multiplied by `factor`.
    func withOpacity(_ factor: Double, _ body: () -> Void) {
        let saved = context
        context.opacity *= factor
        body()
        context = saved
    }

    /// Runs `body` with `delta` added to the accumulated offset; the caller moves the origin.
    func withOffset(_ delta: Point, _ body: () -> Void) {
        let saved = context
        context.offset = context.offset + delta
        body()
        context = saved
    }

    /// Runs `body` under the name `id` and records the subtree's rect.
    /// Notes what a `logSizes(_:)` saw.
    func logSizes(_ label: String, proposal: ProposedSize, size: Size) {
        loggedSizes.append(LoggedSizes(label: label, proposal: proposal, size: size))
    }

    func withID(_ id: String, rect: Rect, _ body: () -> Void) {
        identified.append(IdentifiedRect(id: id, rect: rect))
        let saved = context
        context.id = id
        body()
        context = saved
    }

    /// Runs `body` inside an effect group over a view drawn in `rect`.
    func withGroup(_ effect: GroupEffect, rect: Rect, _ body: () -> Void) {
        if case .shadow(let shadow) = effect { effects.append(.shadow(shadow, viewRect: rect)) }
        items.append(.beginGroup(effect, rect, context))
        let saved = context
        // A transform's subtree is drawn unmapped and then mapped; the clips around it cut the
        // mapped result (the group's own), never the content before it turns.
        if case .transform = effect { context.clips = [] }
        body()
        context = saved
        items.append(.endGroup)
    }

    /// Runs `content` inside a mask group over a view drawn in `rect`, then `mask`, the view whose
    /// alpha the content is seen through.
    func withMask(rect: Rect, _ content: () -> Void, mask: () -> Void) {
        items.append(.beginGroup(.mask, rect, context))
        content()
        items.append(.beginMask)
        mask()
        items.append(.endGroup)
    }
}
