import Layout
@testable import TransformSpec
import Testing

/// `Image(systemName:)` in the chain language: what it builds, how it prints, what it rejects.
@Suite("chain: symbols")
struct SymbolChainTests {
    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    static let red = NamedColors.color(named: "red")!

    @Test("symbol modifiers fold into the leaf; view modifiers wrap it")
    func builds() throws {
        #expect(try Self.parse("Image(systemName: \"trophy\")") == .symbol(SymbolView(name: "trophy")))
        let styled = try Self.parse("Image(systemName: \"star.fill\").resizable().font(.title).imageScale(.large).foregroundColor(.red)")
        #expect(styled == .symbol(SymbolView(name: "star.fill", font: .textStyle(.title), color: Self.red, scale: .large, isResizable: true)))
        let award = try Self.parse("Image(systemName: \"trophy\").resizable().frame(width: 200, height: 200).shadow(color: .mint, radius: 5)")
        guard case .effect(.frame(.symbol(let symbol), 200, 200, .center), .shadow) = award else { Issue.record("\(award)"); return }
        #expect(symbol.isResizable && symbol.font == nil && symbol.color == nil)
        let fitted = try Self.parse("Image(systemName: \"heart\").resizable().scaledToFit().frame(width: 30)")
        #expect(
            fitted
                == .frame(
                    .aspectRatio(.symbol(SymbolView(name: "heart", isResizable: true)), ratio: nil, contentMode: .fit),
                    width: 30, height: nil, alignment: .center))
    }

    @Test("font and foregroundStyle outside the symbol's frame reach it, unless it set its own (the environment)")
    func inherits() throws {
        let outer = try Self.parse("Image(systemName: \"square.fill\").resizable().frame(width: 40, height: 40).foregroundStyle(.red)")
        #expect(
            outer == .frame(.symbol(SymbolView(name: "square.fill", color: Self.red, isResizable: true)), width: 40, height: 40, alignment: .center))
        let inner = try Self.parse(
            "HStack { Image(systemName: \"star\").foregroundStyle(.blue); Image(systemName: \"heart\") }.foregroundStyle(.red).font(.title)")
        guard case .hStack(_, _, let children) = inner, case .symbol(let star) = children[0], case .symbol(let heart) = children[1] else {
            Issue.record("\(inner)"); return
        }
        #expect(star.color == NamedColors.color(named: "blue") && heart.color == Self.red)
        #expect(star.font == .textStyle(.title) && heart.font == .textStyle(.title))
    }

    @Test("canonical printing round-trips, explicit .body and black included")
    func prints() throws {
        let printer = ChainPrinter(source: "src.jpg")
        for view in [
            SymbolView(name: "trophy"), SymbolView(name: "star.fill", font: .textStyle(.body), color: TextView.primary),
            SymbolView(name: "a.b", font: .system(size: 20, weight: .bold), color: Self.red, scale: .small, isResizable: true),
        ] {
            let text = printer.print(.symbol(view))
            #expect(try TransformSpec.parseChain(text, source: "src.jpg") == .symbol(view), "\(text)")
        }
        #expect(
            printer.print(.symbol(SymbolView(name: "star", font: .textStyle(.title), color: Self.red, scale: .large, isResizable: true)))
                == "Image(systemName:\"star\").resizable().font(.title).imageScale(.large).foregroundStyle(Color.red)")
    }

    /// Chain text → (offset, a fragment of the message).
    static let errors: [(String, Int, String)] = [
        ("Image(systemName: \"../etc/passwd\")", 6, "is not an SF Symbols name"),
        ("Image(systemName: \"Star\")", 6, "lower-case words and digits joined by dots"),
        ("Image(systemName: \"star..fill\")", 6, "e.g. Image(systemName: \"star.fill\")"),
        ("Image(systemName: \"\")", 6, "is not an SF Symbols name"),
        ("Image(systemName: 3)", 18, "must be a string"),
        ("Image(systemName: \"star\").resizable(resizingMode: .tile)", 26, "write resizable() with no arguments"),
        ("Image(systemName: \"star\").imageScale(.huge)", 37, "image scale must be one of .small, .medium, .large"),
        ("Image(systemName: \"star\").bold()", 26, "bold has no effect on a symbol"),
        ("Image(systemName: \"star\").interpolation(.high)", 26, "interpolation has no effect on a symbol"),
        ("Color.red.imageScale(.large)", 10, "imageScale(_:) is supported directly on a symbol only"),
        ("Image(systemName: \"star\").frame(width: 9).imageScale(.large)", 42, "imageScale(_:) is supported directly on a symbol only"),
    ]

    @Test("errors say what is wrong and how to write it", arguments: errors)
    func error(_ text: String, _ offset: Int, _ fragment: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard case .argument(_, let at, let message) = error as? SpecError else { return false }
            return at == offset && message.contains(fragment)
        }
    }
}
