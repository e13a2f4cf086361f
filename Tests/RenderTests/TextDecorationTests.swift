import Layout
import Render
import TransformSpec
import Testing

/// `baselineOffset`, `underline`, `strikethrough`, `textCase` and `lineSpacing`: measured with the
/// renderer's measurer and drawn.
@Suite("render: text decorations, case, baseline offset and line spacing")
struct TextDecorationTests {
    static func text(_ chain: String) throws -> TextView {
        guard case .text(let text) = try TransformSpec.parseChain(chain, source: "unused.png") else { throw TextChainError() }
        return text
    }

    struct TextChainError: Error {}

    static func size(_ chain: String, width: Double? = nil) throws -> Size {
        PangoTextMeasurer().size(of: try text(chain), proposal: ProposedSize(width: width, height: nil), pixelLength: 1e-6)
    }

    @Test("lineSpacing adds its points between lines only")
    func lineSpacing() throws {
        let plain = try Self.size(#"Text("one\ntwo\nthree")"#)
        let spaced = try Self.size(#"Text("one\ntwo\nthree").lineSpacing(10)"#)
        #expect(abs(spaced.height - (plain.height + 20)) < 1e-3, "\(plain) \(spaced)")
        #expect(abs(spaced.width - plain.width) < 1e-3)
        let single = try Self.size(#"Text("one").lineSpacing(10)"#)
        #expect(abs(single.height - (try Self.size(#"Text("one")"#)).height) < 1e-3)
    }

    @Test("baselineOffset makes the line taller by the offset, up or down")
    func baselineOffset() throws {
        let plain = try Self.size(#"Text("Hi")"#)
        #expect(abs(try Self.size(#"Text("Hi").baselineOffset(10)"#).height - (plain.height + 10)) < 1e-3)
        #expect(abs(try Self.size(#"Text("Hi").baselineOffset(-4)"#).height - (plain.height + 4)) < 1e-3)
    }

    @Test("textCase(.uppercase) measures and draws the upper-case string; nil undoes an outer case")
    func textCase() throws {
        #expect(try Self.size(#"Text("abc").textCase(.uppercase)"#) == (try Self.size(#"Text("ABC")"#)))
        #expect(try Self.size(#"Text("ABC").textCase(.lowercase)"#) == (try Self.size(#"Text("abc")"#)))
        let view = try TransformSpec.parseChain(#"VStack{Text("abc").textCase(nil)}.textCase(.uppercase)"#, source: "unused.png")
        guard case .vStack(_, _, let children) = view, case .text(let inner) = children[0] else { Issue.record("\(view)"); return }
        #expect(inner.runs[0].attributes.textCase == .asWritten)
    }

    @Test("underline and strikethrough draw lines in their colours: the underline below the strike")
    func decorations() throws {
        let folder = try SourceFolder()
        let chain =
            #"Text("MMMM").font(.system(size:40)).underline(color:Color(red:1,green:0,blue:0)).strikethrough(true,pattern:.dash,color:Color(red:0,green:0,blue:1)).background(Color(white:1))"#
        let bitmap = try folder.render(view: try TransformSpec.parseChain(chain, source: "unused.png"))
        func rows(_ match: (RGBA) -> Bool) -> [Int] {
            (0..<bitmap.height).filter { y in (0..<bitmap.width).filter { match(bitmap[$0, y]) }.count > bitmap.width / 2 }
        }
        let red = rows { $0.r > 200 && $0.g < 60 && $0.b < 60 }
        let blue = rows { $0.b > 200 && $0.r < 60 && $0.g < 60 }
        #expect(!red.isEmpty && !blue.isEmpty, "red rows \(red), blue rows \(blue)")
        #expect((blue.max() ?? 0) < (red.min() ?? 0))
        let plain = try folder.render(
            view: try TransformSpec.parseChain(
                #"Text("MMMM").font(.system(size:40)).underline(false).background(Color(white:1))"#, source: "unused.png"))
        #expect(plain.width == bitmap.width && plain.height == bitmap.height)
    }
}
