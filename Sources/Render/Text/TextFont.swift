import Layout

/// The face a run of `Text` is drawn in on Linux: SwiftUI's iOS sizes and weights (views spec §6.3)
/// in Inter, the closest open design to SF Pro (§6.5), with fallback faces for what Inter lacks.
struct TextFont: Sendable, Hashable {
    /// Point size.
    var size: Double
    /// CSS weight: 400 regular, 600 semibold, 700 bold.
    var weight: Int
    var italic: Bool
    var design: FontDesign
    /// The family `Font.custom` names; `nil` draws the design's own family.
    var customFamily: String?
    /// Extra space after each character, points (`kerning` + `tracking`).
    var letterSpacing: Double

    /// Faces tried, in order, for characters the design's own face lacks: Arabic, Hebrew, other
    /// scripts, then the CJK ideographs and kana (Debian's Noto and WenQuanYi). Colour emoji come
    /// from fontconfig's own fallback (Noto Color Emoji): naming that face here would also give it
    /// the digits, which it has as emoji.
    static let fallbacks = ["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans", "WenQuanYi Micro Hei"]

    /// The face of a run with `attributes`, every size multiplied by `scale` (`minimumScaleFactor`).
    init(_ attributes: TextAttributes, scale: Double = 1) {
        size = attributes.resolvedFont.pointSize * scale
        weight = attributes.resolvedWeight.cssWeight
        italic = attributes.italic ?? false
        design = attributes.design ?? .default
        customFamily = attributes.resolvedFont.customFamily
        letterSpacing = attributes.letterSpacing * scale
    }

    /// The family drawn: a custom font's own (SwiftUI's `fontDesign` changes only the system font),
    /// else the design's: Inter below 20 pt and Inter Display from 20 pt, mirroring SF Pro's switch
    /// from "Text" to "Display" optics (§6.5); `.rounded` has no open counterpart installed and is
    /// drawn in Inter too; `.serif` and `.monospaced` in DejaVu (§6.3). The weight and italic pick
    /// the family's matching face through fontconfig, when it has one.
    var family: String { customFamily ?? designFamily }

    private var designFamily: String {
        switch design {
        case .default, .rounded: size < 20 ? "Inter" : "Inter Display"
        case .serif: "DejaVu Serif"
        case .monospaced: "DejaVu Sans Mono"
        }
    }

    /// The family list handed to Pango: the family drawn, the design's family after a custom one
    /// (for characters a brand font lacks), then the fallbacks.
    var families: String { ([family] + (customFamily == nil ? [] : [designFamily]) + Self.fallbacks).joined(separator: ",") }
}
