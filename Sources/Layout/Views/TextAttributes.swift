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

    public init(font: Font? = nil, weight: FontWeight? = nil, italic: Bool? = nil, design: FontDesign? = nil,
                color: RGBAColor? = nil, kerning: Double? = nil, tracking: Double? = nil) {
        self.font = font
        self.weight = weight
        self.italic = italic
        self.design = design
        self.color = color
        self.kerning = kerning
        self.tracking = tracking
    }

    /// These attributes with each `nil` taken from `outer`: the innermost setting wins, as with
    /// SwiftUI's environment.
    public func inheriting(_ outer: TextAttributes) -> TextAttributes {
        TextAttributes(font: font ?? outer.font, weight: weight ?? outer.weight, italic: italic ?? outer.italic,
                       design: design ?? outer.design, color: color ?? outer.color,
                       kerning: kerning ?? outer.kerning, tracking: tracking ?? outer.tracking)
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

    public init(lineLimit: LineLimit? = nil, alignment: TextAlignment? = nil, truncation: TruncationMode? = nil,
                minimumScaleFactor: Double? = nil) {
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.truncation = truncation
        self.minimumScaleFactor = minimumScaleFactor
    }

    /// These settings with each `nil` taken from `outer`.
    public func inheriting(_ outer: TextParagraph) -> TextParagraph {
        TextParagraph(lineLimit: lineLimit ?? outer.lineLimit, alignment: alignment ?? outer.alignment,
                      truncation: truncation ?? outer.truncation, minimumScaleFactor: minimumScaleFactor ?? outer.minimumScaleFactor)
    }

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
