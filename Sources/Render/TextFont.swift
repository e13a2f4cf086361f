import Layout

/// The face a `Text` is drawn in on Linux: SwiftUI's iOS sizes and weights (views spec §6.3) in
/// Inter, the closest open design to SF Pro (§6.5).
struct TextFont: Sendable, Hashable {
    /// Point size.
    var size: Double
    /// CSS weight: 400 regular, 600 semibold, 700 bold.
    var weight: Int
    var italic: Bool = false

    /// Point sizes of the text styles at Dynamic Type "Large" (views spec §6.3); their weights are
    /// `Font.weight` (`.headline` semibold, the others regular).
    static let styles: [TextStyle: Double] = [
        .largeTitle: 34, .title: 28, .title2: 22, .title3: 20,
        .headline: 17, .body: 17, .callout: 16, .subheadline: 15,
        .footnote: 13, .caption: 12, .caption2: 11,
    ]

    /// The face `font` names: a text style's size and weight, or a fixed point size and weight.
    init(_ font: Font) {
        switch font {
        case .textStyle(let style): size = Self.styles[style]!
        case .system(let size, _): self.size = size
        }
        weight = font.weight.cssWeight
    }

    /// The face a `Text` is drawn in: its font with its `fontWeight`/`bold()` and `italic()`.
    init(_ text: TextView) {
        self.init(text.font)
        weight = text.resolvedWeight.cssWeight
        italic = text.italic
    }

    /// The fontconfig family: Inter below 20 pt and Inter Display from 20 pt, mirroring SF Pro's
    /// switch from "Text" to "Display" optics (views spec §6.5).
    var family: String { size < 20 ? "Inter" : "Inter Display" }
}
