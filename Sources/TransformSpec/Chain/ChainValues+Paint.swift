import Layout

extension ChainValues {
    /// A `ShapeStyle` for backgrounds, overlays, borders and fills: a colour or a gradient
    /// (`ChainValues+Gradients.swift`).
    func paint(_ e: Expression) throws(SpecError) -> Paint {
        if let gradient = try gradient(e) { return gradient }
        return .color(try color(e))
    }

    /// `.red`, `Color.red`, `Color(red:green:blue:opacity:)`, `Color(white:opacity:)`, `Color(hex:)`,
    /// each optionally followed by `.opacity(x)`.
    func color(_ e: Expression) throws(SpecError) -> RGBAColor {
        switch e.kind {
        case .member(let name), .qualified(["Color"], let name):
            guard let color = NamedColors.color(named: name) else {
                throw fail(e, "unknown colour `\(name)`; named colours are \(NamedColors.all.map(\.name).joined(separator: ", "))")
            }
            return color
        case .call("Color", let arguments):
            return try colorInitializer(arguments, at: e)
        case .method(let base, "opacity", let arguments):
            var color = try color(base)
            let args = try ArgumentList(arguments, signature: [.init(label: nil, optional: false)], call: "opacity", param: param, offset: e.offset)
            color.opacity *= try unit(args[nil]!, "opacity")
            return color
        default:
            throw fail(e, "expected a colour: .red, Color.red, Color(red:green:blue:), Color(white:) or Color(hex: \"#rrggbb\")")
        }
    }

    private func colorInitializer(_ arguments: [Argument], at e: Expression) throws(SpecError) -> RGBAColor {
        let labels = Set(arguments.compactMap(\.label))
        if labels.contains("hex") {
            let args = try ArgumentList(arguments, signature: [.init(label: "hex", optional: false)], call: "Color", param: param, offset: e.offset)
            let text = try string(args["hex"]!, "hex")
            guard let color = ColorText.hex(text) else {
                throw fail(args["hex"]!, "hex must be rrggbb or rrggbbaa, with or without #; got \"\(text)\"")
            }
            return color
        }
        if labels.contains("white") {
            let args = try ArgumentList(
                arguments, signature: [.init(label: "white", optional: false), .init(label: "opacity")],
                call: "Color", param: param, offset: e.offset)
            let white = try unit(args["white"]!, "white")
            return RGBAColor(
                red: white, green: white, blue: white, opacity: try args["opacity"].map { (v) throws(SpecError) in try unit(v, "opacity") } ?? 1)
        }
        let args = try ArgumentList(
            arguments,
            signature: [
                .init(label: "red", optional: false), .init(label: "green", optional: false),
                .init(label: "blue", optional: false), .init(label: "opacity"),
            ],
            call: "Color", param: param, offset: e.offset)
        return RGBAColor(
            red: try unit(args["red"]!, "red"), green: try unit(args["green"]!, "green"), blue: try unit(args["blue"]!, "blue"),
            opacity: try args["opacity"].map { (v) throws(SpecError) in try unit(v, "opacity") } ?? 1)
    }

    /// A colour component or opacity: a number in 0…1.
    private func unit(_ e: Expression, _ what: String) throws(SpecError) -> Double {
        let value = try number(e, what)
        guard (0...1).contains(value) else { throw fail(e, "\(what) must be between 0 and 1; got \(format(value))") }
        return value
    }

    /// `.top`, `UnitPoint.bottomTrailing` or `UnitPoint(x:y:)`.
    func unitPoint(_ e: Expression) throws(SpecError) -> UnitPoint {
        if case .call("UnitPoint", let arguments) = e.kind {
            let args = try ArgumentList(
                arguments, signature: [.init(label: "x", optional: false), .init(label: "y", optional: false)],
                call: "UnitPoint", param: param, offset: e.offset)
            let x = try number(args["x"]!, "x")
            let y = try number(args["y"]!, "y")
            guard x.isFinite, y.isFinite else { throw fail(e, "UnitPoint coordinates must be finite") }
            return UnitPoint(x: x, y: y)
        }
        let alignment = try enumCase(e, Alignment.self, "a unit point")
        return UnitPoint(x: alignment.horizontalFraction, y: alignment.verticalFraction)
    }
}
