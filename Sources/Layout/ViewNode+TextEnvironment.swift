extension ViewNode {
    /// This tree with `environment` handed down to every `Text` in it, overlays and backgrounds
    /// included: what a text modifier on a container (`VStack { … }.font(.title)`) means in SwiftUI.
    /// Settings a Text (or a container nearer to it) made itself stay. A `foregroundStyle` also
    /// reaches the shapes that draw in the foreground style, and `font` and `foregroundStyle` the symbols.
    public func inheritingText(_ environment: TextEnvironment) -> ViewNode {
        switch self {
        case .text(let text): return .text(text.inheriting(environment))
        case .shapeView(let shape): return .shapeView(shape.inheritingForeground(environment.attributes.color))
        case .symbol(var symbol):
            // A symbol is sized by the font and tinted by the foreground style around it (views spec §8.1).
            symbol.font = symbol.font ?? environment.attributes.font
            symbol.color = symbol.color ?? environment.attributes.color
            return .symbol(symbol)
        case .textField(let field): return .textField(field.inheriting(environment))
        default: return mappingChildren { $0.inheritingText(environment) }
        }
    }

    /// This node with `transform` applied to each of its direct children (content views included).
    public func mappingChildren(_ transform: (ViewNode) -> ViewNode) -> ViewNode {
        switch self {
        case .image, .shape, .spacer, .divider, .shapeView, .text, .symbol, .textField:
            self
        case .button(let button): .button(ButtonView(label: transform(button.label), style: button.style, tint: button.tint))
        case .label(let label): .label(LabelView(title: transform(label.title), icon: transform(label.icon), style: label.style))
        case .grid(let grid): .grid(grid.mappingCells(transform))
        case let .aspectRatio(child, ratio, mode): .aspectRatio(transform(child), ratio: ratio, contentMode: mode)
        case let .frame(child, width, height, alignment): .frame(transform(child), width: width, height: height, alignment: alignment)
        case let .flexFrame(child, frame): .flexFrame(transform(child), frame)
        case let .overlay(child, content, alignment): .overlay(transform(child), content: transform(content), alignment: alignment)
        case let .background(child, content, alignment): .background(transform(child), content: transform(content), alignment: alignment)
        case let .mask(child, mask, alignment): .mask(transform(child), mask: transform(mask), alignment: alignment)
        case let .border(child, paint, width): .border(transform(child), paint: paint, width: width)
        case let .clipped(child, antialiased): .clipped(transform(child), antialiased: antialiased)
        case let .hStack(alignment, spacing, children): .hStack(alignment: alignment, spacing: spacing, children: children.map(transform))
        case let .vStack(alignment, spacing, children): .vStack(alignment: alignment, spacing: spacing, children: children.map(transform))
        case let .zStack(alignment, children): .zStack(alignment: alignment, children: children.map(transform))
        case let .padding(child, insets): .padding(transform(child), insets)
        case let .layoutPriority(child, priority): .layoutPriority(transform(child), priority)
        case let .fixedSize(child, horizontal, vertical): .fixedSize(transform(child), horizontal: horizontal, vertical: vertical)
        case let .alignmentGuide(child, guide): .alignmentGuide(transform(child), guide)
        case let .effect(child, effect): .effect(transform(child), effect)
        case let .ignoresSafeArea(child): .ignoresSafeArea(transform(child))
        case let .backgroundStyle(child, paint): .backgroundStyle(transform(child), paint)
        case let .id(child, name): .id(transform(child), name)
        case let .logSizes(child, label): .logSizes(transform(child), label)
        }
    }
}
