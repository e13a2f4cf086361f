import Layout

/// The face a `Text` is drawn in on Linux: SwiftUI's iOS sizes and weights (views spec §6.3) in
/// Inter, the closest open design to SF Pro (§6.5).
struct TextFont: Sendable, Hashable {
    /// Point size.
    var size: Double
    /// CSS weight: 400 regular, 600 semibold, 700 bold.
    var weight: Int
    var italic: Bool = false

    /// The face `font` names: a text style's size and weight, or a fixed point size and weight.
    init(_ font: Font) {
        size = font.pointSize
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
