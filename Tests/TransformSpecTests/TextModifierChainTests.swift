import Layout
@testable import TransformSpec
import Testing

/// The text modifiers `baselineOffset`, `underline`, `strikethrough`, `textCase` and `lineSpacing`
/// parsed and printed back in their canonical form.
@Suite("chain: text decorations, case, baseline offset and line spacing")
struct TextModifierChainTests {
    @Test(
        "each spelling prints in one form and parses back to the same view",
        arguments: [
            (#"Text("a").baselineOffset(4)"#, #"Text("a").baselineOffset(4)"#),
            (#"Text("a").underline()"#, #"Text("a").underline()"#),
            (#"Text("a").underline(true, color: .red)"#, #"Text("a").underline(color:Color.red)"#),
            (#"Text("a").underline(false)"#, #"Text("a").underline(false)"#),
            (#"Text("a").strikethrough(pattern: .dashDot, color: nil)"#, #"Text("a").strikethrough(pattern:.dashDot)"#),
            (#"Text("a").textCase(.uppercase)"#, #"Text("a").textCase(.uppercase)"#),
            (#"Text("a").textCase(nil)"#, #"Text("a").textCase(nil)"#),
            (#"Text("a").lineSpacing(6)"#, #"Text("a").lineSpacing(6)"#),
            (#"VStack { Text("a") }.underline().lineSpacing(2)"#, #"VStack{Text("a").underline().lineSpacing(2)}"#),
        ])
    func prints(_ chain: String, _ expected: String) throws {
        let view = try TransformSpec.parseChain(chain, source: "s.jpg")
        let text = ChainPrinter(source: "s.jpg").print(view)
        #expect(text == expected)
        #expect(try TransformSpec.parseChain(text, source: "s.jpg") == view)
    }

    @Test(
        "mistakes are named",
        arguments: [#"Text("a").textCase(.title)"#, #"Text("a").underline(pattern: .wavy)"#, #"Text("a").lineSpacing(.infinity)"#])
    func rejects(_ chain: String) {
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "s.jpg") }
    }
}

/// `stroke(style:)` and `strokeBorder(style:)` printed in canonical form.
@Suite("chain: StrokeStyle")
struct StrokeStyleChainTests {
    @Test(
        "each spelling prints in one form and parses back to the same view",
        arguments: [
            (
                "Circle().stroke(.red, style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [5, 3]))",
                "Circle().stroke(Color.red,style:StrokeStyle(lineWidth:3,lineCap:.round,dash:[5,3]))"
            ),
            ("Circle().stroke(style: StrokeStyle(lineWidth: 2))", "Circle().stroke(lineWidth:2)"),
            (
                "Rectangle().strokeBorder(Color.blue, style: StrokeStyle(lineJoin: .bevel, miterLimit: 4, dash: [2], dashPhase: 1))",
                "Rectangle().strokeBorder(Color.blue,style:StrokeStyle(lineJoin:.bevel,miterLimit:4,dash:[2],dashPhase:1))"
            ),
        ])
    func prints(_ chain: String, _ expected: String) throws {
        let view = try TransformSpec.parseChain(chain, source: "s.jpg")
        let text = ChainPrinter(source: "s.jpg").print(view)
        #expect(text == expected)
        #expect(try TransformSpec.parseChain(text, source: "s.jpg") == view)
    }

    @Test(
        "mistakes are named",
        arguments: [
            "Circle().stroke(lineWidth: 2, style: StrokeStyle())", "Circle().stroke(style: StrokeStyle(lineCap: .flat))", "Circle().stroke(style: 2)",
        ])
    func rejects(_ chain: String) {
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "s.jpg") }
    }
}
