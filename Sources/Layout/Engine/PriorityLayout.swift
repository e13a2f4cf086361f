/// `layoutPriority(_:)`: the priority a parent stack reads; everything else is the child's (§1.3).
final class PriorityLayout: TransparentLayout {
    let child: LayoutNode
    let value: Double

    init(child: LayoutNode, value: Double) {
        self.child = child
        self.value = value
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        child.place(proposal: proposal, size: size, at: origin, into: recorder)
    }

    func priority() -> Double { value }
}
