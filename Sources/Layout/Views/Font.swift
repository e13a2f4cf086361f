/// A `Text`'s font: a Dynamic Type style (default `.body`), a fixed point size and weight of the
/// system font, or a named family (`Font.custom`: a brand font from the `fonts` folder, or any
/// installed family).
public enum Font: Sendable, Hashable {
    case textStyle(TextStyle)
    case system(size: Double, weight: FontWeight = .regular)
    /// `Font.custom(family, size:)` and its `relativeTo:` and `fixedSize:` forms: `family` as written
    /// (fontconfig matches it without regard to case), `size` in points at Dynamic Type "Large".
    case custom(String, size: Double, scaling: FontScaling)

    public static let body = Font.textStyle(.body)

    /// The font's own weight: the text style's (`.headline` is semibold) or the system font's.
    public var weight: FontWeight {
        switch self {
        case .textStyle(let style): style == .headline ? .semibold : .regular
        case .system(_, let weight): weight
        case .custom: .regular
        }
    }

    /// The family `Font.custom` names; `nil` for the system font.
    public var customFamily: String? {
        if case .custom(let family, _, _) = self { return family }
        return nil
    }
}

extension Font {
    /// Point sizes of the text styles at Dynamic Type "Large" (views spec §6.3).
    static let styleSizes: [TextStyle: Double] = [
        .largeTitle: 34, .title: 28, .title2: 22, .title3: 20,
        .headline: 17, .body: 17, .callout: 16, .subheadline: 15,
        .footnote: 13, .caption: 12, .caption2: 11,
    ]

    /// The font's size in points: a text style's at Dynamic Type "Large", or the size as written
    /// (a custom font scales, if at all, from its size at "Large").
    public var pointSize: Double {
        switch self {
        case .textStyle(let style): Self.styleSizes[style]!
        case .system(let size, _): size
        case .custom(_, let size, _): size
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

/// `Font.Design`. Linux draws `.default` and `.rounded` in Inter, `.serif` in DejaVu Serif and
/// `.monospaced` in DejaVu Sans Mono (views spec §6.3).
public enum FontDesign: String, CaseIterable, Sendable, Hashable {
    case `default`, rounded, serif, monospaced
}
