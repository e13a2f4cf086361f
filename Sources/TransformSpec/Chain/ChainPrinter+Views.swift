import Layout

/// Printing the view-tree cases of `ViewNode` (containers, shapes, text, padding, effects); the
/// canonical forms are listed on `ChainPrinter`.
extension ChainPrinter {
    func printView(_ node: ViewNode) -> String {
        switch node {
        case let .hStack(alignment, spacing, children):
            return container("HStack", alignment == .center ? nil : ".\(alignment.rawValue)", spacing, children)
        case let .vStack(alignment, spacing, children):
            return container("VStack", alignment == .center ? nil : ".\(alignment.rawValue)", spacing, children)
        case let .zStack(alignment, children):
            return container("ZStack", alignment == .center ? nil : ".\(alignment.rawValue)", nil, children)
        case .spacer(let minLength):
            return "Spacer(\(minLength.map { "minLength:\(number($0))" } ?? ""))"
        case .divider:
            return "Divider()"
        case .shapeView(let view):
            return shapeText(view.kind) + drawingText(view)
        case .text(let text):
            return textView(text)
        case .symbol(let symbol):
            return symbolText(symbol)
        case let .padding(child, insets):
            return print(child) + ".padding(\(insetsText(insets)))"
        case let .layoutPriority(child, value):
            return print(child) + ".layoutPriority(\(number(value)))"
        case let .fixedSize(child, horizontal, vertical):
            let args = horizontal && vertical ? "" : "horizontal:\(horizontal),vertical:\(vertical)"
            return print(child) + ".fixedSize(\(args))"
        case let .alignmentGuide(child, guide):
            return print(child) + ".alignmentGuide(\(guideText(guide.key)))\(guideValueText(guide))"
        case let .effect(child, effect):
            return print(child) + effectText(effect)
        case .ignoresSafeArea(let child):
            return print(child) + ".ignoresSafeArea()"
        case let .backgroundStyle(child, paint):
            return print(child) + ".background(\(paintText(paint)))"
        case let .id(child, id):
            return print(child) + ".id(\(quoted(id)))"
        case let .logSizes(child, label):
            return print(child) + ".logSizes(\(quoted(label)))"
        case .button(let button):
            return buttonText(button)
        case .textField(let field):
            return textFieldText(field)
        case .label(let label):
            return labelText(label)
        case .grid(let grid):
            return gridText(grid)
        case .image, .shape, .aspectRatio, .frame, .flexFrame, .overlay, .background, .mask, .border, .clipped:
            return print(node)
        }
    }

    /// `Label("Mail",systemImage:"envelope")`, `Label("Mail",image:"mail.png")` when the parts are
    /// what those make, else `Label(title:{…},icon:{…})`; then `.labelStyle(.…)` when set.
    private func labelText(_ label: LabelView) -> String {
        let style = label.style.map { ".labelStyle(.\($0.rawValue))" } ?? ""
        if case .text(let text) = label.title, text == TextView(text.string) {
            if case .symbol(let symbol) = label.icon, symbol == SymbolView(name: symbol.name) {
                return "Label(\(quoted(text.string)),systemImage:\(quoted(symbol.name)))" + style
            }
            if case .image(let image) = label.icon, image == ImageView(ref: image.ref) {
                return "Label(\(quoted(text.string)),image:\(quoted(image.ref.name(primary: source))))" + style
            }
        }
        return "Label(title:{\(print(label.title))},icon:{\(print(label.icon))})" + style
    }

    /// `Grid(alignment:…,horizontalSpacing:…,verticalSpacing:…){GridRow(alignment:.top){A;B.gridCellColumns(2)};C}`.
    private func gridText(_ grid: GridView) -> String {
        let args = [
            grid.alignment == .center ? nil : "alignment:.\(grid.alignment.rawValue)",
            grid.horizontalSpacing.map { "horizontalSpacing:\(number($0))" }, grid.verticalSpacing.map { "verticalSpacing:\(number($0))" },
        ].compactMap { $0 }
        let rows = grid.rows.map { row -> String in
            if row.spansAllColumns, let only = row.cells.first { return print(only.view) + unsizedAxesText(only) }
            let cells = row.cells.map { print($0.view) + ($0.columns == 1 ? "" : ".gridCellColumns(\($0.columns))") + unsizedAxesText($0) }
            return "GridRow" + (row.alignment.map { "(alignment:.\($0.rawValue))" } ?? "") + "{" + cells.joined(separator: ";") + "}"
        }
        return "Grid" + (args.isEmpty ? "" : "(\(args.joined(separator: ",")))") + "{" + rows.joined(separator: ";") + "}"
    }

    /// `.gridCellUnsizedAxes(…)` of a cell, or nothing.
    private func unsizedAxesText(_ cell: GridCell) -> String {
        switch (cell.isWidthUnsized, cell.isHeightUnsized) {
        case (true, true): ".gridCellUnsizedAxes([.horizontal,.vertical])"
        case (true, false): ".gridCellUnsizedAxes(.horizontal)"
        case (false, true): ".gridCellUnsizedAxes(.vertical)"
        case (false, false): ""
        }
    }

    private func container(_ name: String, _ alignment: String?, _ spacing: Double?, _ children: [ViewNode]) -> String {
        let args = [alignment.map { "alignment:\($0)" }, spacing.map { "spacing:\(number($0))" }].compactMap { $0 }
        let head = args.isEmpty ? name : "\(name)(\(args.joined(separator: ",")))"
        return head + "{" + children.map(print).joined(separator: ";") + "}"
    }

    func shapeText(_ kind: ShapeKind) -> String {
        switch kind {
        case .rectangle: return "Rectangle()"
        case .circle: return "Circle()"
        case .ellipse: return "Ellipse()"
        case .capsule(let style): return "Capsule(\(style == .continuous ? "" : "style:.\(style.rawValue)"))"
        case let .roundedRectangle(corner, style):
            let size =
                corner.width == corner.height
                ? "cornerRadius:\(number(corner.width))"
                : "cornerSize:CGSize(width:\(number(corner.width)),height:\(number(corner.height)))"
            return "RoundedRectangle(\(size)\(style == .continuous ? "" : ",style:.\(style.rawValue)"))"
        }
    }

    /// The drawing and its paint; a shape in the foreground style names no paint (`Circle()`,
    /// `.stroke(lineWidth:2)`).
    private func drawingText(_ view: ShapeView) -> String {
        let paint = view.usesForegroundStyle ? nil : paintText(view.paint)
        let width = { (w: Double) in w == 1 ? "" : "lineWidth:\(number(w))" }
        let args = { (w: Double) in [paint, w == 1 ? nil : width(w)].compactMap { $0 }.joined(separator: ",") }
        let styled = { (w: Double) in [paint, "style:\(strokeStyleText(w, view.lineStyle))"].compactMap { $0 }.joined(separator: ",") }
        let plain = view.lineStyle == StrokeLineStyle()
        switch view.drawing {
        case .fill: return paint.map { ".fill(\($0))" } ?? ""
        case .stroke(let w): return ".stroke(\(plain ? args(w) : styled(w)))"
        case .strokeBorder(let w): return ".strokeBorder(\(plain ? args(w) : styled(w)))"
        }
    }

    /// `StrokeStyle(lineWidth:2,lineCap:.round,dash:[5,3])`: SwiftUI's defaults left out.
    private func strokeStyleText(_ width: Double, _ s: StrokeLineStyle) -> String {
        let args = [
            width == 1 ? nil : "lineWidth:\(number(width))", s.lineCap == .butt ? nil : "lineCap:.\(s.lineCap.rawValue)",
            s.lineJoin == .miter ? nil : "lineJoin:.\(s.lineJoin.rawValue)", s.miterLimit == 10 ? nil : "miterLimit:\(number(s.miterLimit))",
            s.dash.isEmpty ? nil : "dash:[\(s.dash.map(number).joined(separator: ","))]", s.dashPhase == 0 ? nil : "dashPhase:\(number(s.dashPhase))",
        ].compactMap { $0 }
        return "StrokeStyle(\(args.joined(separator: ",")))"
    }

    private func insetsText(_ i: EdgeInsets) -> String {
        if i.top == i.leading && i.top == i.bottom && i.top == i.trailing { return number(i.top) }
        return "EdgeInsets(top:\(number(i.top)),leading:\(number(i.leading)),bottom:\(number(i.bottom)),trailing:\(number(i.trailing)))"
    }

    private func guideText(_ key: AlignmentKey) -> String {
        switch key {
        case .horizontal(.center): "HorizontalAlignment.center"
        case .vertical(.center): "VerticalAlignment.center"
        case .horizontal(let h): ".\(h.rawValue)"
        case .vertical(let v): ".\(v.rawValue)"
        }
    }

    private func guideValueText(_ guide: AlignmentGuide) -> String {
        switch guide.value {
        case .constant(let v): return "{_ in \(number(v))}"
        case .fraction(let f):
            let dimension = if case .horizontal = guide.key { "width" } else { "height" }
            return "{d in d.\(dimension)*\(number(f))}"
        }
    }

    private func effectText(_ effect: ViewEffect) -> String {
        switch effect {
        case let .offset(x, y): return ".offset(x:\(number(x)),y:\(number(y)))"
        case .opacity(let v): return ".opacity(\(number(v)))"
        case .shadow(let s):
            var args: [String] = []
            if s.color != Shadow.defaultColor { args.append("color:\(paintText(.color(s.color)))") }
            args.append("radius:\(number(s.radius))")
            if s.x != 0 { args.append("x:\(number(s.x))") }
            if s.y != 0 { args.append("y:\(number(s.y))") }
            return ".shadow(\(args.joined(separator: ",")))"
        case .clipShape(let kind): return ".clipShape(\(shapeText(kind)))"
        case .color(let filter): return colorEffectText(filter)
        case let .rotation(degrees, anchor): return ".rotationEffect(.degrees(\(number(degrees)))\(anchorText(anchor)))"
        case let .scale(x, y, anchor):
            return (x == y ? ".scaleEffect(\(number(x))" : ".scaleEffect(x:\(number(x)),y:\(number(y))") + anchorText(anchor) + ")"
        case .blendMode(let mode): return ".blendMode(.\(mode.rawValue))"
        case .zIndex(let value): return ".zIndex(\(number(value)))"
        }
    }

    /// `,anchor:…` unless the anchor is `.center`, the default.
    private func anchorText(_ anchor: UnitPoint) -> String {
        anchor == UnitPoint(x: 0.5, y: 0.5) ? "" : ",anchor:\(unitPoint(anchor))"
    }

    private func colorEffectText(_ effect: ColorEffect) -> String {
        switch effect {
        case let .blur(radius, opaque): ".blur(radius:\(number(radius))\(opaque ? ",opaque:true" : ""))"
        case .brightness(let v): ".brightness(\(number(v)))"
        case .contrast(let v): ".contrast(\(number(v)))"
        case .saturation(let v): ".saturation(\(number(v)))"
        case .grayscale(let v): ".grayscale(\(number(v)))"
        case .colorInvert: ".colorInvert()"
        case .hueRotation(let degrees): ".hueRotation(.degrees(\(number(degrees))))"
        case .colorMultiply(let color): ".colorMultiply(\(paintText(.color(color))))"
        case .sharpen(let sigma): ".sharpened(\(number(sigma)))"
        }
    }
}
