/// A shape used as a view: takes the whole proposal, 10 pt where unspecified; a `Circle` reports
/// the square of the shorter side (views spec §5.1, §5.4).
final class ShapeLeafLayout: LayoutNode {
    let view: ShapeView

    init(view: ShapeView) {
        self.view = view
    }

    func size(for proposal: ProposedSize) -> Size {
        let side = ShapeLayout.unspecifiedSide
        let size = proposal.replacingUnspecified(by: Size(width: side, height: side))
        guard case .circle = view.kind else { return size }
        let m = min(size.width, size.height)
        return Size(width: m, height: m)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordShape(view, in: Rect(origin: origin, size: size))
    }
}
