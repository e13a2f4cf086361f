/// `Image`: non-resizable images report their point size; resizable ones take the proposal, with
/// `nil` meaning the point size and the cap insets as a minimum (spec §2.2–2.3).
final class ImageLayout: LayoutNode {
    let view: ImageView
    let metrics: ImageMetrics

    init(view: ImageView, metrics: ImageMetrics) {
        self.view = view
        self.metrics = metrics
    }

    func size(for proposal: ProposedSize) -> Size {
        let pointSize = metrics.pointSize
        guard let resizing = view.resizing else { return pointSize }
        return Size(
            width: proposal.width.map { max($0, resizing.capInsets.horizontal) } ?? pointSize.width,
            height: proposal.height.map { max($0, resizing.capInsets.vertical) } ?? pointSize.height
        )
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordImage(view, metrics, in: Rect(origin: origin, size: size))
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
