/// `overlay` and `background`: the primary decides the size; the secondary is proposed exactly that
/// size, aligned on it and not clipped (spec §7.1). Backgrounds paint before the primary.
final class SecondaryLayerLayout: TransparentLayout {
    let primary: LayoutNode
    let secondary: LayoutNode
    let alignment: Alignment
    let isBackground: Bool

    init(primary: LayoutNode, secondary: LayoutNode, alignment: Alignment, isBackground: Bool) {
        self.primary = primary
        self.secondary = secondary
        self.alignment = alignment
        self.isBackground = isBackground
    }

    /// Spacing, priority and guides are the primary's.
    var child: LayoutNode { primary }

    func size(for proposal: ProposedSize) -> Size {
        primary.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        if isBackground { placeSecondary(hostSize: size, at: origin, into: recorder) }
        primary.place(proposal: proposal, size: size, at: origin, into: recorder)
        if !isBackground { placeSecondary(hostSize: size, at: origin, into: recorder) }
    }

    private func placeSecondary(hostSize: Size, at origin: Point, into recorder: PaintRecorder) {
        let proposal = ProposedSize(hostSize)
        let secondarySize = secondary.size(for: proposal)
        let offset = secondary.origin(size: secondarySize, in: hostSize, alignment: alignment)
        secondary.place(proposal: proposal, size: secondarySize, at: origin + offset, into: recorder)
    }
}

/// `mask(alignment:_:)`: the primary drawn through the alpha of the mask view, which is sized and
/// aligned as an overlay is (proposed the primary's size) but drawn only into the mask.
final class MaskLayout: TransparentLayout {
    let primary: LayoutNode
    let mask: LayoutNode
    let alignment: Alignment

    init(primary: LayoutNode, mask: LayoutNode, alignment: Alignment) {
        self.primary = primary
        self.mask = mask
        self.alignment = alignment
    }

    /// Spacing, priority and guides are the primary's.
    var child: LayoutNode { primary }

    func size(for proposal: ProposedSize) -> Size {
        primary.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.withMask(rect: Rect(origin: origin, size: size)) {
            primary.place(proposal: proposal, size: size, at: origin, into: recorder)
        } mask: {
            let maskProposal = ProposedSize(size)
            let maskSize = mask.size(for: maskProposal)
            let offset = mask.origin(size: maskSize, in: size, alignment: alignment)
            mask.place(proposal: maskProposal, size: maskSize, at: origin + offset, into: recorder)
        }
    }
}

/// `border(_:width:)`: an overlay of `Rectangle().strokeBorder(style, lineWidth:)`, i.e. a band of
/// `width` points inside the view's own bounds, drawn in front (spec §7.3).
final class BorderLayout: TransparentLayout {
    let child: LayoutNode
    let paint: Paint
    let width: Double

    init(child: LayoutNode, paint: Paint, width: Double) {
        self.child = child
        self.paint = paint
        self.width = width
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        child.place(proposal: proposal, size: size, at: origin, into: recorder)
        recorder.recordBorder(paint, width: width, in: Rect(origin: origin, size: size))
    }
}
