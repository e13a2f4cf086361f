import Layout
import Testing
import TransformSpec

/// Radial, elliptical and angular gradients, the gradient shape styles and `Color.….gradient` in
/// chains: as views, as fills and backgrounds, with their defaults, printed back to one spelling.
@Suite("gradients in chains")
struct GradientChainTests {
    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    static let red = NamedColors.color(named: "red")!, blue = NamedColors.color(named: "blue")!
    static let center = UnitPoint(x: 0.5, y: 0.5)

    @Test(
        "each gradient view builds its paint, defaults filled in, and its canonical text parses back",
        arguments: [
            (
                "RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 50)",
                Paint.radialGradient(RadialGradient(colors: [red, blue], center: center, startRadius: 0, endRadius: 50))
            ),
            ("EllipticalGradient(colors: [.red, .blue])", .ellipticalGradient(EllipticalGradient(colors: [red, blue]))),
            (
                "EllipticalGradient(gradient: Gradient(colors: [.red, .blue]), center: .topLeading, endRadiusFraction: 1)",
                .ellipticalGradient(EllipticalGradient(colors: [red, blue], center: UnitPoint(x: 0, y: 0), endRadiusFraction: 1))
            ),
            ("AngularGradient(colors: [.red, .blue], center: .center)", .angularGradient(AngularGradient(colors: [red, blue], center: center))),
            (
                "AngularGradient(colors: [.red, .blue], center: .center, startAngle: .degrees(90), endAngle: .zero)",
                .angularGradient(AngularGradient(colors: [red, blue], center: center, startAngle: 90, endAngle: 0))
            ),
            (
                "AngularGradient(colors: [.red, .blue], center: .center, angle: .degrees(45))",
                .angularGradient(AngularGradient(colors: [red, blue], center: center, startAngle: 45, endAngle: 405))
            ),
            ("Color.blue.gradient", .linearGradient(LinearGradient.standard(blue))),
        ])
    func views(_ text: String, _ paint: Paint) throws {
        let view = try Self.parse(text)
        #expect(view == .shape(paint))
        let canonical = TransformSpec(source: "src.jpg", view: view).canonicalChain
        #expect(try Self.parse(canonical) == view, "\(canonical)")
    }

    @Test("as fills and backgrounds, through the views and the ShapeStyle statics alike")
    func styles() throws {
        let radial = Paint.radialGradient(RadialGradient(colors: [Self.red, Self.blue], center: Self.center, startRadius: 5, endRadius: 20))
        #expect(
            try Self.parse("Circle().fill(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 5, endRadius: 20))")
                == (try Self.parse("Circle().fill(.radialGradient(colors: [.red, .blue], center: .center, startRadius: 5, endRadius: 20))")))
        #expect(
            try Self.parse("Color.clear.background(.radialGradient(Gradient(colors: [.red, .blue]), center: .center, startRadius: 5, endRadius: 20))")
                == .backgroundStyle(.shape(.color(.clear)), radial))
        #expect(
            try Self.parse("Rectangle().fill(.linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))")
                == (try Self.parse("Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))")))
        #expect(
            try Self.parse("Rectangle().fill(Color.blue.gradient)")
                == (try Self.parse("Rectangle().fill(.linearGradient(Color.blue.gradient, startPoint: .top, endPoint: .bottom))")))
        #expect(
            try Self.parse("Rectangle().fill(.angularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(180)))")
                == .shapeView(
                    ShapeView(
                        kind: .rectangle,
                        paint: .angularGradient(AngularGradient(colors: [Self.red, Self.blue], center: Self.center, startAngle: 0, endAngle: 180)))))
    }

    @Test("Color.….gradient runs from the colour lightened an eighth of the way to white down to the colour")
    func standardGradient() {
        let g = LinearGradient.standard(Self.blue)
        #expect(g.colors == [RGBAColor(bytes: 32, 139, 255), Self.blue])
        #expect(g.startPoint == UnitPoint(x: 0.5, y: 0) && g.endPoint == UnitPoint(x: 0.5, y: 1))
    }

    @Test(
        "missing or doubled arguments are refused",
        arguments: [
            "RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0)",
            "RadialGradient(colors: [.red], center: .center, startRadius: 0, endRadius: 1)",
            "AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, angle: .degrees(4))", "EllipticalGradient(center: .center)",
        ])
    func refusals(_ text: String) {
        #expect(throws: SpecError.self) { try Self.parse(text) }
    }
}
