import Layout

/// The view modifiers of view trees: padding, layout priority, fixed size, alignment guides, the
/// render-only effects (views spec §7), `ignoresSafeArea` and `id`.
extension ChainBuilder {
    func treeModifier(_ m: ModifierSyntax, _ child: ViewNode) throws(SpecError) -> ViewNode {
        if m.guide != nil, m.name != "alignmentGuide" {
            throw .argument(param: param, offset: m.offset, message: "\(m.name) takes no closure")
        }
        let one = { () throws(SpecError) -> Expression in try arguments(m, [.init(label: nil, optional: false)])[nil]! }
        let finite = { (what: String) throws(SpecError) -> Double in
            let e = try one()
            let value = try values.number(e, what)
            guard value.isFinite else { throw values.fail(e, "\(what) must be a finite number; got \(values.format(value))") }
            return value
        }
        switch m.name {
        case "padding":
            return .padding(child, try padding(m))
        case "layoutPriority":
            return .layoutPriority(child, try finite("layoutPriority"))
        case "fixedSize":
            if m.arguments.isEmpty { return .fixedSize(child, horizontal: true, vertical: true) }
            let args = try arguments(m, [.init(label: "horizontal", optional: false), .init(label: "vertical", optional: false)])
            return .fixedSize(
                child, horizontal: try values.bool(args["horizontal"]!, "horizontal"), vertical: try values.bool(args["vertical"]!, "vertical"))
        case "alignmentGuide":
            return .alignmentGuide(child, try alignmentGuide(m))
        case "offset":
            // `offset(_ offset: CGSize)`: the same as `offset(x: width, y: height)`.
            if let first = m.arguments.first, first.label == nil, case .call("CGSize", let size) = first.value.kind {
                let args = try ArgumentList(
                    size, signature: [.init(label: "width", optional: false), .init(label: "height", optional: false)], call: "CGSize", param: param,
                    offset: first.offset)
                guard m.arguments.count == 1 else {
                    throw .argument(param: param, offset: m.offset, message: "offset takes one CGSize, or x: and y:")
                }
                return .effect(
                    child,
                    .offset(x: try values.signedFinite(args["width"]!, "offset width"), y: try values.signedFinite(args["height"]!, "offset height")))
            }
            let args = try arguments(m, [.init(label: "x"), .init(label: "y")])
            let x = try args["x"].map { (e) throws(SpecError) in try values.signedFinite(e, "offset x") } ?? 0
            let y = try args["y"].map { (e) throws(SpecError) in try values.signedFinite(e, "offset y") } ?? 0
            return .effect(child, .offset(x: x, y: y))
        case "shadow":
            let args = try arguments(m, [.init(label: "color"), .init(label: "radius", optional: false), .init(label: "x"), .init(label: "y")])
            return .effect(
                child,
                .shadow(
                    Shadow(
                        color: try args["color"].map { (e) throws(SpecError) in try values.color(e) } ?? Shadow.defaultColor,
                        radius: try values.finite(args["radius"]!, "shadow radius"),
                        x: try args["x"].map { (e) throws(SpecError) in try values.signedFinite(e, "shadow x") } ?? 0,
                        y: try args["y"].map { (e) throws(SpecError) in try values.signedFinite(e, "shadow y") } ?? 0)))
        case "cornerRadius":
            // SwiftUI: `clipShape(RoundedRectangle(cornerRadius: r, style: .continuous))` (views spec §7.3).
            let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "antialiased")])
            if let flag = args["antialiased"] { _ = try values.bool(flag, "antialiased") }
            let r = try values.finite(args[nil]!, "corner radius")
            return .effect(child, .clipShape(.roundedRectangle(cornerSize: Size(width: r, height: r), style: .continuous)))
        case "clipShape":
            let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "style")])
            return .effect(child, .clipShape(try values.shapeKind(args[nil]!)))
        case "blur":
            let args = try arguments(m, [.init(label: "radius", optional: false), .init(label: "opaque")])
            let opaque = try args["opaque"].map { (e) throws(SpecError) in try values.bool(e, "opaque") } ?? false
            return .effect(child, .color(.blur(radius: try values.finite(args["radius"]!, "blur radius"), opaque: opaque)))
        case "brightness": return .effect(child, .color(.brightness(try finite("brightness"))))
        case "contrast": return .effect(child, .color(.contrast(try finite("contrast"))))
        case "saturation": return .effect(child, .color(.saturation(try finite("saturation"))))
        case "grayscale": return .effect(child, .color(.grayscale(try finite("grayscale"))))
        case "colorInvert":
            _ = try arguments(m, [])
            return .effect(child, .color(.colorInvert))
        case "hueRotation": return .effect(child, .color(.hueRotation(degrees: try values.degrees(try one()))))
        case "colorMultiply": return .effect(child, .color(.colorMultiply(try values.color(try one()))))
        case "sharpened":
            let e = try one()
            let sigma = try values.number(e, "sharpened sigma")
            let range = ColorEffect.sharpenSigmas
            guard range.contains(sigma) else {
                throw values.fail(
                    e,
                    "sharpened takes a sigma in pixels from \(values.format(range.lowerBound)) to \(values.format(range.upperBound)); got \(values.format(sigma))"
                )
            }
            return .effect(child, .color(.sharpen(sigma: sigma)))
        case "rotationEffect":
            let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "anchor")])
            return .effect(child, .rotation(degrees: try values.degrees(args[nil]!), anchor: try anchor(args["anchor"])))
        case "scaleEffect":
            return .effect(child, try scaleEffect(m))
        case "blendMode":
            return .effect(child, .blendMode(try values.enumCase(try one(), BlendMode.self, "blendMode")))
        case "zIndex":
            return .effect(child, .zIndex(try values.signedFinite(try one(), "zIndex")))
        case "ignoresSafeArea":
            _ = try arguments(m, [])
            return .ignoresSafeArea(child)
        case "gridCellColumns", "gridCellUnsizedAxes":
            // Outside a Grid's cell, as in SwiftUI, they change nothing.
            let value = try one()
            _ = try m.name == "gridCellColumns" ? values.number(value, m.name) : values.axes(value, m.name).horizontal ? 1 : 0
            return child
        case "id", "logSizes":
            let id = try values.string(try one(), m.name)
            guard id.utf8.count <= limits.maxNameLength else {
                throw .argument(
                    param: param, offset: m.offset, message: "the \(m.name == "id" ? "id" : "label") is longer than \(limits.maxNameLength) bytes")
            }
            return m.name == "id" ? .id(child, id) : .logSizes(child, id)
        default:
            // fill, stroke, strokeBorder and font reach here only on the wrong kind of view.
            throw .argument(param: param, offset: m.offset, message: "\(m.name) cannot be applied here")
        }
    }

    /// An effect's `anchor:`; `.center` when left out.
    private func anchor(_ e: Expression?) throws(SpecError) -> UnitPoint {
        try e.map { (e) throws(SpecError) in try values.unitPoint(e) } ?? UnitPoint(x: 0.5, y: 0.5)
    }

    /// `scaleEffect(2)`, `scaleEffect(CGSize(width: 2, height: 1))`, `scaleEffect(x: 2, y: 0.5)` (each
    /// factor 1 when left out), each with an optional `anchor:`. Negative factors mirror.
    private func scaleEffect(_ m: ModifierSyntax) throws(SpecError) -> ViewEffect {
        let args = try arguments(m, [.init(label: nil), .init(label: "x"), .init(label: "y"), .init(label: "anchor")])
        let factor = { (e: Expression?) throws(SpecError) -> Double in
            try e.map { (e) throws(SpecError) in try values.signedFinite(e, "the scale") } ?? 1
        }
        guard let value = args[nil] else {
            return .scale(x: try factor(args["x"]), y: try factor(args["y"]), anchor: try anchor(args["anchor"]))
        }
        guard args["x"] == nil, args["y"] == nil else {
            throw .argument(param: param, offset: m.offset, message: "scaleEffect takes a factor, a CGSize or x: and y:, not both")
        }
        if case .call("CGSize", let a) = value.kind {
            let size = try ArgumentList(
                a, signature: [.init(label: "width", optional: false), .init(label: "height", optional: false)], call: "CGSize", param: param,
                offset: value.offset)
            return .scale(x: try factor(size["width"]), y: try factor(size["height"]), anchor: try anchor(args["anchor"]))
        }
        let s = try factor(value)
        return .scale(x: s, y: s, anchor: try anchor(args["anchor"]))
    }

    /// `padding()`, `padding(8)`, `padding(.horizontal)`, `padding([.top, .leading], 8)`,
    /// `padding(EdgeInsets(…))`; the default length is 16 (views spec §2). Negative lengths are
    /// allowed, as in SwiftUI (they pull the edges in).
    private func padding(_ m: ModifierSyntax) throws(SpecError) -> EdgeInsets {
        if let labelled = m.arguments.first(where: { $0.label != nil }) {
            throw .argument(
                param: param, offset: labelled.offset,
                message: "padding takes no labels: padding(8), padding(.horizontal, 8) or padding(EdgeInsets(…))")
        }
        guard m.arguments.count <= 2 else {
            throw .argument(param: param, offset: m.arguments[2].offset, message: "padding takes at most an edge set and a length")
        }
        let length = { (e: Expression?) throws(SpecError) -> Double in
            guard let e, e.kind != .nil else { return 16 }
            return try values.signedFinite(e, "padding length")
        }
        guard let first = m.arguments.first?.value else { return EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16) }
        if m.arguments.count == 1, case .call("EdgeInsets", _) = first.kind { return try values.paddingInsets(first) }
        let edges: Set<PaddingEdge>
        let value: Double
        if m.arguments.count == 2 {
            (edges, value) = (try values.edgeSet(first), try length(m.arguments[1].value))
        } else if values.isEdgeSet(first) {
            (edges, value) = (try values.edgeSet(first), 16)
        } else {
            (edges, value) = (Set(PaddingEdge.allCases), try length(first))
        }
        func side(_ edge: PaddingEdge) -> Double { edges.contains(edge) ? value : 0 }
        return EdgeInsets(top: side(.top), leading: side(.leading), bottom: side(.bottom), trailing: side(.trailing))
    }

    /// `alignmentGuide(.leading) { _ in 20 }` or `{ d in d.width * 0.5 }` (also `d.width / 2`, `0.5 * d.width`, `d.width`).
    private func alignmentGuide(_ m: ModifierSyntax) throws(SpecError) -> AlignmentGuide {
        let args = try arguments(m, [.init(label: nil, optional: false)])
        let keyExpression = args[nil]!
        guard let closure = m.guide else {
            throw .argument(param: param, offset: m.offset, message: "alignmentGuide needs a closure, e.g. .alignmentGuide(.leading) { _ in 20 }")
        }
        let key = try values.alignmentKey(keyExpression)
        let dimension = if case .horizontal = key { "width" } else { "height" }
        let usage = "an alignment guide's closure returns a number or d.\(dimension) times a number, e.g. { d in d.\(dimension) * 0.5 }"
        func isDimension(_ e: Expression) throws(SpecError) -> Bool {
            guard case .qualified(let type, let member) = e.kind, type == [closure.parameter], closure.parameter != "_" else { return false }
            guard member == dimension else {
                throw values.fail(e, "a \(dimension == "width" ? "horizontal" : "vertical") guide can use d.\(dimension) only; got d.\(member)")
            }
            return true
        }
        let body = closure.body
        let value: AlignmentGuide.Value
        switch body.kind {
        case .product(let a, let b) where try isDimension(a): value = .fraction(try values.signedFinite(b, "the guide's factor"))
        case .product(let a, let b) where try isDimension(b): value = .fraction(try values.signedFinite(a, "the guide's factor"))
        case .quotient(let a, let b) where try isDimension(a): value = .fraction(1 / (try values.signedFinite(b, "the guide's divisor")))
        case _ where try isDimension(body): value = .fraction(1)
        case .number, .negated, .quotient:
            value = .constant(try values.signedFinite(body, "the guide's value"))
        default:
            throw values.fail(body, usage)
        }
        if case .fraction(let f) = value, !f.isFinite { throw values.fail(body, "the guide's fraction must be finite") }
        return AlignmentGuide(key: key, value: value)
    }
}
