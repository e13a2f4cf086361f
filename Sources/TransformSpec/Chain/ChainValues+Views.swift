import Layout

/// One edge of SwiftUI's `Edge.Set`, as `padding(_:_:)` takes them.
enum PaddingEdge: CaseIterable {
    case top, leading, bottom, trailing

    /// `Edge.Set` members by name.
    static let sets: [String: Set<PaddingEdge>] = [
        "top": [.top], "leading": [.leading], "bottom": [.bottom], "trailing": [.trailing],
        "horizontal": [.leading, .trailing], "vertical": [.top, .bottom], "all": Set(allCases),
    ]
}

/// Values that only view trees use: shapes, edge sets, guides, angles (fonts: `ChainValues+Font.swift`).
extension ChainValues {
    /// A finite number of either sign.
    func signedFinite(_ e: Expression, _ what: String) throws(SpecError) -> Double {
        let value = try number(e, what)
        guard value.isFinite else { throw fail(e, "\(what) must be a finite number; got \(format(value))") }
        return value
    }

    /// `Rectangle()`, `RoundedRectangle(cornerRadius:style:)`, `RoundedRectangle(cornerSize:style:)`,
    /// `Circle()`, `Ellipse()`, `Capsule(style:)`; also `.circle`, `.ellipse`, `.capsule`, `.rect`.
    /// The corner style defaults to `.continuous`, as in SwiftUI.
    func shapeKind(_ e: Expression) throws(SpecError) -> ShapeKind {
        let bare: [String: ShapeKind] = ["rect": .rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule(style: .continuous)]
        if case .member(let name) = e.kind, let kind = bare[name] { return kind }
        guard case .call(let name, let arguments) = e.kind else {
            throw fail(e, "expected a shape: Rectangle(), RoundedRectangle(cornerRadius:), Circle(), Ellipse() or Capsule()")
        }
        let style = { (args: ArgumentList) throws(SpecError) -> RoundedCornerStyle in
            try args["style"].map { (s) throws(SpecError) in try enumCase(s, RoundedCornerStyle.self, "style") } ?? .continuous
        }
        switch name {
        case "Rectangle", "Circle", "Ellipse":
            _ = try ArgumentList(arguments, signature: [], call: name, param: param, offset: e.offset)
            return name == "Rectangle" ? .rectangle : name == "Circle" ? .circle : .ellipse
        case "Capsule":
            return .capsule(
                style: try style(try ArgumentList(arguments, signature: [.init(label: "style")], call: name, param: param, offset: e.offset)))
        case "RoundedRectangle":
            let usesSize = arguments.first?.label == "cornerSize"
            let args = try ArgumentList(
                arguments, signature: [.init(label: usesSize ? "cornerSize" : "cornerRadius", optional: false), .init(label: "style")],
                call: name, param: param, offset: e.offset)
            let corner: Size
            if usesSize {
                let sizeExpression = args["cornerSize"]!
                guard case .call("CGSize", let sizeArguments) = sizeExpression.kind else {
                    throw fail(sizeExpression, "cornerSize must be CGSize(width:height:)")
                }
                let size = try ArgumentList(
                    sizeArguments, signature: [.init(label: "width", optional: false), .init(label: "height", optional: false)],
                    call: "CGSize", param: param, offset: sizeExpression.offset)
                corner = Size(width: try finite(size["width"]!, "corner width"), height: try finite(size["height"]!, "corner height"))
            } else {
                let r = try finite(args["cornerRadius"]!, "cornerRadius")
                corner = Size(width: r, height: r)
            }
            return .roundedRectangle(cornerSize: corner, style: try style(args))
        default:
            throw fail(e, "unknown shape `\(name)`; shapes are Rectangle, RoundedRectangle, Circle, Ellipse, Capsule")
        }
    }

    /// Whether `e` is written as an edge set: `.horizontal`, `Edge.Set.top`, `[.top, .leading]`.
    func isEdgeSet(_ e: Expression) -> Bool {
        switch e.kind {
        case .member(let name), .qualified(_, let name): PaddingEdge.sets[name] != nil
        case .array: true
        default: false
        }
    }

    /// An `Edge.Set`: a member or a list of members.
    func edgeSet(_ e: Expression) throws(SpecError) -> Set<PaddingEdge> {
        switch e.kind {
        case .member(let name), .qualified(_, let name):
            if let edges = PaddingEdge.sets[name] { return edges }
        case .array(let items):
            var edges: Set<PaddingEdge> = []
            for item in items { edges.formUnion(try edgeSet(item)) }
            return edges
        default:
            break
        }
        throw fail(e, "expected edges: .top, .leading, .bottom, .trailing, .horizontal, .vertical, .all or a list of them")
    }

    /// `EdgeInsets(top:leading:bottom:trailing:)` for padding: every label optional (default 0), any finite value.
    func paddingInsets(_ e: Expression) throws(SpecError) -> EdgeInsets {
        guard case .call("EdgeInsets", let arguments) = e.kind else { throw fail(e, "expected EdgeInsets(top:leading:bottom:trailing:)") }
        let args = try ArgumentList(
            arguments, signature: ["top", "leading", "bottom", "trailing"].map { .init(label: $0) },
            call: "EdgeInsets", param: param, offset: e.offset)
        func side(_ label: String) throws(SpecError) -> Double {
            try args[label].map { (v) throws(SpecError) in try signedFinite(v, "the \(label) inset") } ?? 0
        }
        return EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing"))
    }

    /// An `Angle` in degrees: `.degrees(90)`, `.radians(x)`, `Angle(degrees:)`, `Angle(radians:)`.
    func degrees(_ e: Expression) throws(SpecError) -> Double {
        switch e.kind {
        case .memberCall(let unit, let a) where unit == "degrees" || unit == "radians":
            let args = try ArgumentList(a, signature: [.init(label: nil, optional: false)], call: unit, param: param, offset: e.offset)
            let value = try signedFinite(args[nil]!, "the angle")
            return unit == "radians" ? value * 180 / .pi : value
        case .call("Angle", let a):
            let usesRadians = a.first?.label == "radians"
            let args = try ArgumentList(
                a, signature: [.init(label: usesRadians ? "radians" : "degrees", optional: false)], call: "Angle", param: param, offset: e.offset)
            let value = try signedFinite(args[usesRadians ? "radians" : "degrees"]!, "the angle")
            return usesRadians ? value * 180 / .pi : value
        default:
            throw fail(e, "expected an angle: .degrees(90), .radians(1.5) or Angle(degrees:)")
        }
    }

    /// The guide `alignmentGuide` sets: `.leading`, `.top`, `HorizontalAlignment.center`, `VerticalAlignment.center`, …
    func alignmentKey(_ e: Expression) throws(SpecError) -> AlignmentKey {
        switch e.kind {
        case .qualified(["HorizontalAlignment"], _):
            return .horizontal(try enumCase(e, HorizontalAlignment.self, "the guide"))
        case .qualified(["VerticalAlignment"], _):
            return .vertical(try enumCase(e, VerticalAlignment.self, "the guide"))
        case .member("center"), .qualified(_, "center"):
            throw fail(e, "`.center` is ambiguous here: write HorizontalAlignment.center or VerticalAlignment.center")
        case .member(let name), .qualified(_, let name):
            if let h = HorizontalAlignment(rawValue: name) { return .horizontal(h) }
            if let v = VerticalAlignment(rawValue: name) { return .vertical(v) }
        default:
            break
        }
        throw fail(
            e,
            "the guide must be .leading, .trailing, .top, .bottom, .firstTextBaseline, .lastTextBaseline, "
                + "HorizontalAlignment.center or VerticalAlignment.center")
    }
}
