/// `Spacer(minLength:)`: grows along its stack's axis (both axes outside a stack), at least
/// `minLength`; priority −∞ and 0 gaps to its neighbours (views spec §3). Draws nothing.
final class SpacerLayout: LayoutNode {
    let minLength: Double
    let axis: Axis?

    init(minLength: Double, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
    }

    func size(for proposal: ProposedSize) -> Size {
        let width = max(proposal.width ?? -.infinity, minLength)
        let height = max(proposal.height ?? -.infinity, minLength)
        switch axis {
        case .horizontal: return Size(width: width, height: 0)
        case .vertical: return Size(width: 0, height: height)
        case nil: return Size(width: width, height: height)
        }
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordHidden(.spacer, in: Rect(origin: origin, size: size))
    }

    func spacing() -> Spacing { .spacer(axis: axis) }
    func priority() -> Double { -.infinity }
    var requiresSpacingProjection: Bool { true }
}
