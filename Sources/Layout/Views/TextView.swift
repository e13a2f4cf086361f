/// A `Text` leaf. Only what layout needs today; the text work adds styling. Its size and vertical
/// metrics come from a `TextMeasuring` the renderer supplies (views spec §6).
public struct TextView: Sendable, Hashable {
    public var string: String
    public var font: Font

    public init(_ string: String, font: Font = .textStyle(.body)) {
        self.string = string
        self.font = font
    }
}

/// A `Text`'s font: a Dynamic Type style (default `.body`) or a fixed point size.
public enum Font: Sendable, Hashable {
    case textStyle(TextStyle)
    case system(size: Double)
}

/// SwiftUI's `Font.TextStyle` (views spec §6.3).
public enum TextStyle: String, CaseIterable, Sendable, Hashable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2
}

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
