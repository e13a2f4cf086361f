import Layout
@testable import TransformSpec
import Testing

/// `rotationEffect`, `scaleEffect`, `mask`, `blendMode` and `zIndex` parsed, built and printed back
/// in their canonical form, which parses to the same view.
@Suite("chain: rotation, scale, mask, blend mode and zIndex")
struct EffectChainTests {
    static func canonical(_ chain: String) throws -> String {
        let view = try TransformSpec.parseChain(chain, source: "s.jpg")
        let text = ChainPrinter(source: "s.jpg").print(view)
        #expect(try TransformSpec.parseChain(text, source: "s.jpg") == view, "\(text) parses back differently")
        return text
    }

    @Test(
        "each spelling prints in one form",
        arguments: [
            ("Circle().rotationEffect(.degrees(45))", "Circle().rotationEffect(.degrees(45))"),
            ("Circle().rotationEffect(Angle(degrees: 90), anchor: .topLeading)", "Circle().rotationEffect(.degrees(90),anchor:.topLeading)"),
            (
                "Circle().rotationEffect(.radians(0), anchor: UnitPoint(x: 0.25, y: 1))",
                "Circle().rotationEffect(.degrees(0),anchor:UnitPoint(x:0.25,y:1))"
            ),
            ("Circle().scaleEffect(2)", "Circle().scaleEffect(2)"),
            ("Circle().scaleEffect(x: 2, y: 2)", "Circle().scaleEffect(2)"),
            ("Circle().scaleEffect(CGSize(width: 2, height: 0.5), anchor: .bottom)", "Circle().scaleEffect(x:2,y:0.5,anchor:.bottom)"),
            ("Circle().scaleEffect(y: -1)", "Circle().scaleEffect(x:1,y:-1)"),
            ("Color.red.mask { Circle() }", "Color.red.mask{Circle()}"),
            ("Color.red.mask(Circle())", "Color.red.mask{Circle()}"),
            ("Color.red.mask(alignment: .top) { Text(\"A\") }", "Color.red.mask(alignment:.top){Text(\"A\")}"),
            ("Circle().blendMode(.multiply)", "Circle().blendMode(.multiply)"),
            ("Circle().blendMode(.colorDodge)", "Circle().blendMode(.colorDodge)"),
            ("Circle().zIndex(-2)", "Circle().zIndex(-2)"),
        ])
    func prints(_ chain: String, _ expected: String) throws {
        #expect(try Self.canonical(chain) == expected)
    }

    @Test("angles in radians become degrees; mask and effects build their nodes")
    func builds() throws {
        let rotated = try TransformSpec.parseChain("Circle().rotationEffect(.radians(3.141592653589793))", source: "s.jpg")
        guard case .effect(_, .rotation(let degrees, let anchor)) = rotated else { Issue.record("\(rotated)"); return }
        #expect(abs(degrees - 180) < 1e-9 && anchor == UnitPoint(x: 0.5, y: 0.5))
        let masked = try TransformSpec.parseChain("Color.red.mask{Circle()}", source: "s.jpg")
        guard case .mask(_, .shapeView, .center) = masked else { Issue.record("\(masked)"); return }
    }

    @Test(
        "mistakes are named",
        arguments: [
            "Circle().rotationEffect(45)", "Circle().scaleEffect(2, x: 1)", "Circle().blendMode(.plusDarker)", "Circle().zIndex(.infinity)",
            "Circle().rotationEffect(.degrees(90), anchor: .middle)", "Circle().mask()",
        ])
    func rejects(_ chain: String) {
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "s.jpg") }
    }
}
