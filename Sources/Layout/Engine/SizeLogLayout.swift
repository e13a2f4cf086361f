/// `logSizes(_:)`: lays its child out untouched and notes, when placed, the size proposed and
/// the size chosen (what the article on chaining aspect ratios prints with it).
final class SizeLogLayout: TransparentLayout {
    let child: LayoutNode
    let label: String

    init(child: LayoutNode, label: String) {
        self.child = child
        self.label = label
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.logSizes(label, proposal: proposal, size: size)
        child.place(proposal: proposal, size: size, at: origin, into: recorder)
    }
}
