import Layout

/// Deterministic random view trees in the normal form the chain builder produces (no empty frames,
/// no `opacity` directly on a bare `Color`, which prints like a faded colour), for round-trip tests.
struct TreeGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    private mutating func bool() -> Bool { int(2) == 0 }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// A number with a short or a long decimal expansion, possibly negative.
    private mutating func number(negative: Bool = false) -> Double {
        let base = pick([0, 1, 2.5, 16, 100, 1.0 / 3, 0.1, 1e-6, 12345.678])
        return negative && bool() ? -base : base
    }

    private mutating func unit() -> Double { pick([0, 0.25, 0.5, 1, 1.0 / 3]) }

    private mutating func color() -> RGBAColor {
        switch int(3) {
        case 0: NamedColors.all[int(NamedColors.all.count)].color
        case 1: RGBAColor(bytes: UInt8(int(256)), UInt8(int(256)), UInt8(int(256)), UInt8(int(256)))
        default: RGBAColor(red: unit(), green: unit(), blue: unit(), opacity: unit())
        }
    }

    private mutating func paint() -> Paint {
        if int(4) > 0 { return .color(color()) }
        return .linearGradient(
            LinearGradient(colors: [color(), color()], startPoint: UnitPoint(x: unit(), y: 0), endPoint: UnitPoint(x: 1, y: unit())))
    }

    private mutating func shapeKind() -> ShapeKind {
        let style = pick(RoundedCornerStyle.allCases)
        return pick([
            .rectangle, .circle, .ellipse, .capsule(style: style),
            .roundedRectangle(cornerSize: Size(width: number(), height: bool() ? 4 : number()), style: style),
        ])
    }

    private mutating func leaf() -> ViewNode {
        switch int(8) {
        case 0:
            return .image(
                ImageView(
                    ref: bool() ? .primary : .named("a b.png"),
                    resizing: bool()
                        ? nil : Resizing(capInsets: EdgeInsets(top: 1, leading: 0, bottom: 2, trailing: 0), mode: pick([.stretch, .tile])),
                    interpolation: pick(Interpolation.allCases)))
        case 1: return .shape(paint())
        case 2: return .spacer(minLength: bool() ? nil : number())
        case 4:
            let font: Font? =
                bool() ? nil : pick([.textStyle(pick(TextStyle.allCases)), .system(size: 1 + number(), weight: pick(FontWeight.allCases))])
            return .symbol(
                SymbolView(
                    name: pick(["star", "star.fill", "arrow.right.square.fill", "2.circle"]), font: font,
                    color: bool() ? nil : color(), scale: pick(ImageScale.allCases), isResizable: bool()))
        case 3:
            let custom = Font.custom(
                pick(["Brand", "Comic Neue", "a\"b\\c é"]), size: 1 + number(),
                scaling: pick([.relative(to: .body), .relative(to: pick(TextStyle.allCases)), .fixed]))
            let font: Font = pick([.textStyle(pick(TextStyle.allCases)), .system(size: 1 + number(), weight: pick(FontWeight.allCases)), custom])
            return .text(
                TextView(
                    pick(["", "Hi", "a\"b\\c\n\té"]), font: font, color: bool() ? TextView.primary : color(),
                    weight: bool() ? nil : pick(FontWeight.allCases), italic: bool()))
        default:
            let drawing = pick([ShapeDrawing.fill, .stroke(lineWidth: number()), .strokeBorder(lineWidth: number())])
            return .shapeView(ShapeView(kind: shapeKind(), paint: paint(), drawing: drawing))
        }
    }

    mutating func tree(depth: Int) -> ViewNode {
        guard depth > 0, int(5) > 0 else { return leaf() }
        let children = { (g: inout TreeGenerator) in (0..<g.int(4)).map { _ in g.tree(depth: depth - 1) } }
        switch int(10) {
        case 0: return .hStack(alignment: pick(VerticalAlignment.allCases), spacing: bool() ? nil : number(negative: true), children: children(&self))
        case 1:
            return .vStack(alignment: pick(HorizontalAlignment.allCases), spacing: bool() ? nil : number(negative: true), children: children(&self))
        case 2: return .zStack(alignment: pick(Alignment.allCases), children: children(&self))
        case 3:
            // A button's style and tint reach the buttons in its label, so normal form nests none.
            let label = tree(depth: depth - 1)
            return .button(
                ButtonView(
                    label: label.containsControls ? .text(TextView("Go")) : label,
                    style: bool() ? nil : pick(ButtonStyleKind.allCases), tint: bool() ? nil : color()))
        default: return modifier(tree(depth: depth - 1), depth: depth)
        }
    }

    private mutating func modifier(_ child: ViewNode, depth: Int) -> ViewNode {
        switch int(16) {
        case 0:
            return .padding(
                child,
                bool()
                    ? EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
                    : EdgeInsets(top: number(negative: true), leading: number(), bottom: 0, trailing: number(negative: true)))
        case 1: return .layoutPriority(child, number(negative: true))
        case 2: return .fixedSize(child, horizontal: bool(), vertical: bool())
        case 3:
            let key: AlignmentKey = bool() ? .horizontal(pick(HorizontalAlignment.allCases)) : .vertical(pick(VerticalAlignment.allCases))
            return .alignmentGuide(
                child, AlignmentGuide(key: key, value: bool() ? .constant(number(negative: true)) : .fraction(number(negative: true))))
        case 4: return .effect(child, .offset(x: number(negative: true), y: number(negative: true)))
        case 5:
            if case .shape(.color) = child { return .ignoresSafeArea(child) }  // the documented overlap
            return .effect(child, .opacity(unit()))
        case 6:
            return .effect(child, .shadow(Shadow(color: bool() ? Shadow.defaultColor : color(), radius: number(), x: number(negative: true), y: 0)))
        case 7: return .effect(child, .clipShape(shapeKind()))
        case 8:
            let effects: [ColorEffect] = [
                .blur(radius: number(), opaque: bool()), .brightness(number(negative: true)), .contrast(number()),
                .saturation(unit()), .grayscale(unit()), .colorInvert, .hueRotation(degrees: number(negative: true)),
                .colorMultiply(color()), .sharpen(sigma: pick([0.1, 1.0 / 3, 0.5, 2.5, 10])),
            ]
            return .effect(child, .color(pick(effects)))
        case 9: return .backgroundStyle(child, paint())
        case 10: return .id(child, pick(["a", "row 1", "q\"uote"]))
        case 11: return .overlay(child, content: tree(depth: depth - 1), alignment: pick(Alignment.allCases))
        case 12: return .background(child, content: tree(depth: depth - 1), alignment: pick(Alignment.allCases))
        case 13: return .frame(child, width: number(), height: bool() ? nil : number(), alignment: pick(Alignment.allCases))
        case 14: return .border(child, paint: paint(), width: number())
        default: return .clipped(child, antialiased: bool())
        }
    }
}
