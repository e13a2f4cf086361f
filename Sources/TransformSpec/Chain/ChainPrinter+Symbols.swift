import Layout

/// Printing `Image(systemName:)`: `Image(systemName:"star.fill")` then, when set and in this order,
/// `.resizable()`, `.font(…)` (`.font(.body)` too: an explicit font differs from an inherited one),
/// `.imageScale(.small|.large)` and `.foregroundStyle(Color.…)` (black too, for the same reason).
extension ChainPrinter {
    func symbolText(_ symbol: SymbolView) -> String {
        var text = "Image(systemName:\(quoted(symbol.name)))"
        if symbol.isResizable { text += ".resizable()" }
        if let font = symbol.font { text += ".font(\(fontText(font)))" }
        if symbol.scale != .medium { text += ".imageScale(.\(symbol.scale.rawValue))" }
        if let color = symbol.color { text += ".foregroundStyle(\(paintText(.color(color))))" }
        return text
    }
}
