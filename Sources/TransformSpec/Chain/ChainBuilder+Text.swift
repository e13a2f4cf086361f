import CheckedConversion
import Layout

/// `Text` and its modifiers. Styling modifiers (`font`, `foregroundStyle`, `bold`, `kerning`, …)
/// written right after a `Text` change that Text (the last call wins, as with SwiftUI's `Text`
/// modifiers); on a `Text + Text` they style the runs that did not set it themselves. Paragraph
/// modifiers (`lineLimit`, `multilineTextAlignment`, `truncationMode`, `minimumScaleFactor`) and
/// every text modifier on another view set SwiftUI's environment: they reach each `Text` inside
/// that did not set it closer to itself.
extension ChainBuilder {
    /// Modifiers that style a Text's runs.
    static let textStyleModifiers: Set<String> = [
        "font", "foregroundStyle", "foregroundColor", "bold", "italic", "fontWeight", "fontDesign", "kerning", "tracking",
        "baselineOffset", "underline", "strikethrough", "textCase",
    ]
    /// Modifiers that set how a Text's lines are laid out.
    static let paragraphModifiers: Set<String> = ["lineLimit", "multilineTextAlignment", "truncationMode", "minimumScaleFactor", "lineSpacing"]

    static var textModifiers: Set<String> { textStyleModifiers.union(paragraphModifiers) }

    /// `m` applied to `partial` when it is a text modifier; `nil` for every other modifier.
    func textModifier(_ m: ModifierSyntax, _ partial: Partial) throws(SpecError) -> Partial? {
        guard Self.textModifiers.contains(m.name) else { return nil }
        let environment = try textEnvironment(m)
        if case .text(var text) = partial, Self.textStyleModifiers.contains(m.name) {
            if text.runs.count == 1 {
                text.runs[0].attributes = environment.attributes.inheriting(text.runs[0].attributes)
            } else {
                text = text.inheriting(environment)
            }
            return .text(text)
        }
        // Paragraph settings and styling of any other view: SwiftUI's environment.
        return .view(partial.node.inheritingText(environment))
    }

    /// What the text modifier `m` sets.
    private func textEnvironment(_ m: ModifierSyntax) throws(SpecError) -> TextEnvironment {
        var attributes = TextAttributes(), paragraph = TextParagraph()
        switch m.name {
        case "font":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            attributes = try values.fontAttributes(args[nil]!)
        case "foregroundStyle", "foregroundColor":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            attributes.color = try values.color(args[nil]!)
        case "fontWeight":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            attributes.weight = args[nil]!.kind == .nil ? nil : try values.enumCase(args[nil]!, FontWeight.self, "font weight")
        case "fontDesign":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            attributes.design = args[nil]!.kind == .nil ? .default : try values.enumCase(args[nil]!, FontDesign.self, "font design")
        case "bold", "italic":
            // `bold(false)`, `italic(false)`: the regular face, as in SwiftUI.
            let args = try arguments(m, [.init(label: nil)])
            let on = try args[nil].map { (e) throws(SpecError) in try values.bool(e, m.name) } ?? true
            if m.name == "bold" { attributes.weight = on ? .bold : .regular } else { attributes.italic = on }
        case "kerning", "tracking":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            let points = try values.finite(args[nil]!, m.name)
            if m.name == "kerning" { attributes.kerning = points } else { attributes.tracking = points }
        case "baselineOffset":
            attributes.baselineOffset = try values.signedFinite(try arguments(m, [.init(label: nil, optional: false)])[nil]!, "baselineOffset")
        case "underline", "strikethrough":
            // `underline(_ isActive: Bool = true, pattern: .solid, color: Color? = nil)`.
            let args = try arguments(m, [.init(label: nil), .init(label: "pattern"), .init(label: "color")])
            let decoration = TextDecoration(
                isActive: try args[nil].map { (e) throws(SpecError) in try values.bool(e, m.name) } ?? true,
                pattern: try args["pattern"].map { (e) throws(SpecError) in try values.enumCase(e, LinePattern.self, "pattern") } ?? .solid,
                color: try args["color"].flatMap { (e) throws(SpecError) in e.kind == .nil ? nil : try values.color(e) })
            if m.name == "underline" { attributes.underline = decoration } else { attributes.strikethrough = decoration }
        case "textCase":
            let e = try arguments(m, [.init(label: nil, optional: false)])[nil]!
            attributes.textCase = e.kind == .nil ? .asWritten : try values.enumCase(e, TextCase.self, "textCase")
            if attributes.textCase == .asWritten, e.kind != .nil { throw values.fail(e, "textCase takes .uppercase, .lowercase or nil") }
        case "lineSpacing":
            paragraph.lineSpacing = try values.signedFinite(try arguments(m, [.init(label: nil, optional: false)])[nil]!, "lineSpacing")
        case "lineLimit":
            paragraph.lineLimit = try lineLimit(m)
        case "multilineTextAlignment":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            paragraph.alignment = try values.enumCase(args[nil]!, TextAlignment.self, "multilineTextAlignment")
        case "truncationMode":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            paragraph.truncation = try values.enumCase(args[nil]!, TruncationMode.self, "truncationMode")
        default:
            let args = try arguments(m, [.init(label: nil, optional: false)])
            let factor = try values.number(args[nil]!, "minimumScaleFactor")
            guard factor > 0, factor <= 1 else {
                throw values.fail(args[nil]!, "minimumScaleFactor must be above 0 and at most 1; got \(values.format(factor))")
            }
            paragraph.minimumScaleFactor = factor
        }
        return TextEnvironment(attributes: attributes, paragraph: paragraph)
    }

    /// `lineLimit(2)`, `lineLimit(nil)` (no limit), `lineLimit(3, reservesSpace: true)` (always 3 lines high).
    private func lineLimit(_ m: ModifierSyntax) throws(SpecError) -> LineLimit {
        let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "reservesSpace")])
        let reserves = try args["reservesSpace"].map { (e) throws(SpecError) in try values.bool(e, "reservesSpace") } ?? false
        let e = args[nil]!
        if e.kind == .nil {
            guard !reserves else {
                throw values.fail(e, "lineLimit(_:reservesSpace:) needs a number of lines, e.g. lineLimit(2, reservesSpace: true)")
            }
            return LineLimit(max: nil)
        }
        let value = try values.number(e, "lineLimit")
        guard value >= 1, value <= Double(limits.maxLineLimit), value == value.rounded() else {
            throw values.fail(e, "lineLimit must be a whole number from 1 to \(limits.maxLineLimit), or nil; got \(values.format(value))")
        }
        return LineLimit(min: reserves ? Int(saturating: value) : 1, max: Int(saturating: value))
    }

    /// `Text("…")`, and `Text + Text` joined into one paragraph of runs.
    func textLeaf(_ arguments: [Argument], at offset: Int) throws(SpecError) -> Partial {
        let args = try ArgumentList(arguments, signature: [.init(label: nil, optional: false)], call: "Text", param: param, offset: offset)
        return .text(TextView(try values.string(args[nil]!, "Text's content")))
    }

    /// `a + b + …`: every part must be a `Text` with only styling modifiers.
    mutating func concatenation(_ parts: [ChainSyntax]) throws(SpecError) -> Partial {
        var runs: [TextRun] = []
        for part in parts {
            guard case .text(let text) = try buildPartial(part) else {
                throw .argument(
                    param: param, offset: part.offset,
                    message: "`+` joins Texts only, each with styling modifiers such as .bold() or .foregroundStyle(.red); "
                        + "apply layout modifiers to the whole: (Text(\"a\") + Text(\"b\")).padding()")
            }
            runs += text.runs
        }
        return .text(TextView(runs: runs))
    }
}
