/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)` (spec §5).
/// Each axis is independent; the frame decides an axis itself when it can, else asks the child.
final class FlexFrameLayout: LayoutNode {
    let child: LayoutNode
    let frame: FlexFrame

    init(child: LayoutNode, frame: FlexFrame) {
        self.child = child
        self.frame = frame
    }

    /// `zIndex` passes through, as SwiftUI's traits do through unary modifiers.
    func zIndex() -> Double { child.zIndex() }

    func size(for proposal: ProposedSize) -> Size {
        let decidedWidth = Self.decided(frame.width, proposal.width)
        let decidedHeight = Self.decided(frame.height, proposal.height)
        if let decidedWidth, let decidedHeight { return Size(width: decidedWidth, height: decidedHeight) }
        let childProposal = ProposedSize(
            width: Self.childProposal(frame.width, proposal.width),
            height: Self.childProposal(frame.height, proposal.height)
        )
        let childSize = child.size(for: childProposal)
        return Size(
            width: decidedWidth ?? Self.childDriven(frame.width, childProposal.width, childSize.width),
            height: decidedHeight ?? Self.childDriven(frame.height, childProposal.height, childSize.height)
        )
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let childProposal = ProposedSize(
            width: Self.placementProposal(frame.width, proposal.width, size.width),
            height: Self.placementProposal(frame.height, proposal.height, size.height)
        )
        let childSize = child.size(for: childProposal)
        let offset = child.origin(size: childSize, in: size, alignment: frame.alignment)
        child.place(proposal: childProposal, size: childSize, at: origin + offset, into: recorder)
    }

    /// The child's preferences, reset on every constrained axis unless the child is a Spacer (§1.4.4).
    func spacing() -> Spacing {
        let own = child.spacing()
        guard !child.requiresSpacingProjection else { return own }
        return own.reset(
            (frame.width.isUnconstrained ? [] : [.left, .right]) + (frame.height.isUnconstrained ? [] : [.top, .bottom]))
    }

    var requiresSpacingProjection: Bool { child.requiresSpacingProjection }

    /// The child's explicit guide, moved by the child's offset inside the frame (views spec §1.6).
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        let childProposal = ProposedSize(
            width: Self.placementProposal(frame.width, proposal.width, size.width),
            height: Self.placementProposal(frame.height, proposal.height, size.height))
        let childSize = child.size(for: childProposal)
        guard let value = child.explicit(guide, proposal: childProposal, size: childSize) else { return nil }
        let offset = child.origin(size: childSize, in: size, alignment: frame.alignment)
        if case .horizontal = guide { return value + offset.x } else { return value + offset.y }
    }

    /// The axis length the frame decides without its child (spec §5.2), or `nil` if it needs the child.
    static func decided(_ axis: FlexAxis, _ proposed: Double?) -> Double? {
        guard let proposed else { return axis.ideal }
        guard axis.hasConsistentBounds, let lo = axis.min, let hi = axis.max else { return nil }
        return clamp(proposed, lo, hi)
    }

    /// What the child is asked when the frame needs its answer (spec §5.3).
    static func childProposal(_ axis: FlexAxis, _ proposed: Double?) -> Double? {
        guard let value = proposed ?? axis.ideal else { return nil }
        return clamp(value, axis.min ?? -.infinity, axis.max ?? .infinity)
    }

    /// The axis length derived from the child's answer (spec §5.3).
    static func childDriven(_ axis: FlexAxis, _ childProposal: Double?, _ childLength: Double) -> Double {
        switch (axis.min, axis.max) {
        case let (lo?, hi?) where lo <= hi:
            return clamp(childLength, lo, hi)
        case let (lo?, nil):
            return max(min(childProposal ?? .infinity, childLength), lo)
        case let (nil, hi?):
            return min(max(childProposal ?? -.infinity, childLength), hi)
        default:
            return childLength
        }
    }

    /// What the child is proposed at placement (SwiftUI's FlexFrameIdealSizing, spec §5.4).
    static func placementProposal(_ axis: FlexAxis, _ proposed: Double?, _ length: Double) -> Double? {
        let strictlyInside = (axis.min ?? -.infinity) < length && length < (axis.max ?? .infinity)
        return axis.ideal == nil && proposed == nil && strictlyInside ? nil : length
    }

    private static func clamp(_ value: Double, _ lo: Double, _ hi: Double) -> Double {
        min(max(lo, value), hi)
    }
}
