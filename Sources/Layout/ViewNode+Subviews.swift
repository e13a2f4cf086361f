extension ViewNode {
    /// The views this one directly contains: a modifier's child (and an overlay's or background's
    /// content), a container's children; none for a leaf.
    public var subviews: [ViewNode] {
        switch self {
        case .image, .shape, .spacer, .divider, .shapeView, .text, .symbol, .textField: []
        case .button(let button): [button.label]
        case .label(let label): [label.icon, label.title]
        case .grid(let grid): grid.rows.flatMap { $0.cells.map(\.view) }
        case .aspectRatio(let child, _, _), .frame(let child, _, _, _), .flexFrame(let child, _), .border(let child, _, _),
            .clipped(let child, _), .padding(let child, _), .layoutPriority(let child, _), .fixedSize(let child, _, _),
            .alignmentGuide(let child, _), .effect(let child, _), .ignoresSafeArea(let child), .backgroundStyle(let child, _),
            .id(let child, _), .logSizes(let child, _):
            [child]
        case .overlay(let child, let content, _), .background(let child, let content, _), .mask(let child, let content, _):
            [child, content]
        case .hStack(_, _, let children), .vStack(_, _, let children), .zStack(_, let children):
            children
        }
    }

    /// The SF Symbols names of every `Image(systemName:)` in the tree: the renderer resolves them all
    /// before drawing, so an unknown name fails the request early.
    public var symbolNames: Set<String> {
        if case .symbol(let symbol) = self { return [symbol.name] }
        return subviews.reduce(into: Set<String>()) { $0.formUnion($1.symbolNames) }
    }

    /// The families every `Font.custom` in the tree's `Text`s names: the renderer checks them against
    /// the installed fonts first, since fontconfig would silently draw an unknown one in another face.
    public var customFontFamilies: Set<String> {
        if case .text(let text) = self { return Set(text.runs.compactMap(\.attributes.font?.customFamily)) }
        return subviews.reduce(into: Set<String>()) { $0.formUnion($1.customFontFamilies) }
    }
}
