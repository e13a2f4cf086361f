extension ViewNode {
    /// The views this one directly contains: a modifier's child (and an overlay's or background's
    /// content), a container's children; none for a leaf.
    public var subviews: [ViewNode] {
        switch self {
        case .image, .shape, .spacer, .shapeView, .text, .symbol: []
        case .aspectRatio(let child, _, _), .frame(let child, _, _, _), .flexFrame(let child, _), .border(let child, _, _),
             .clipped(let child, _), .padding(let child, _), .layoutPriority(let child, _), .fixedSize(let child, _, _),
             .alignmentGuide(let child, _), .effect(let child, _), .ignoresSafeArea(let child), .backgroundStyle(let child, _),
             .id(let child, _):
            [child]
        case .overlay(let child, let content, _), .background(let child, let content, _):
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
}

extension ViewNode {
    /// This view with its `subviews` replaced by `views`, in the same order and number; a leaf is
    /// returned unchanged.
    public func replacingSubviews(_ views: [ViewNode]) -> ViewNode {
        precondition(views.count == subviews.count, "one replacement per subview")
        switch self {
        case .image, .shape, .spacer, .shapeView, .text, .symbol: return self
        case let .aspectRatio(_, ratio, mode): return .aspectRatio(views[0], ratio: ratio, contentMode: mode)
        case let .frame(_, width, height, alignment): return .frame(views[0], width: width, height: height, alignment: alignment)
        case let .flexFrame(_, frame): return .flexFrame(views[0], frame)
        case let .overlay(_, _, alignment): return .overlay(views[0], content: views[1], alignment: alignment)
        case let .background(_, _, alignment): return .background(views[0], content: views[1], alignment: alignment)
        case let .border(_, paint, width): return .border(views[0], paint: paint, width: width)
        case let .clipped(_, antialiased): return .clipped(views[0], antialiased: antialiased)
        case let .hStack(alignment, spacing, _): return .hStack(alignment: alignment, spacing: spacing, children: views)
        case let .vStack(alignment, spacing, _): return .vStack(alignment: alignment, spacing: spacing, children: views)
        case let .zStack(alignment, _): return .zStack(alignment: alignment, children: views)
        case let .padding(_, insets): return .padding(views[0], insets)
        case let .layoutPriority(_, value): return .layoutPriority(views[0], value)
        case let .fixedSize(_, horizontal, vertical): return .fixedSize(views[0], horizontal: horizontal, vertical: vertical)
        case let .alignmentGuide(_, guide): return .alignmentGuide(views[0], guide)
        case let .effect(_, effect): return .effect(views[0], effect)
        case .ignoresSafeArea: return .ignoresSafeArea(views[0])
        case let .backgroundStyle(_, paint): return .backgroundStyle(views[0], paint)
        case let .id(_, id): return .id(views[0], id)
        }
    }

    /// True when some leaf of the tree is a `Text`.
    public var containsText: Bool {
        if case .text = self { return true }
        return subviews.contains { $0.containsText }
    }

    /// Every symbol of the tree given `font` and `color` where it has none of its own: SwiftUI's
    /// environment, in which the innermost `font`/`foregroundStyle` wins.
    public func inheritingSymbolStyle(font: Font?, color: RGBAColor?) -> ViewNode {
        guard case .symbol(var symbol) = self else {
            return replacingSubviews(subviews.map { $0.inheritingSymbolStyle(font: font, color: color) })
        }
        symbol.font = symbol.font ?? font
        symbol.color = symbol.color ?? color
        return .symbol(symbol)
    }
}
