import Layout

/// Measures `Text` for layout with Pango and the bundled fonts (views spec §6.2–§6.5): the ideal
/// size is one line; a proposed width wraps words (characters when a word is wider); `lineLimit`
/// and a proposed height limit the lines, shrinking the font down to `minimumScaleFactor` before
/// truncating with "…"; the height is lines × SF Pro's line height at the font's size (1.1934 em,
/// §6.4), or a custom font's own line height; both rounded up to the pixel grid. Safe to use from several threads at once: each thread
/// shapes with Pango objects of its own, kept for the next call with the same text and proposal
/// (`TextLayoutCache`).
public struct PangoTextMeasurer: TextMeasuring {
    /// A measurer; it holds no state.
    public init() {}

    /// The widest kept line × the kept lines' height, rounded up to multiples of `pixelLength` (§6.2).
    public func size(of text: TextView, proposal: ProposedSize, pixelLength: Double) -> Size {
        let layout = TextLayoutCache.layout(text, proposal: proposal)
        return Size(width: layout.width.roundedUp(toMultipleOf: pixelLength), height: layout.height.roundedUp(toMultipleOf: pixelLength))
    }

    /// SF Pro's vertical metrics at the text's largest point size: heights and baselines follow
    /// SwiftUI's metric model whatever face draws the glyphs (views spec §6.4); a custom font's own
    /// when the largest run names one (`TextFont.lineMetrics`), as the drawer places its lines.
    public func metrics(of text: TextView) -> TextMetrics {
        TextFont.lineMetrics(of: text, scale: 1)
    }
}
