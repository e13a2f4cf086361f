import Layout

/// View-tree leaves (shapes, `Spacer`, `Text`), containers, and the modifiers that only make sense
/// on them (`fill`/`stroke`) or that the layout engine learned with them (padding, priority,
/// fixed size, alignment guides, effects, `id`). Defaults are SwiftUI's (views spec §1–5, 7).
extension ChainBuilder {
    /// Modifiers of views in general that `treeModifier` builds.
    static let viewModifiers =
        [
            "padding", "layoutPriority", "fixedSize", "alignmentGuide", "offset", "shadow", "cornerRadius", "clipShape", "blur",
            "brightness", "contrast", "saturation", "grayscale", "colorInvert", "hueRotation", "colorMultiply", "sharpened", "ignoresSafeArea", "id",
            "logSizes",
            "rotationEffect", "scaleEffect", "blendMode", "zIndex", "gridCellColumns", "gridCellUnsizedAxes",
            "fill", "stroke", "strokeBorder",
        ] + textModifiers.sorted()

    /// `Rectangle()` … `Capsule()`, `Spacer(minLength:)`, `Text("…")`, `Button(…)`, `TextField(…)`.
    mutating func viewLeaf(_ name: String, _ arguments: [Argument], at offset: Int) throws(SpecError) -> Partial {
        let param = self.param
        let call = { (signature: [ArgumentList.Parameter]) throws(SpecError) -> ArgumentList in
            try ArgumentList(arguments, signature: signature, call: name, param: param, offset: offset)
        }
        switch name {
        case "Spacer":
            let args = try call([.init(label: "minLength")])
            let minLength = try args["minLength"].flatMap { (e) throws(SpecError) -> Double? in
                e.kind == .nil ? nil : try values.finite(e, "minLength")
            }
            return .view(.spacer(minLength: minLength))
        case "Divider":
            _ = try call([])
            return .view(.divider)
        case "Label":
            return try labelLeaf(arguments, at: offset)
        case "Text":
            return try textLeaf(arguments, at: offset)
        case "Button":
            return try buttonLeaf(arguments, at: offset)
        case "TextField":
            return try textFieldLeaf(arguments, at: offset)
        default:
            let kind = try values.shapeKind(Expression(kind: .call(type: name, arguments: arguments), offset: offset))
            return .shape(ShapeView(kind: kind), styled: false)
        }
    }

    /// `HStack(alignment:spacing:) { … }`, `VStack(alignment:spacing:) { … }`, `ZStack(alignment:) { … }`.
    mutating func stack(_ name: String, _ arguments: [Argument], _ children: [ChainSyntax], at offset: Int) throws(SpecError) -> ViewNode {
        if name == "Grid" { return try grid(arguments, children, at: offset) }
        if name == "GridRow" { throw .argument(param: param, offset: offset, message: "GridRow belongs directly in a Grid { … }") }
        let signature: [ArgumentList.Parameter] =
            name == "ZStack" ? [.init(label: "alignment")] : [.init(label: "alignment"), .init(label: "spacing")]
        let args = try ArgumentList(arguments, signature: signature, call: name, param: param, offset: offset)
        let spacing = try args["spacing"].flatMap { (e) throws(SpecError) -> Double? in
            guard e.kind != .nil else { return nil }
            let value = try values.number(e, "spacing")
            guard value.isFinite else { throw values.fail(e, "spacing must be a finite number or nil; got \(values.format(value))") }
            return value
        }
        var nodes: [ViewNode] = []
        for child in children {
            for member in try groupMembers(child) { nodes.append(try build(member)) }
        }
        try checkChildren(nodes.count, of: name, at: offset)
        switch name {
        case "HStack":
            let alignment = try args["alignment"].map { (e) throws(SpecError) in try values.enumCase(e, VerticalAlignment.self, "HStack alignment") }
            return .hStack(alignment: alignment ?? .center, spacing: spacing, children: nodes)
        case "VStack":
            let alignment = try args["alignment"].map { (e) throws(SpecError) in try values.enumCase(e, HorizontalAlignment.self, "VStack alignment")
            }
            return .vStack(alignment: alignment ?? .center, spacing: spacing, children: nodes)
        default:
            return .zStack(alignment: try values.alignment(args["alignment"]), children: nodes)
        }
    }

    /// `fill`/`stroke`/`strokeBorder` on a shape: they change the leaf itself.
    /// `nil` for every other modifier.
    func leafModifier(_ m: ModifierSyntax, _ partial: Partial) throws(SpecError) -> Partial? {
        switch m.name {
        case "fill", "stroke", "strokeBorder":
            guard case .shape(var shape, false) = partial else {
                let problem = if case .shape = partial { "a shape takes one fill or stroke" } else { "\(m.name) is a Shape modifier" }
                throw .argument(
                    param: param, offset: m.offset,
                    message: "\(problem): write it right after Rectangle(), Circle(), … and before any other modifier")
            }
            let args = try arguments(
                m,
                m.name == "fill"
                    ? [.init(label: nil)] : [.init(label: nil), .init(label: "lineWidth"), .init(label: "style"), .init(label: "antialiased")])
            let paint = try args[nil].map { (e) throws(SpecError) in try values.paint(e) }
            shape = ShapeView(kind: shape.kind, paint: paint)
            if let flag = args["antialiased"] { _ = try values.bool(flag, "antialiased") }
            var width = try args["lineWidth"].map { (e) throws(SpecError) in try values.finite(e, "lineWidth") } ?? 1
            if let style = args["style"] {
                guard args["lineWidth"] == nil else { throw values.fail(style, "\(m.name) takes lineWidth: or style:, not both") }
                (width, shape.lineStyle) = try values.strokeStyle(style)
            }
            shape.drawing =
                switch m.name {
                case "fill": .fill
                case "stroke": .stroke(lineWidth: width)
                default: .strokeBorder(lineWidth: width)
                }
            return .shape(shape, styled: true)
        default:
            return nil
        }
    }

    /// `background(.red)`, `background(Color.red, ignoresSafeAreaEdges: .all)`: SwiftUI's
    /// `background(_ style:ignoresSafeAreaEdges:)`. `nil` when the call is the view form
    /// (`background(Image("x"))`, `background(.red, alignment: .top)`).
    func backgroundStyle(_ m: ModifierSyntax, _ child: ViewNode) throws(SpecError) -> ViewNode? {
        guard let first = m.arguments.first, first.label == nil, !m.arguments.contains(where: { $0.label == "alignment" }) else { return nil }
        if case .call("Image", _) = first.value.kind { return nil }
        if case .method(let base, _, _) = first.value.kind, case .call("Image", _) = base.kind { return nil }
        let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "ignoresSafeAreaEdges")])
        if let edges = args["ignoresSafeAreaEdges"] { _ = try values.edgeSet(edges) }
        return .backgroundStyle(child, try values.paint(args[nil]!))
    }
}
