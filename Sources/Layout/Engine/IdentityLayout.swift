/// A modifier layout ignores: `id(_:)` (which names the subtree in the plan) and
/// `ignoresSafeArea()` (no safe area under `ImageRenderer`).
final class IdentityLayout: TransparentLayout {
    let child: LayoutNode
    let id: String?

    init(child: LayoutNode, id: String?) {
        self.child = child
        self.id = id
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        guard let id else { return child.place(proposal: proposal, size: size, at: origin, into: recorder) }
        recorder.withID(id, rect: Rect(origin: origin, size: size)) {
            child.place(proposal: proposal, size: size, at: origin, into: recorder)
        }
    }
}
