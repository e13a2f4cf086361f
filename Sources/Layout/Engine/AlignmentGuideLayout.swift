/// `alignmentGuide(_:computeValue:)`: answers its guide explicitly and defers to the child for any
/// other guide (views spec §1.6).
final class AlignmentGuideLayout: TransparentLayout {
    let child: LayoutNode
    let guide: AlignmentGuide

    init(child: LayoutNode, guide: AlignmentGuide) {
        self.child = child
        self.guide = guide
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        child.place(proposal: proposal, size: size, at: origin, into: recorder)
    }

    func explicit(_ key: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        key == guide.key ? guide.resolve(in: size) : child.explicit(key, proposal: proposal, size: size)
    }
}
