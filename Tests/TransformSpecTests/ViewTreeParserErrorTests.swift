import Layout
import Testing
import TransformSpec

/// Malformed view trees: each error says where (offset) and what.
@Suite("view trees: errors and limits")
struct ViewTreeParserErrorTests {
    /// Chain text → (offset, a fragment of the message).
    static let errors: [(String, Int, String)] = [
        ("HStack{Color.red", 16, "expected `}` to close HStack at offset 0; found end of chain"),
        ("VStack(spacing:4){Color.red;;Color.blue}", 28, "an empty child in VStack at offset 0"),
        ("ZStack{;Color.red}", 7, "an empty child in ZStack"),
        ("HStack{Color.red Color.blue}", 17, "expected `.` and a modifier, `;`, a new line or `}`; found `Color`"),
        ("HStack Color.red", 7, "`{` and the children of HStack"),
        ("HStack{Toggle(\"x\")}", 7, "a modifier or a leaf view: Image(\"name\")"),
        ("Squircle()", 0, "a modifier or a leaf view"),
        ("Color.red\nColor.blue", 10, "one view: put several in an HStack, VStack or ZStack"),
        ("Color.red;Color.blue", 9, "one view"),
        ("HStack(spacin:4){}", 7, "HStack does not take `spacin:` here; expected `alignment:`, `spacing:`"),
        ("ZStack(spacing:4){}", 7, "ZStack does not take `spacing:` here"),
        ("HStack(alignment:.leading){}", 17, "HStack alignment must be one of .top, .center, .bottom"),
        ("VStack(spacing:.infinity){}", 15, "spacing must be a finite number or nil"),
        ("RoundedRectangle(radius:4)", 17, "RoundedRectangle does not take `radius:` here"),
        ("RoundedRectangle()", 0, "RoundedRectangle needs its `cornerRadius:` argument"),
        ("Circle(radius:3)", 7, "Circle does not take `radius:` here; expected no more arguments"),
        ("Capsule(style:.round)", 14, "style must be one of .circular, .continuous"),
        ("Circle().frame(width:3).fill(.red)", 24, "fill is a Shape modifier"),
        ("Circle().fill(.red).stroke(.blue)", 20, "a shape takes one fill or stroke"),
        ("Circle().stroke(.red,lineWidth:-1)", 31, "lineWidth must be a finite number ≥ 0"),
        ("Text(\"a\").lineLimit(0)", 20, "lineLimit must be a whole number from 1"),
        ("Text(\"a\").font(.huge)", 15, "unknown font `.huge`"),
        ("Text(\"a\").minimumScaleFactor(2)", 29, "minimumScaleFactor must be above 0 and at most 1"),
        ("Text(\"a\") + Circle()", 12, "`+` joins Texts only"),
        ("Text(\"a\") Text(\"b\")", 10, "in a URL query a raw `+` reads as a space"),
        ("Text(\"a\").font(.title.huge())", 15, "unknown Font method `huge`"),
        ("Text(\"a\").fontWeight(.fat)", 21, "font weight must be one of .ultraLight"),
        ("Text(\"a\").font(.system(size:9,weight:.fat))", 37, "font weight must be one of .ultraLight"),
        ("Text(\"a\").foregroundStyle(.plum)", 26, "unknown colour `plum`"),
        ("Text(42)", 5, "Text's content must be a string"),
        ("Spacer(minLength:-1)", 17, "minLength must be a finite number ≥ 0"),
        ("Color.red.padding(.sideways)", 18, "padding length must be a number"),
        ("Color.red.padding(length:3)", 18, "padding takes no labels"),
        ("Color.red.padding(.top,.infinity)", 23, "padding length must be a finite number"),
        ("Color.red.alignmentGuide(.center){_ in 3}", 25, "`.center` is ambiguous here"),
        ("Color.red.alignmentGuide(.top){d in d.width*2}", 36, "a vertical guide can use d.height only"),
        ("Color.red.alignmentGuide(.top){d in 2+d.height}", 37, "found `+`"),
        ("Color.red.alignmentGuide(.top)", 10, "alignmentGuide needs a closure"),
        ("Color.red.alignmentGuide(.top){d d.height}", 33, "`in` after the closure parameter"),
        ("Color.red.overlay{Color.blue;Color.green}", 28, "the content of overlay is one view; put several in a ZStack"),
        ("Color.red.shadow(color:.red)", 10, "shadow needs its `radius:` argument"),
        ("Color.red.clipShape(Star())", 20, "unknown shape `Star`"),
        ("Color.red.hueRotation(90)", 22, "expected an angle: .degrees(90)"),
        ("Color.red.opacity(0.5).frame(width:1).opacity(2)", 46, "opacity must be between 0 and 1"),
        ("Color.red.fixedSize(horizontal:true)", 10, "fixedSize needs its `vertical:` argument"),
        ("Color.red.id(3)", 13, "id must be a string"),
        ("Color.red.ignoresSafeArea(.keyboard)", 26, "ignoresSafeArea does not take an unlabelled value here"),
        ("Color.red.layoutPriority(.infinity)", 25, "layoutPriority must be a finite number"),
        ("Color.red.blur(3)", 15, "blur does not take an unlabelled value here"),
        ("HStack{Image(systemName:\"a/b\")}", 13, "is not an SF Symbols name"),
        ("HStack{Image(named:\"star\")}", 13, "Image needs a source name in quotes"),
    ]

    @Test("reports offset and expectation", arguments: errors)
    func error(_ chain: String, _ offset: Int, _ fragment: String) {
        do {
            let view = try TransformSpec.parseChain(chain, source: "src.jpg")
            Issue.record("expected an error, parsed \(view)")
        } catch {
            #expect(error.parameter == "chain")
            #expect(error.description.contains("at offset \(offset):"), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    static func limitMessage(_ chain: String, _ limits: SpecLimits = SpecLimits()) -> String? {
        do {
            _ = try TransformSpec.parseChain(chain, source: "src.jpg", limits: limits)
            return nil
        } catch {
            guard case .limitExceeded = error else { return "not a limit: \(error)" }
            return error.description
        }
    }

    @Test("limits: children per container, depth, nodes; each error says where")
    func limits() {
        let limits = SpecLimits()
        #expect(limits.maxChildren == 64 && limits.maxDepth == 16 && limits.maxNodes == 256)
        let children = { (n: Int) in "VStack{HStack{" + Array(repeating: "Spacer()", count: n).joined(separator: ";") + "}}" }
        #expect(Self.limitMessage(children(64)) == nil)
        #expect(Self.limitMessage(children(65)) == "`chain`: `HStack` at offset 7 has 65 children; the limit is 64")

        let nested = { (n: Int) in String(repeating: "ZStack{", count: n) + "Spacer()" + String(repeating: "}", count: n) }
        #expect(Self.limitMessage(nested(16)) == nil)
        #expect(Self.limitMessage(nested(17)) == "`chain`: `ZStack` at offset 112 nests views 17 levels deep; the limit is 16")
        // Overlay content counts toward the same depth.
        #expect(Self.limitMessage("Color.red.overlay{" + nested(16) + "}")?.contains("nests views 17 levels deep") == true)

        var small = SpecLimits()
        small.maxNodes = 5
        // HStack, Spacer, Spacer, .padding(), Spacer: the fifth fits, the sixth (a modifier at 35) does not.
        #expect(Self.limitMessage("HStack{Spacer();Spacer().padding();Spacer()}", small) == nil)
        #expect(
            Self.limitMessage("HStack{Spacer();Spacer().padding();Spacer().id(\"x\")}", small)
                == "`chain` at offset 44: more than 5 views and modifiers; the limit is 5")
        #expect(Self.limitMessage(String(repeating: "Spacer();", count: 200), SpecLimits(maxChainLength: 4096))?.hasPrefix("not a limit") == true)
        let wide =
            "HStack{"
            + Array(repeating: "VStack{" + Array(repeating: "Spacer()", count: 60).joined(separator: ";") + "}", count: 5).joined(separator: ";")
            + "}"
        #expect(Self.limitMessage(wide, SpecLimits(maxChainLength: 8192))?.contains("more than 256 views and modifiers") == true)
    }
}
