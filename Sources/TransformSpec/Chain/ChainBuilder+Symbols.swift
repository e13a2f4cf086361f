import Layout

/// `Image(systemName:)` and the modifiers that change the symbol itself: `resizable()`, `font`,
/// `foregroundStyle`/`foregroundColor` and `imageScale` (views spec §8). Frames, shadows and the
/// other view modifiers wrap it like any view.
extension ChainBuilder {
    /// Modifiers only a symbol takes here.
    static let symbolModifiers = ["imageScale"]

    /// The SF Symbols name of `Image(systemName: "star.fill")`: lower-case letters and digits in
    /// dot-separated parts, so it can only ever name an icon file, never a path.
    func symbolLeaf(_ argument: Argument) throws(SpecError) -> SymbolView {
        let name = try values.string(argument.value, "Image(systemName:)")
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
        guard valid, name.utf8.count <= limits.maxNameLength else {
            throw .argument(
                param: param, offset: argument.offset,
                message: "`\(name.prefix(40))` is not an SF Symbols name: use lower-case words and digits joined by dots, "
                    + "at most \(limits.maxNameLength) bytes, e.g. Image(systemName: \"star.fill\")")
        }
        return SymbolView(name: name)
    }

    /// The modifier applied to a symbol leaf, or `nil` when `m` is not symbol-specific (it then
    /// wraps the symbol like any view). `imageScale` on anything else is an error that says where
    /// it goes.
    func symbolModifier(_ m: ModifierSyntax, _ partial: Partial) throws(SpecError) -> Partial? {
        guard case .symbol(var symbol) = partial else {
            guard m.name == "imageScale" else { return nil }
            throw .argument(
                param: param, offset: m.offset,
                message: "imageScale(_:) is supported directly on a symbol only, e.g. Image(systemName: \"star\").imageScale(.large)")
        }
        switch m.name {
        case "resizable":
            guard m.arguments.isEmpty else {
                throw .argument(
                    param: param, offset: m.offset,
                    message: "a symbol stretches as a whole: write resizable() with no arguments (capInsets and resizingMode are for bitmap images)")
            }
            symbol.isResizable = true
        case "font":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            symbol.font = try values.font(args[nil]!)
        case "foregroundStyle", "foregroundColor":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            symbol.color = try values.color(args[nil]!)
        case "imageScale":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            symbol.scale = try values.enumCase(args[nil]!, ImageScale.self, "image scale")
        case "interpolation", "bold", "italic", "fontWeight":
            throw .argument(
                param: param, offset: m.offset,
                message: "\(m.name) has no effect on a symbol, which is drawn as a vector icon in one weight: remove it")
        default:
            return nil
        }
        return .symbol(symbol)
    }
}
