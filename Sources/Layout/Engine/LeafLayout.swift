/// `Image`: non-resizable images report their point size; resizable ones take the proposal, with
/// `nil` meaning the point size and the cap insets as a minimum (spec §2.2–2.3).
final class ImageLayout: LayoutNode {
    let view: ImageView
    let metrics: ImageMetrics
    /// Looks at the pixels for `ImageFocus.content`; without one, such a focus is no opinion.
    let focusFinder: (any FocusFinding)?
    /// The focus last given to a container, in fractions: the plan reports it with the image.
    private var resolvedFocus: Point?

    init(view: ImageView, metrics: ImageMetrics, focusFinder: (any FocusFinding)? = nil) {
        self.view = view
        self.metrics = metrics
        self.focusFinder = focusFinder
    }

    func size(for proposal: ProposedSize) -> Size {
        let pointSize = metrics.pointSize
        guard let resizing = view.resizing else { return pointSize }
        // `.enlarging(false)`: no larger than the image itself (but never below its cap insets).
        let most = view.enlarges ? Size(width: .infinity, height: .infinity) : pointSize
        return Size(
            width: proposal.width.map { max(min($0, most.width), resizing.capInsets.horizontal) } ?? pointSize.width,
            height: proposal.height.map { max(min($0, most.height), resizing.capInsets.vertical) } ?? pointSize.height
        )
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordImage(view, metrics, focus: resolvedFocus, in: Rect(origin: origin, size: size))
    }

    func focus(size: Size, window: Size) -> Point? {
        let fraction: Point?
        switch view.focus {
        case nil:
            fraction = nil
        case .point(let x, let y):
            fraction = Point(x: x, y: y)
        case .pixel(let x, let y):
            let pixels = metrics.orientedPixelSize
            guard pixels.width > 0, pixels.height > 0 else { return nil }
            fraction = Point(x: min(max(x / pixels.width, 0), 1), y: min(max(y / pixels.height, 0), 1))
        case .content(let strategy):
            guard size.width > 0, size.height > 0 else { return nil }
            let part = Size(width: min(1, window.width / size.width), height: min(1, window.height / size.height))
            fraction = focusFinder?.focus(of: view.ref, strategy: strategy, window: part)
        }
        resolvedFocus = fraction
        return fraction.map { Point(x: $0.x * size.width, y: $0.y * size.height) }
    }
}

/// A shape leaf (`Color`, `LinearGradient`): takes the proposal, 10 pt where unspecified (spec §7.4).
final class ShapeLayout: LayoutNode {
    static let unspecifiedSide = 10.0
    let paint: Paint

    init(paint: Paint) {
        self.paint = paint
    }

    func size(for proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(by: Size(width: Self.unspecifiedSide, height: Self.unspecifiedSide))
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        // `Color.clear` takes space but draws nothing.
        guard !paint.isInvisible else { return }
        recorder.recordFill(paint, in: Rect(origin: origin, size: size))
    }
}
