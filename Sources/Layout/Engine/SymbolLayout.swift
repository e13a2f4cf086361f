/// `Image(systemName:)`: a non-resizable symbol is a square one SF line high in its font (times the
/// image scale) and spaces like a line of text in that font; a resizable one takes the proposal on
/// each axis, `nil` meaning the glyph's side, and spaces like any plain view (views spec §8.1–8.2).
final class SymbolLayout: LayoutNode {
    let view: SymbolView
    let pixelLength: Double

    init(view: SymbolView, pixelLength: Double) {
        self.view = view
        self.pixelLength = pixelLength
    }

    func size(for proposal: ProposedSize) -> Size {
        let side = view.side(pixelLength: pixelLength)
        guard view.isResizable else { return Size(width: side, height: side) }
        // As a resizable bitmap with no cap insets: a negative proposal is taken as 0 (spec §2.3).
        return Size(width: proposal.width.map { max($0, 0) } ?? side, height: proposal.height.map { max($0, 0) } ?? side)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordSymbol(view, in: Rect(origin: origin, size: size))
    }

    /// A non-resizable glyph sits on the text baseline like one line of its font (views spec §8.1).
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        guard !view.isResizable else { return nil }
        return TextLayout.baseline(guide, metrics: view.metrics, height: size.height, pixelLength: pixelLength)
    }

    /// A glyph with a baseline carries Text's keys for its metrics (§1.4.2, `ResolvedImage`): it is
    /// exactly one line of them high. A resizable one is plain.
    func spacing() -> Spacing {
        view.isResizable ? .plain : TextLayout.spacing(view.metrics, pixelLength: pixelLength)
    }
}
