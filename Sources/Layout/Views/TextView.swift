/// A `Text` leaf and its styling. Its size and vertical metrics come from a `TextMeasuring` the
/// renderer supplies (views spec §6).
public struct TextView: Sendable, Hashable {
    public var string: String
    public var font: Font
    /// The glyph colour: `foregroundStyle(_:)`; SwiftUI's primary colour in light mode is black.
    public var color: RGBAColor
    /// `fontWeight(_:)` / `bold()`: overrides the font's own weight; `nil` keeps it.
    public var weight: FontWeight?
    /// `italic()`.
    public var italic: Bool

    public static let primary = RGBAColor(red: 0, green: 0, blue: 0)

    public init(_ string: String, font: Font = .textStyle(.body), color: RGBAColor = TextView.primary,
                weight: FontWeight? = nil, italic: Bool = false) {
        self.string = string
        self.font = font
        self.color = color
        self.weight = weight
        self.italic = italic
    }

    /// The weight drawn: an explicit `fontWeight` wins over the font's own.
    public var resolvedWeight: FontWeight { weight ?? font.weight }
}

/// A `Text`'s font: a Dynamic Type style (default `.body`) or a fixed point size and weight.
public enum Font: Sendable, Hashable {
    case textStyle(TextStyle)
    case system(size: Double, weight: FontWeight = .regular)

    /// The font's own weight: the text style's (`.headline` is semibold) or the system font's.
    public var weight: FontWeight {
        switch self {
        case .textStyle(let style): style == .headline ? .semibold : .regular
        case .system(_, let weight): weight
        }
    }
}

extension Font {
    /// Point sizes of the text styles at Dynamic Type "Large" (views spec §6.3).
    static let styleSizes: [TextStyle: Double] = [
        .largeTitle: 34, .title: 28, .title2: 22, .title3: 20,
        .headline: 17, .body: 17, .callout: 16, .subheadline: 15,
        .footnote: 13, .caption: 12, .caption2: 11,
    ]

    /// The font's size in points: a text style's at Dynamic Type "Large", or the fixed size.
    public var pointSize: Double {
        switch self {
        case .textStyle(let style): Self.styleSizes[style]!
        case .system(let size, _): size
        }
    }
}

/// SwiftUI's `Font.Weight`, lightest first.
public enum FontWeight: String, CaseIterable, Sendable, Hashable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS / OpenType weight class (`Font.Weight.regular` = 400, `.bold` = 700).
    public var cssWeight: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
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
