import Foundation
import Layout
@testable import TransformSpec
import Testing

/// `Font.custom` in chains and templates: SwiftUI's three forms parse to one `Font.custom` value
/// each (how it scales kept), print back canonically, and wrong spellings are refused with messages
/// that list every form a font takes.
@Suite("chains: Font.custom")
struct CustomFontChainTests {
    static let printer = ChainPrinter(source: "src.jpg")

    static func font(_ chain: String) throws -> Font? {
        guard case .text(let text) = try TransformSpec.parseChain(chain, source: "src.jpg") else { return nil }
        return text.runs[0].attributes.font
    }

    @Test(
        "each form parses to its scaling and prints back canonically",
        arguments: [
            (
                #"Text("a").font(.custom("Brand Sans", size: 40))"#, Font.custom("Brand Sans", size: 40, scaling: .relative(to: .body)),
                #"Text("a").font(.custom("Brand Sans",size:40))"#
            ),
            (
                #"Text("a").font(Font.custom("Brand Sans", size: 40, relativeTo: .title))"#,
                .custom("Brand Sans", size: 40, scaling: .relative(to: .title)),
                #"Text("a").font(.custom("Brand Sans",size:40,relativeTo:.title))"#
            ),
            (
                #"Text("a").font(.custom("Brand Sans", size: 12.5, relativeTo: .body))"#,
                .custom("Brand Sans", size: 12.5, scaling: .relative(to: .body)),
                #"Text("a").font(.custom("Brand Sans",size:12.5))"#
            ),
            (
                #"Text("a").font(.custom("Brand Sans", fixedSize: 9))"#, .custom("Brand Sans", size: 9, scaling: .fixed),
                #"Text("a").font(.custom("Brand Sans",fixedSize:9))"#
            ),
        ])
    func forms(chain: String, font: Font, canonical: String) throws {
        #expect(try Self.font(chain) == font)
        let node = try TransformSpec.parseChain(chain, source: "src.jpg")
        #expect(Self.printer.print(node) == canonical)
        #expect(try TransformSpec.parseChain(canonical, source: "src.jpg") == node, "parse(print(x)) == x")
        #expect(
            font.pointSize == (chain.contains("12.5") ? 12.5 : chain.contains("fixedSize") ? 9 : 40),
            "every form draws its size at Dynamic Type Large")
    }

    @Test("weight and italic on a custom font, as Font methods or Text modifiers, round-trip")
    func styled() throws {
        for chain in [
            #"Text("a").font(.custom("Brand",size:20).bold().italic())"#,
            #"Text("a").font(.custom("Brand",fixedSize:20)).fontWeight(.semibold).italic()"#,
            #"VStack{Text("a");Text("b").font(.title)}.font(.custom("Brand",size:20,relativeTo:.caption))"#,
            #"Image(systemName:"star").font(.custom("Brand",size:30))"#,
        ] {
            let node = try TransformSpec.parseChain(chain, source: "src.jpg")
            let printed = Self.printer.print(node)
            #expect(try TransformSpec.parseChain(printed, source: "src.jpg") == node, "\(chain) → \(printed)")
        }
        #expect(try TransformSpec.parseChain(#"Text("a").font(.custom("Brand",size:20).bold())"#, source: "s").customFontFamilies == ["Brand"])
        let stack = try TransformSpec.parseChain(
            #"VStack{Text("a");Text("b").font(.custom("Other",size:9))}.font(.custom("Brand",size:20))"#, source: "s")
        #expect(stack.customFontFamilies == ["Brand", "Other"], "a container's font reaches its Texts")
    }

    @Test(
        "wrong spellings are refused, naming the argument or listing the forms",
        arguments: [
            (#"Text("a").font(.custom("Brand"))"#, "custom needs its `size:` argument"),
            (#"Text("a").font(.custom(size: 20))"#, "custom needs an unlabelled value before its `size:` argument"),
            (#"Text("a").font(.custom("Brand", size: 20, weight: .bold))"#, "custom does not take `weight:` here"),
            (#"Text("a").font(.custom("Brand", fixedSize: 20, relativeTo: .title))"#, "custom does not take `relativeTo:` here"),
            (#"Text("a").font(.custom("Brand", size: 0))"#, "font size must be a finite number > 0"),
            (#"Text("a").font(.custom("Brand", size: 20, relativeTo: .huge))"#, "relativeTo must be one of .largeTitle"),
            (#"Text("a").font(.custom(Brand, size: 20))"#, "a value"),
            (#"Text("a").font(.custom(12, size: 20))"#, "the font family must be a string in double quotes"),
            (#"Text("a").font(.custom("  ", size: 20))"#, "the font family must not be empty"),
            (#"Text("a").font(.custom("Brand, Inter", size: 20))"#, "one family name, without commas"),
            (#"Text("a").font(.brand)"#, "unknown font `.brand`; a font is a text style (.largeTitle"),
            (#"Text("a").font(.costum("Brand", size: 20))"#, "unknown font `.costum(…)`; did you mean `.custom`?"),
            (#"Text("a").font(.system)"#, ".custom(_:size:), .custom(_:size:relativeTo:) or .custom(_:fixedSize:)"),
            (#"Text("a").font(12)"#, "expected a font: a text style"),
        ])
    func refusals(chain: String, fragment: String) {
        expectRejection("chain=" + chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, parameter: "chain", mentioning: fragment)
    }

    @Test("a template's Font.custom parses like a chain's and prints back")
    func template() throws {
        let text = """
            let title = "Launch"
            VStack(spacing: 8) {
                Text("\\(title)").font(.custom("Brand Sans", size: 40, relativeTo: .largeTitle))
                Text("\\(subtitle)").font(.custom("Brand Sans", fixedSize: 17).italic())
            }
            .padding(20)
            """
        let template = try ViewTemplate(name: "launch", text: text, limits: SpecLimits())
        let spec = try template.spec(query: "subtitle=today", limits: SpecLimits())
        #expect(spec.view.customFontFamilies == ["Brand Sans"])
        #expect(spec.canonicalChain.contains(#".font(.custom("Brand Sans",size:40,relativeTo:.largeTitle))"#), "\(spec.canonicalChain)")
        #expect(spec.canonicalChain.contains(#".font(.custom("Brand Sans",fixedSize:17)).italic()"#), "\(spec.canonicalChain)")
    }
}
