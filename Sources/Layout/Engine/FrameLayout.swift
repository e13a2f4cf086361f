/// `frame(width:height:alignment:)`: reports the fixed dimensions, follows the child in an open axis,
/// and aligns the child inside, overflowing when it is larger (spec §4).
final class FrameLayout: LayoutNode {
    let child: LayoutNode
    let width: Double?
    let height: Double?
    let alignment: Alignment

    init(child: LayoutNode, width: Double?, height: Double?, alignment: Alignment) {
        self.child = child
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    /// `zIndex` passes through, as SwiftUI's traits do through unary modifiers.
    func zIndex() -> Double { child.zIndex() }

    func size(for proposal: ProposedSize) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let childSize = child.size(for: childProposal(proposal))
        return Size(width: width ?? childSize.width, height: height ?? childSize.height)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let childProposal = childProposal(proposal)
        let childSize = child.size(for: childProposal)
        let offset = child.origin(size: childSize, in: size, alignment: alignment)
        child.place(proposal: childProposal, size: childSize, at: origin + offset, into: recorder)
    }

    /// The child's preferences, reset on the fixed axes unless the child is a Spacer (views spec §1.4.4).
    func spacing() -> Spacing {
        let own = child.spacing()
        guard !child.requiresSpacingProjection else { return own }
        return own.reset((width == nil ? [] : [.left, .right]) + (height == nil ? [] : [.top, .bottom]))
    }

    var requiresSpacingProjection: Bool { child.requiresSpacingProjection }

    /// The child's explicit guide, moved by the child's offset inside the frame (views spec §1.6).
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        let childProposal = childProposal(proposal)
        let childSize = child.size(for: childProposal)
        guard let value = child.explicit(guide, proposal: childProposal, size: childSize) else { return nil }
        let offset = child.origin(size: childSize, in: size, alignment: alignment)
        if case .horizontal = guide { return value + offset.x } else { return value + offset.y }
    }
}
