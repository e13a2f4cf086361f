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

    @Test("mistakes are named", arguments: [#"Text("a").textCase(.title)"#, #"Text("a").underline(pattern: .wavy)"#, #"Text("a").lineSpacing(.infinity)"#])
    func rejects(_ chain: String) {
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "s.jpg") }
    }
}
