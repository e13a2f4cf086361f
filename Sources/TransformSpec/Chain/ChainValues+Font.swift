import Layout

/// `Font` values: the text styles, `.system(…)` and `.custom(…)`, with `.bold()`, `.italic()` and
/// `.weight(_:)` on any of them.
extension ChainValues {
    /// Every form a `Font` value takes, for messages that refuse one.
    static let fontForms =
        "a text style (.largeTitle, .title, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption, .caption2), "
        + ".system(size:weight:design:), .system(_:design:weight:), .custom(_:size:), .custom(_:size:relativeTo:) or .custom(_:fixedSize:)"

    /// Longest family name `Font.custom` takes, in characters (installed family names are far shorter).
    static let maxFamilyLength = 100

    /// The font `e` names, without any weight, design or italic it also sets.
    func font(_ e: Expression) throws(SpecError) -> Font {
        try fontAttributes(e).resolvedFont
    }

    /// What a `Font` value sets: `.title`, `Font.title`, `.system(size: 20, weight: .bold, design: .serif)`,
    /// `.system(.title, design: .rounded, weight: .semibold)`, `.custom("Brand", size: 20)`, and
    /// `.bold()`, `.italic()`, `.weight(_:)` on any of them (`.title.bold()`).
    func fontAttributes(_ e: Expression) throws(SpecError) -> TextAttributes {
        switch e.kind {
        case .method(let base, let name, let arguments):
            var attributes = try fontAttributes(base)
            let args = try ArgumentList(
                arguments, signature: name == "weight" ? [.init(label: nil, optional: false)] : [],
                call: name, param: param, offset: e.offset)
            switch name {
            case "bold": attributes.weight = .bold
            case "italic": attributes.italic = true
            case "weight": attributes.weight = try enumCase(args[nil]!, FontWeight.self, "font weight")
            default: throw fail(e, "unknown Font method `\(name)`; Font values take .bold(), .italic() and .weight(_:)")
            }
            return attributes
        case .memberCall("system", let arguments):
            let styled = arguments.first?.label == nil
            let signature: [ArgumentList.Parameter] =
                styled
                ? [.init(label: nil, optional: false), .init(label: "design"), .init(label: "weight")]
                : [.init(label: "size", optional: false), .init(label: "weight"), .init(label: "design")]
            let args = try ArgumentList(arguments, signature: signature, call: "system", param: param, offset: e.offset)
            let weight = try args["weight"].map { (w) throws(SpecError) in try enumCase(w, FontWeight.self, "font weight") }
            let design = try args["design"].map { (d) throws(SpecError) in try enumCase(d, FontDesign.self, "font design") }
            if styled {
                return TextAttributes(font: .textStyle(try enumCase(args[nil]!, TextStyle.self, "font")), weight: weight, design: design)
            }
            return TextAttributes(
                font: .system(size: try finite(args["size"]!, "font size", positive: true), weight: weight ?? .regular), design: design)
        case .memberCall("custom", let arguments):
            return TextAttributes(font: try customFont(arguments, at: e))
        case .member(let name), .qualified(_, let name):
            guard let style = TextStyle(rawValue: name) else {
                let hint = Suggestion.hint(for: name, among: TextStyle.allCases.map(\.rawValue) + ["system", "custom"], prefix: ".")
                throw fail(e, "unknown font `.\(name)`\(hint); a font is \(Self.fontForms)")
            }
            return TextAttributes(font: .textStyle(style))
        case .memberCall(let name, _):
            let hint = Suggestion.hint(for: name, among: ["system", "custom"], prefix: ".")
            throw fail(e, "unknown font `.\(name)(…)`\(hint); a font is \(Self.fontForms)")
        default:
            throw fail(e, "expected a font: \(Self.fontForms)")
        }
    }

    /// SwiftUI's three `Font.custom` forms: `.custom(name, size:)` (scales like `.body`),
    /// `.custom(name, size:, relativeTo: style)` and `.custom(name, fixedSize:)` (never scales). The
    /// family is checked against the installed fonts where they are known (the renderer); here only
    /// its spelling: not empty, no comma (Pango would read a list of families), no control character.
    private func customFont(_ arguments: [Argument], at e: Expression) throws(SpecError) -> Font {
        let fixed = arguments.count > 1 && arguments[1].label == "fixedSize"
        let signature: [ArgumentList.Parameter] =
            fixed
            ? [.init(label: nil, optional: false), .init(label: "fixedSize", optional: false)]
            : [.init(label: nil, optional: false), .init(label: "size", optional: false), .init(label: "relativeTo")]
        let args = try ArgumentList(arguments, signature: signature, call: "custom", param: param, offset: e.offset)
        let nameExpression = args[nil]!
        let family = try string(nameExpression, "the font family")
        guard family.contains(where: { $0 != " " }) else { throw fail(nameExpression, "the font family must not be empty") }
        guard family.count <= Self.maxFamilyLength else {
            throw fail(nameExpression, "the font family must be at most \(Self.maxFamilyLength) characters; got \(family.count)")
        }
        guard !family.contains(","), !family.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw fail(nameExpression, "the font family must be one family name, without commas or control characters")
        }
        if fixed {
            return .custom(family, size: try finite(args["fixedSize"]!, "font size", positive: true), scaling: .fixed)
        }
        let style = try args["relativeTo"].map { (s) throws(SpecError) in try enumCase(s, TextStyle.self, "relativeTo") } ?? .body
        return .custom(family, size: try finite(args["size"]!, "font size", positive: true), scaling: .relative(to: style))
    }
}
