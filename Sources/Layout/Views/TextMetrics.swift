/// A font's vertical metrics in points, as text spacing needs them (views spec §1.4.2, §6.4).
public struct TextMetrics: Sendable, Hashable {
    public var ascender: Double
    public var descender: Double
    /// The line gap.
    public var leading: Double
    public var capHeight: Double

    public init(ascender: Double, descender: Double, leading: Double, capHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.leading = leading
        self.capHeight = capHeight
    }

    /// SF Pro's vertical metrics at `pointSize` (views spec §6.4: 1950/494/0 and cap height 1443 on a
    /// 2048 em). Lines are spaced with these whatever face draws the glyphs, so every Text height
    /// and baseline matches SwiftUI's; only widths depend on the face.
    public static func sanFrancisco(pointSize: Double) -> TextMetrics {
        let em = pointSize / 2048
        return TextMetrics(ascender: 1950 * em, descender: 494 * em, leading: 0, capHeight: 1443 * em)
    }

    /// One line's height: ascender + descender + line gap.
    public var lineHeight: Double { ascender + descender + leading }
}

/// Measures `Text` for layout. The renderer supplies one (shaping needs fonts); layout without one
/// rejects trees that contain text.
public protocol TextMeasuring: Sendable {
    /// The size `text` answers to `proposal`, already rounded up to the pixel grid of `pixelLength`
    /// (views spec §6.2).
    func size(of text: TextView, proposal: ProposedSize, pixelLength: Double) -> Size
    /// The vertical metrics of the text's font.
    func metrics(of text: TextView) -> TextMetrics
}
