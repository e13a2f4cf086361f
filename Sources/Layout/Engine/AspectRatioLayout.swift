/// `aspectRatio(_:contentMode:)`: changes only the proposal passed down, then reports the child's
/// answer unmodified and centres the child (spec §3). The ratio is not enforced on the answer.
final class AspectRatioLayout: LayoutNode {
    let child: LayoutNode
    let ratio: Double?
    let contentMode: ContentMode

    init(child: LayoutNode, ratio: Double?, contentMode: ContentMode) {
        self.child = child
        self.ratio = ratio
        self.contentMode = contentMode
    }

    /// The child's ideal size, asked once per pass; it does not depend on the proposal.
    private lazy var childIdealSize = child.size(for: .unspecified)

    /// The proposal offered to the child (spec §3.2).
    func offered(_ proposal: ProposedSize) -> ProposedSize {
        if proposal.width == nil && proposal.height == nil { return proposal }
        var base = ratio.map { Size(width: $0, height: 1) } ?? childIdealSize
        if base.width == base.height { base = Size(width: 1, height: 1) }
        let sx = Self.scale(proposal.width, base.width)
        let sy = Self.scale(proposal.height, base.height)
        let k = contentMode == .fit ? min(sx, sy) : max(sx, sy)
        return ProposedSize(width: base.width * k, height: base.height * k)
    }

    /// Scale that makes `base` reach `proposed`; an unspecified axis (or 0 of 0) is +∞ so it drops
    /// out of `.fit`'s minimum. x/0 with x > 0 is +∞ by IEEE division.
    private static func scale(_ proposed: Double?, _ base: Double) -> Double {
        guard let proposed, !(base == 0 && proposed == 0) else { return .infinity }
        return proposed / base
    }

    /// `zIndex` passes through, as SwiftUI's traits do through unary modifiers.
    func zIndex() -> Double { child.zIndex() }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: offered(proposal))
    }

    /// The child's preferences; the priority is reset to 0 like any unary layout (views spec §1.3).
    func spacing() -> Spacing { child.spacing() }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let childProposal = offered(proposal)
        let childSize = child.size(for: childProposal)
        let offset = Alignment.center.childOrigin(child: childSize, in: size)
        child.place(proposal: childProposal, size: childSize, at: origin + offset, into: recorder)
    }

    /// The child's focus: the child is placed at its own size, centred (the same size when it is an image).
    func focus(size: Size, window: Size) -> Point? {
        let childSize = child.size(for: offered(ProposedSize(size)))
        guard let focus = child.focus(size: childSize, window: window) else { return nil }
        return focus + Alignment.center.childOrigin(child: childSize, in: size)
    }
}
