import Layout

/// Printing `Text`: each run as `Text("…")` with the styling it sets, runs joined with `+` inside
/// parentheses, then the paragraph settings. Attributes print in a fixed order and only when set:
/// `.font(…)`, `.fontWeight(…)` (`.bold()` for bold), `.italic(…)`, `.fontDesign(…)`,
/// `.foregroundStyle(…)`, `.kerning(…)`, `.tracking(…)`, `.baselineOffset(…)`, `.underline(…)`,
/// `.strikethrough(…)`, `.textCase(…)`; then `.lineLimit(…)`, `.multilineTextAlignment(…)`,
/// `.truncationMode(…)`, `.minimumScaleFactor(…)`, `.lineSpacing(…)`.
extension ChainPrinter {
    func textView(_ text: TextView) -> String {
        let runs = text.runs.map(run).joined(separator: "+")
        return (text.runs.count == 1 ? runs : "(\(runs))") + paragraphText(text.paragraph)
    }

    private func run(_ run: TextRun) -> String {
        "Text(\(quoted(run.string)))" + attributesText(run.attributes)
    }

    /// The styling modifiers that set `a`, in the canonical order.
    func attributesText(_ a: TextAttributes) -> String {
        var out = ""
        if let font = a.font { out += ".font(\(fontText(font)))" }
        switch a.weight {
        case nil: break
        case .bold?: out += ".bold()"
        case let weight?: out += ".fontWeight(.\(weight.rawValue))"
        }
        if let italic = a.italic { out += italic ? ".italic()" : ".italic(false)" }
        if let design = a.design { out += ".fontDesign(.\(design.rawValue))" }
        if let color = a.color { out += ".foregroundStyle(\(paintText(.color(color))))" }
        if let kerning = a.kerning { out += ".kerning(\(number(kerning)))" }
        if let tracking = a.tracking { out += ".tracking(\(number(tracking)))" }
        if let offset = a.baselineOffset { out += ".baselineOffset(\(number(offset)))" }
        if let underline = a.underline { out += ".underline\(decorationText(underline))" }
        if let strikethrough = a.strikethrough { out += ".strikethrough\(decorationText(strikethrough))" }
        if let textCase = a.textCase { out += ".textCase(\(textCase == .asWritten ? "nil" : ".\(textCase.rawValue)"))" }
        return out
    }

    /// `()`, `(false)`, `(pattern:.dash,color:Color.red)`: the defaults (active, solid, the text's colour) left out.
    private func decorationText(_ d: TextDecoration) -> String {
        let args = [
            d.isActive ? nil : "false", d.pattern == .solid ? nil : "pattern:.\(d.pattern.rawValue)",
            d.color.map { "color:\(paintText(.color($0)))" },
        ].compactMap { $0 }
        return "(\(args.joined(separator: ",")))"
    }

    /// A `Font` value: `.title`, `.system(size:20)`, `.system(size:20,weight:.bold)`,
    /// `.custom("Brand",size:20)` (relative to `.body`, so `relativeTo:.body` is left out),
    /// `.custom("Brand",size:20,relativeTo:.title)`, `.custom("Brand",fixedSize:20)`.
    func fontText(_ font: Font) -> String {
        switch font {
        case .textStyle(let style): ".\(style.rawValue)"
        case .system(let size, .regular): ".system(size:\(number(size)))"
        case .system(let size, let weight): ".system(size:\(number(size)),weight:.\(weight.rawValue))"
        case .custom(let family, let size, .relative(to: .body)): ".custom(\(quoted(family)),size:\(number(size)))"
        case .custom(let family, let size, .relative(let style)): ".custom(\(quoted(family)),size:\(number(size)),relativeTo:.\(style.rawValue))"
        case .custom(let family, let size, .fixed): ".custom(\(quoted(family)),fixedSize:\(number(size)))"
        }
    }

    /// The paragraph modifiers that set `p`, in the canonical order.
    func paragraphText(_ p: TextParagraph) -> String {
        var out = ""
        if let limit = p.lineLimit {
            if let max = limit.max {
                out += limit.min == max && max > 1 ? ".lineLimit(\(max),reservesSpace:true)" : ".lineLimit(\(max))"
            } else {
                out += ".lineLimit(nil)"
            }
        }
        if let alignment = p.alignment { out += ".multilineTextAlignment(.\(alignment.rawValue))" }
        if let truncation = p.truncation { out += ".truncationMode(.\(truncation.rawValue))" }
        if let factor = p.minimumScaleFactor { out += ".minimumScaleFactor(\(number(factor)))" }
        if let spacing = p.lineSpacing { out += ".lineSpacing(\(number(spacing)))" }
        return out
    }
}
