/// `padding(_:)`: proposes the proposal minus the insets (never below 0), reports the child's size
/// plus the insets (never below 0) and places the child at (leading, top) (views spec §4.2).
final class PaddingLayout: LayoutNode {
    let child: LayoutNode
    let insets: EdgeInsets

    init(child: LayoutNode, insets: EdgeInsets) {
        self.child = child
        self.insets = insets
    }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) })
    }

    /// `zIndex` passes through, as SwiftUI's traits do through unary modifiers.
    func zIndex() -> Double { child.zIndex() }

    func size(for proposal: ProposedSize) -> Size {
        let c = child.size(for: childProposal(proposal))
        return Size(width: max(0, c.width + insets.horizontal), height: max(0, c.height + insets.vertical))
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        child.layOut(proposal: childProposal(proposal), at: origin + Point(x: insets.leading, y: insets.top), into: recorder)
    }

    /// The child's preferences with the edges of non-zero insets reset (views spec §1.4.4).
    func spacing() -> Spacing {
        let edges: [(Spacing.Edge, Double)] = [
            (.top, insets.top), (.bottom, insets.bottom), (.left, insets.leading), (.right, insets.trailing),
        ]
        return child.spacing().reset(edges.filter { $0.1 != 0 }.map(\.0))
    }

    /// The child's explicit guide, moved by the leading/top inset.
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        let p = childProposal(proposal)
        guard let value = child.explicit(guide, proposal: p, size: child.size(for: p)) else { return nil }
        if case .horizontal = guide { return value + insets.leading } else { return value + insets.top }
    }
}
