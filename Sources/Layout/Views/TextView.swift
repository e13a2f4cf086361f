/// A `Text` leaf: one run per `Text` joined with `+`, each with its own styling, and the paragraph
/// settings SwiftUI keeps in the environment (`lineLimit`, `multilineTextAlignment`,
/// `truncationMode`, `minimumScaleFactor`). Every setting is optional: `nil` inherits from an
/// enclosing container's modifier (`inheriting(_:)`), then falls back to SwiftUI's default. Its
/// size and vertical metrics come from a `TextMeasuring` the renderer supplies (views spec §6).
public struct TextView: Sendable, Hashable {
    public var runs: [TextRun]
    public var paragraph: TextParagraph

    public static let primary = RGBAColor(red: 0, green: 0, blue: 0)

    /// One run of `string` with the given styling (`nil`s inherit).
    public init(
        _ string: String, font: Font? = nil, color: RGBAColor? = nil, weight: FontWeight? = nil,
        italic: Bool? = nil, paragraph: TextParagraph = TextParagraph()
    ) {
        runs = [TextRun(string, TextAttributes(font: font, weight: weight, italic: italic, color: color))]
        self.paragraph = paragraph
    }

    public init(runs: [TextRun], paragraph: TextParagraph = TextParagraph()) {
        precondition(!runs.isEmpty, "a Text has at least one run")
        self.runs = runs
        self.paragraph = paragraph
    }

    /// The whole string, runs in order.
    public var string: String { runs.map(\.string).joined() }

    /// The largest font of the runs, which sets the line height.
    public var largestPointSize: Double { runs.map(\.attributes.resolvedFont.pointSize).max() ?? Font.body.pointSize }

    /// This text with every unset run attribute and paragraph setting taken from `environment`.
    public func inheriting(_ environment: TextEnvironment) -> TextView {
        TextView(
            runs: runs.map { TextRun($0.string, $0.attributes.inheriting(environment.attributes)) },
            paragraph: paragraph.inheriting(environment.paragraph))
    }
}

/// One `Text`'s string and styling inside a (possibly concatenated) `Text`.
public struct TextRun: Sendable, Hashable {
    public var string: String
    public var attributes: TextAttributes

    public init(_ string: String, _ attributes: TextAttributes = TextAttributes()) {
        self.string = string
        self.attributes = attributes
    }
}
