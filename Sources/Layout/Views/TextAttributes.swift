import CheckedConversion

/// The styling of a run: `font`, `fontWeight`/`bold()`, `italic()`, `fontDesign`, `foregroundStyle`,
/// `kerning`, `tracking`. `nil` means not set here.
public struct TextAttributes: Sendable, Hashable {
    public var font: Font?
    /// Overrides the font's own weight.
    public var weight: FontWeight?
    public var italic: Bool?
    public var design: FontDesign?
    public var color: RGBAColor?
    /// `kerning(_:)`, points between characters.
    public var kerning: Double?
    /// `tracking(_:)`, points between characters (added to any kerning).
    public var tracking: Double?
    /// `baselineOffset(_:)`, points the glyphs are raised (negative lowers them).
    public var baselineOffset: Double?
    /// `underline(_:pattern:color:)`.
    public var underline: TextDecoration?
    /// `strikethrough(_:pattern:color:)`.
    public var strikethrough: TextDecoration?
    /// `textCase(_:)`.
    public var textCase: TextCase?

    public init(
        font: Font? = nil, weight: FontWeight? = nil, italic: Bool? = nil, design: FontDesign? = nil,
        color: RGBAColor? = nil, kerning: Double? = nil, tracking: Double? = nil, baselineOffset: Double? = nil,
        underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil, textCase: TextCase? = nil
    ) {
        self.font = font
        self.weight = weight
        self.italic = italic
        self.design = design
        self.color = color
        self.kerning = kerning
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.underline = underline
        self.strikethrough = strikethrough
        self.textCase = textCase
    }

    /// These attributes with each `nil` taken from `outer`: the innermost setting wins, as with
    /// SwiftUI's environment.
    public func inheriting(_ outer: TextAttributes) -> TextAttributes {
        TextAttributes(
            font: font ?? outer.font, weight: weight ?? outer.weight, italic: italic ?? outer.italic,
            design: design ?? outer.design, color: color ?? outer.color,
            kerning: kerning ?? outer.kerning, tracking: tracking ?? outer.tracking,
            baselineOffset: baselineOffset ?? outer.baselineOffset, underline: underline ?? outer.underline,
            strikethrough: strikethrough ?? outer.strikethrough, textCase: textCase ?? outer.textCase)
    }

    /// `string` as `textCase` shows it.
    public func cased(_ string: String) -> String {
        switch textCase {
        case .uppercase?: string.uppercased()
        case .lowercase?: string.lowercased()
        case .asWritten?, nil: string
        }
    }

    /// The font drawn: `.body` unless set.
    public var resolvedFont: Font { font ?? .body }
    /// The weight drawn: an explicit `fontWeight` wins over the font's own.
    public var resolvedWeight: FontWeight { weight ?? resolvedFont.weight }
    /// The glyph colour: SwiftUI's primary colour in light mode, black, unless set.
    public var resolvedColor: RGBAColor { color ?? TextView.primary }
    /// Extra space after each character, points.
    public var letterSpacing: Double { (kerning ?? 0) + (tracking ?? 0) }
}

/// The paragraph settings of a `Text` (environment values in SwiftUI); `nil` means not set here.
public struct TextParagraph: Sendable, Hashable {
    public var lineLimit: LineLimit?
    public var alignment: TextAlignment?
    public var truncation: TruncationMode?
    /// `minimumScaleFactor(_:)`: how far the font may shrink (0…1) before the text truncates.
    public var minimumScaleFactor: Double?
    /// `lineSpacing(_:)`: extra points between lines (not above the first or below the last).
    public var lineSpacing: Double?

    public init(
        lineLimit: LineLimit? = nil, alignment: TextAlignment? = nil, truncation: TruncationMode? = nil,
        minimumScaleFactor: Double? = nil, lineSpacing: Double? = nil
    ) {
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.truncation = truncation
        self.minimumScaleFactor = minimumScaleFactor
        self.lineSpacing = lineSpacing
    }

    /// These settings with each `nil` taken from `outer`.
    public func inheriting(_ outer: TextParagraph) -> TextParagraph {
        TextParagraph(
            lineLimit: lineLimit ?? outer.lineLimit, alignment: alignment ?? outer.alignment,
            truncation: truncation ?? outer.truncation, minimumScaleFactor: minimumScaleFactor ?? outer.minimumScaleFactor,
            lineSpacing: lineSpacing ?? outer.lineSpacing)
    }

    /// Extra points between lines: 0 unless set.
    public var resolvedLineSpacing: Double { lineSpacing ?? 0 }

    public var resolvedAlignment: TextAlignment { alignment ?? .leading }
    public var resolvedTruncation: TruncationMode { truncation ?? .tail }
    public var resolvedMinimumScaleFactor: Double { min(max(minimumScaleFactor ?? 1, 0.01), 1) }
}

/// What a container's text modifiers hand down to the `Text`s inside it.
public struct TextEnvironment: Sendable, Hashable {
    public var attributes: TextAttributes
    public var paragraph: TextParagraph

    public init(attributes: TextAttributes = TextAttributes(), paragraph: TextParagraph = TextParagraph()) {
        self.attributes = attributes
        self.paragraph = paragraph
    }
}

/// `lineLimit(_:)`, `lineLimit(_:reservesSpace:)`, `lineLimit(a...b)`: at most `max` lines (`nil`:
/// no limit), and at least `min` lines of height.
public struct LineLimit: Sendable, Hashable {
    public var min: Int
    public var max: Int?

    public init(min: Int = 1, max: Int?) {
        self.min = min
        self.max = max
    }
}

/// SwiftUI's `TextAlignment`, for `multilineTextAlignment(_:)`: where each line sits inside the
/// Text's own width. `leading` and `trailing` follow the paragraph's writing direction.
public enum TextAlignment: String, CaseIterable, Sendable, Hashable {
    case leading, center, trailing
}

/// `Text.TruncationMode`: where "…" replaces what does not fit.
public enum TruncationMode: String, CaseIterable, Sendable, Hashable {
    case head, middle, tail
}

/// `underline(_:pattern:color:)` or `strikethrough(_:pattern:color:)`: whether the line is drawn, its
/// pattern and colour (`nil`: the text's colour).
public struct TextDecoration: Sendable, Hashable {
    public var isActive: Bool
    public var pattern: LinePattern
    public var color: RGBAColor?

    public init(isActive: Bool = true, pattern: LinePattern = .solid, color: RGBAColor? = nil) {
        self.isActive = isActive
        self.pattern = pattern
        self.color = color
    }
}

/// `Text.LineStyle.Pattern`. Pango draws every pattern as a solid line.
public enum LinePattern: String, CaseIterable, Sendable, Hashable {
    case solid, dot, dash, dashDot, dashDotDot
}

/// `Text.Case` for `textCase(_:)`; `asWritten` is `textCase(nil)`, which undoes an outer setting.
public enum TextCase: String, CaseIterable, Sendable, Hashable {
    case uppercase, lowercase, asWritten
}

extension TextView {
    /// How far the lines grow for raised and lowered runs (`baselineOffset`): `above` the ascender,
    /// `below` the descender, points; each line is that much taller.
    public var baselineShifts: (above: Double, below: Double) {
        let offsets = runs.compactMap(\.attributes.baselineOffset)
        return (max(0, offsets.max() ?? 0), max(0, -(offsets.min() ?? 0)))
    }

    /// The distance from one line's top to the next's: the line height, the baseline shifts and
    /// `lineSpacing`.
    public func linePitch(lineHeight: Double) -> Double {
        let shifts = baselineShifts
        return lineHeight + shifts.above + shifts.below + paragraph.resolvedLineSpacing
    }

    /// The height of `lines` lines: spacing only between them.
    public func height(lines: Int, lineHeight: Double) -> Double {
        lines > 0 ? Double(lines) * linePitch(lineHeight: lineHeight) - paragraph.resolvedLineSpacing : 0
    }

    /// How many whole lines fit `height` points (at least one).
    public func lines(fitting height: Double, lineHeight: Double) -> Int {
        let spacing = paragraph.resolvedLineSpacing
        return max(1, Int(saturating: ((height + spacing + 1e-9) / linePitch(lineHeight: lineHeight)).rounded(.down)))
    }
}
