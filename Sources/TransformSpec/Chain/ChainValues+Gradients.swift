import Layout

/// Gradients as views and shape styles: `LinearGradient(…)`, `RadialGradient(…)`,
/// `EllipticalGradient(…)`, `AngularGradient(…)`, the `ShapeStyle` statics `.linearGradient(…)` …
/// `.angularGradient(…)`, and `Color.blue.gradient` (SwiftUI's `AnyGradient`). Colours are
/// `colors: […]`, `gradient: Gradient(colors: […])`, or in the statics an unlabelled first
/// `Gradient(colors: […])` or `Color.blue.gradient`.
extension ChainValues {
    /// The gradient `e` spells, or `nil` when it is not a gradient.
    func gradient(_ e: Expression) throws(SpecError) -> Paint? {
        switch e.kind {
        case .call(let type, let arguments) where Self.gradientTypes.contains(type):
            return try gradient(type, arguments, at: e)
        case .memberCall(let style, let arguments) where Self.gradientStyles[style] != nil:
            return try gradient(Self.gradientStyles[style]!, arguments, at: e)
        case .qualified(let type, "gradient") where type.count == 2 && type[0] == "Color":
            return .linearGradient(.standard(try color(Expression(kind: .qualified(type: ["Color"], member: type[1]), offset: e.offset))))
        default:
            return nil
        }
    }

    static let gradientTypes: Set<String> = ["LinearGradient", "RadialGradient", "EllipticalGradient", "AngularGradient"]
    static let gradientStyles = [
        "linearGradient": "LinearGradient", "radialGradient": "RadialGradient", "ellipticalGradient": "EllipticalGradient",
        "angularGradient": "AngularGradient",
    ]

    private func gradient(_ type: String, _ arguments: [Argument], at e: Expression) throws(SpecError) -> Paint {
        let (colors, rest) = try gradientColors(arguments, call: type, at: e)
        func list(_ signature: [ArgumentList.Parameter]) throws(SpecError) -> ArgumentList {
            try ArgumentList(rest, signature: signature, call: type, param: param, offset: e.offset)
        }
        func number(_ args: ArgumentList, _ label: String, _ fallback: Double) throws(SpecError) -> Double {
            try args[label].map { (v) throws(SpecError) in try finite(v, label) } ?? fallback
        }
        switch type {
        case "LinearGradient":
            let args = try list([.init(label: "startPoint", optional: false), .init(label: "endPoint", optional: false)])
            return .linearGradient(
                LinearGradient(colors: colors, startPoint: try unitPoint(args["startPoint"]!), endPoint: try unitPoint(args["endPoint"]!)))
        case "RadialGradient":
            let args = try list([
                .init(label: "center", optional: false), .init(label: "startRadius", optional: false), .init(label: "endRadius", optional: false),
            ])
            return .radialGradient(
                RadialGradient(
                    colors: colors, center: try unitPoint(args["center"]!), startRadius: try number(args, "startRadius", 0),
                    endRadius: try number(args, "endRadius", 0)))
        case "EllipticalGradient":
            let args = try list([.init(label: "center"), .init(label: "startRadiusFraction"), .init(label: "endRadiusFraction")])
            return .ellipticalGradient(
                EllipticalGradient(
                    colors: colors, center: try args["center"].map { (v) throws(SpecError) in try unitPoint(v) } ?? UnitPoint(x: 0.5, y: 0.5),
                    startRadiusFraction: try number(args, "startRadiusFraction", 0), endRadiusFraction: try number(args, "endRadiusFraction", 0.5)))
        default:
            let args = try list([
                .init(label: "center", optional: false), .init(label: "startAngle"), .init(label: "endAngle"), .init(label: "angle"),
            ])
            let center = try unitPoint(args["center"]!)
            if let angle = args["angle"] {
                guard args["startAngle"] == nil, args["endAngle"] == nil else {
                    throw fail(angle, "AngularGradient takes angle: (a full turn from it) or startAngle:/endAngle:, not both")
                }
                let start = try self.angle(angle)
                return .angularGradient(AngularGradient(colors: colors, center: center, startAngle: start, endAngle: start + 360))
            }
            return .angularGradient(
                AngularGradient(
                    colors: colors, center: center, startAngle: try args["startAngle"].map { (v) throws(SpecError) in try self.angle(v) } ?? 0,
                    endAngle: try args["endAngle"].map { (v) throws(SpecError) in try self.angle(v) } ?? 0))
        }
    }

    /// `.degrees(90)`, `.radians(1.5)`, `Angle(degrees:)` or `.zero`, in degrees.
    private func angle(_ e: Expression) throws(SpecError) -> Double {
        if case .member("zero") = e.kind { return 0 }
        return try degrees(e)
    }

    /// The colours of a gradient's arguments (`colors:`, `gradient:` or an unlabelled first
    /// argument) and the other arguments.
    private func gradientColors(_ arguments: [Argument], call: String, at e: Expression) throws(SpecError) -> ([RGBAColor], [Argument]) {
        guard let index = arguments.firstIndex(where: { $0.label == nil || $0.label == "colors" || $0.label == "gradient" }) else {
            throw fail(e, "\(call) needs colors: [.red, .blue] or gradient: Gradient(colors: […])")
        }
        var rest = arguments
        let argument = rest.remove(at: index)
        var list = argument.value
        if argument.label != "colors" {
            if case .qualified(let type, "gradient") = list.kind, type.count == 2, type[0] == "Color" {
                let base = try color(Expression(kind: .qualified(type: ["Color"], member: type[1]), offset: list.offset))
                return (LinearGradient.standard(base).colors, rest)
            }
            guard case .call("Gradient", let inner) = list.kind else {
                throw fail(list, "gradient must be Gradient(colors: […]) or Color.….gradient")
            }
            let gradientArgs = try ArgumentList(
                inner, signature: [.init(label: "colors", optional: false)], call: "Gradient", param: param, offset: list.offset)
            list = gradientArgs["colors"]!
        }
        guard case .array(let items) = list.kind, items.count >= 2 else {
            throw fail(list, "colors must be a list of at least two colours, e.g. [.red, .blue]")
        }
        var colors: [RGBAColor] = []
        for item in items { colors.append(try color(item)) }
        return (colors, rest)
    }
}
