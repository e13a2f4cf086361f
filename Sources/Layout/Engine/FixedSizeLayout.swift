/// `fixedSize(horizontal:vertical:)`: proposes `nil` (the ideal) on the fixed axes; priority and
/// spacing pass through (views spec §11, not covered by vectors).
final class FixedSizeLayout: TransparentLayout {
    let child: LayoutNode
    let horizontal: Bool
    let vertical: Bool

    init(child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.child = child
        self.horizontal = horizontal
        self.vertical = vertical
    }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: childProposal(proposal))
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let p = childProposal(proposal)
        let childSize = child.size(for: p)
        let offset = Alignment.center.childOrigin(child: childSize, in: size)
        child.place(proposal: p, size: childSize, at: origin + offset, into: recorder)
    }
}
