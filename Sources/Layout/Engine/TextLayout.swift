/// `Text`: sized by the renderer's `TextMeasuring`; spaced from its font's vertical metrics with the
/// text-aware preferences of views spec §1.4.2.
final class TextLayout: LayoutNode {
    let view: TextView
    let measurer: any TextMeasuring
    let pixelLength: Double
    /// Sizes already measured this pass: stacks ask a Text at the same proposals several times, and
    /// each measurement shapes the whole string (several times over with `minimumScaleFactor`).
    private var sizes: [ProposedSize: Size] = [:]

    init(view: TextView, measurer: any TextMeasuring, pixelLength: Double) {
        self.view = view
        self.measurer = measurer
        self.pixelLength = pixelLength
    }

    func size(for proposal: ProposedSize) -> Size {
        if let known = sizes[proposal] { return known }
        let size = measurer.size(of: view, proposal: proposal, pixelLength: pixelLength)
        sizes[proposal] = size
        return size
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordText(view, proposal: proposal, in: Rect(origin: origin, size: size))
    }

    /// `firstTextBaseline`: the first line's ascender, on the nearest pixel; `lastTextBaseline`: the
    /// last line's, rounded up (views spec §6.4, §6.6). Other guides take their defaults.
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        Self.baseline(guide, metrics: measurer.metrics(of: view), height: size.height, pixelLength: pixelLength)
    }

    /// The first line's baseline: the ascender on the nearest pixel (views spec §6.4).
    static func firstBaseline(_ metrics: TextMetrics, pixelLength: Double) -> Double {
        (metrics.ascender / pixelLength).rounded() * pixelLength
    }

    /// The text baselines of a block of lines `height` points high spaced with `metrics`.
    static func baseline(_ guide: AlignmentKey, metrics: TextMetrics, height: Double, pixelLength: Double) -> Double? {
        switch guide {
        case .vertical(.firstTextBaseline):
            return firstBaseline(metrics, pixelLength: pixelLength)
        case .vertical(.lastTextBaseline):
            let lines = max(1, ((height + 1e-9) / metrics.lineHeight).rounded(.down))
            return ((lines - 1) * metrics.lineHeight + metrics.ascender).roundedUp(toMultipleOf: pixelLength)
        default:
            return nil
        }
    }

    /// Top and bottom keys only: beside a Text, an HStack uses the plain 8 pt.
    func spacing() -> Spacing {
        Self.spacing(measurer.metrics(of: view), pixelLength: pixelLength)
    }

    /// The spacing keys of one line of text with metrics `m` (views spec §1.4.2): a Text's, and a
    /// non-resizable symbol's, which sits in a line of its font.
    static func spacing(_ m: TextMetrics, pixelLength: Double) -> Spacing {
        let lineHeight = m.ascender + m.descender
        let d = (0.1 * lineHeight).roundedUp(toMultipleOf: pixelLength)
        let big = lineHeight + d
        let line = Spacing.LineMetrics(leading: m.leading, pixelLength: pixelLength)
        // Baselines for one line: the ascender on the pixel grid; the height is one line's.
        let height = (lineHeight + m.leading).roundedUp(toMultipleOf: pixelLength)
        let firstBaseline = firstBaseline(m, pixelLength: pixelLength)
        typealias Key = Spacing.Key
        return Spacing(values: [
            Key(category: .textToText, edge: .top): .bottom(line),
            Key(category: .textToText, edge: .bottom): .top(line),
            Key(category: .textBaseline, edge: .top): .distance(-firstBaseline),
            Key(category: .textBaseline, edge: .bottom): .distance(firstBaseline - height),
            Key(category: .edgeAboveText, edge: .top): .distance(big - m.ascender),
            Key(category: .edgeBelowText, edge: .bottom): .distance(max(big - m.capHeight, d + m.descender)),
        ])
    }
}
