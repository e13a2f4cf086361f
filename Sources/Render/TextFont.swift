import Layout

/// The face a `Text` is drawn in on Linux: SwiftUI's iOS sizes and weights (views spec §6.3) in
/// Inter, the closest open design to SF Pro (§6.5).
struct TextFont: Sendable, Hashable {
    /// Point size.
    var size: Double
    /// CSS weight: 400 regular, 600 semibold.
    var weight: Int

    /// Point sizes and weights of the text styles at Dynamic Type "Large" (views spec §6.3).
    static let styles: [TextStyle: (size: Double, weight: Int)] = [
        .largeTitle: (34, 400), .title: (28, 400), .title2: (22, 400), .title3: (20, 400),
        .headline: (17, 600), .body: (17, 400), .callout: (16, 400), .subheadline: (15, 400),
        .footnote: (13, 400), .caption: (12, 400), .caption2: (11, 400),
    ]

    /// The face `font` names: a text style's size and weight, or a regular fixed point size.
    init(_ font: Font) {
        switch font {
        case .textStyle(let style):
            let face = Self.styles[style]!
            size = face.size
            weight = face.weight
        case .system(let size):
            self.size = size
            weight = 400
        }
    }

    /// The fontconfig family: Inter below 20 pt and Inter Display from 20 pt, mirroring SF Pro's
    /// switch from "Text" to "Display" optics (views spec §6.5).
    var family: String { size < 20 ? "Inter" : "Inter Display" }
}
