import Layout
import Testing
import TransformSpec

private let source = "src.jpg"

private func parse(_ chain: String) throws(SpecError) -> ViewNode {
    try TransformSpec.parseChain(chain, source: source)
}

private func canonical(_ chain: String) throws -> String {
    TransformSpec(source: source, view: try parse(chain)).canonicalChain
}

@Suite("chain parser: valid forms")
struct ChainParserValidTests {
    /// Chain text → its canonical form (which is itself parsed back in the round-trip test below).
    static let forms: [(String, String)] = [
        ("resizable()", #"Image("src.jpg").resizable()"#),
        ("  . resizable ( ) . frame ( width : 300 )", #"Image("src.jpg").resizable().frame(width:300)"#),
        (#"Image("logo.png").resizable()"#, #"Image("logo.png").resizable()"#),
        (#"Image("src.jpg").interpolation(.none)"#, #"Image("src.jpg").interpolation(.none)"#),
        ("Color.clear.frame(width:10,height:10)", "Color.clear.frame(width:10,height:10)"),
        ("Color(red:1,green:0,blue:0).frame(width:1,height:1)", ##"Color(hex:"#ff0000").frame(width:1,height:1)"##),
        (#"Color(hex:"ff3b30").frame(width:1,height:1)"#, "Color.red.frame(width:1,height:1)"),
        ("Color(white:0.5,opacity:0.25).frame(width:1,height:1)", "Color(red:0.5,green:0.5,blue:0.5,opacity:0.25).frame(width:1,height:1)"),
        ("Color.blue.opacity(0.5).frame(width:1,height:1)", "Color(red:0,green:0.47843137254901963,blue:1,opacity:0.5).frame(width:1,height:1)"),
        (
            "LinearGradient(colors:[.red,Color.blue],startPoint:.top,endPoint:.bottom).frame(width:10,height:10)",
            "LinearGradient(colors:[Color.red,Color.blue],startPoint:.top,endPoint:.bottom).frame(width:10,height:10)"
        ),
        (
            "LinearGradient(gradient:Gradient(colors:[.red,.blue]),startPoint:UnitPoint(x:0,y:0.25),endPoint:.trailing).frame(width:10,height:10)",
            "LinearGradient(colors:[Color.red,Color.blue],startPoint:UnitPoint(x:0,y:0.25),endPoint:.trailing).frame(width:10,height:10)"
        ),
        (
            "resizable(capInsets:EdgeInsets(top:1,leading:2,bottom:3,trailing:4),resizingMode:.tile)",
            #"Image("src.jpg").resizable(capInsets:EdgeInsets(top:1,leading:2,bottom:3,trailing:4),resizingMode:.tile)"#
        ),
        ("resizable(capInsets:EdgeInsets(top:5))", #"Image("src.jpg").resizable(capInsets:EdgeInsets(top:5,leading:0,bottom:0,trailing:0))"#),
        ("resizable(resizingMode:Image.ResizingMode.stretch)", #"Image("src.jpg").resizable()"#),
        ("resizable().interpolation(.high).interpolation(.none)", #"Image("src.jpg").resizable().interpolation(.none)"#),
        ("resizable().interpolation(.low)", #"Image("src.jpg").resizable()"#),
        ("resizable().scaledToFit()", #"Image("src.jpg").resizable().aspectRatio(contentMode:.fit)"#),
        ("resizable().aspectRatio(nil,contentMode:.fill)", #"Image("src.jpg").resizable().aspectRatio(contentMode:.fill)"#),
        (
            "resizable().aspectRatio(CGSize(width:4,height:2),contentMode:ContentMode.fit)",
            #"Image("src.jpg").resizable().aspectRatio(2,contentMode:.fit)"#
        ),
        ("resizable().aspectRatio(3/2,contentMode:.fit)", #"Image("src.jpg").resizable().aspectRatio(1.5,contentMode:.fit)"#),
        ("resizable().aspectRatio(1_000e-3,contentMode:.fit)", #"Image("src.jpg").resizable().aspectRatio(1,contentMode:.fit)"#),
        (
            "resizable().frame(minWidth:0,maxWidth:.infinity,minHeight:0,maxHeight:CGFloat.infinity)",
            #"Image("src.jpg").resizable().frame(minWidth:0,maxWidth:.infinity,minHeight:0,maxHeight:.infinity)"#
        ),
        ("resizable().frame(minWidth:-5,idealWidth:-3,maxWidth:-1)", #"Image("src.jpg").resizable().frame(minWidth:0,idealWidth:0,maxWidth:0)"#),
        ("resizable().frame(minWidth:200,maxWidth:100)", #"Image("src.jpg").resizable().frame(minWidth:200,maxWidth:100)"#),
        ("resizable().frame(width:300,alignment:.center)", #"Image("src.jpg").resizable().frame(width:300)"#),
        ("resizable().frame(height:3,alignment:Alignment.bottomLeading)", #"Image("src.jpg").resizable().frame(height:3,alignment:.bottomLeading)"#),
        ("resizable().frame()", #"Image("src.jpg").resizable()"#),
        ("resizable().frame(alignment:.top)", #"Image("src.jpg").resizable()"#),
        (
            #"resizable().overlay(alignment:.bottomTrailing){Image("wm.png")}"#,
            #"Image("src.jpg").resizable().overlay(alignment:.bottomTrailing){Image("wm.png")}"#
        ),
        (#"resizable().overlay(Image("wm.png"),alignment:.top)"#, #"Image("src.jpg").resizable().overlay(alignment:.top){Image("wm.png")}"#),
        ("resizable().background{Color.red}", #"Image("src.jpg").resizable().background{Color.red}"#),
        // A style without `alignment:` is SwiftUI's `background(_ style:ignoresSafeAreaEdges:)`, the
        // form the printer documents; it lays out and draws as the view form `background { Color.red }`.
        ("resizable().background(.red)", #"Image("src.jpg").resizable().background(Color.red)"#),
        ("resizable().background(Color.red,alignment:.center)", #"Image("src.jpg").resizable().background{Color.red}"#),
        (
            "resizable().background(LinearGradient(colors:[.red,.blue],startPoint:.leading,endPoint:.trailing))",
            #"Image("src.jpg").resizable().background(LinearGradient(colors:[Color.red,Color.blue],startPoint:.leading,endPoint:.trailing))"#
        ),
        ("resizable().border(.blue)", #"Image("src.jpg").resizable().border(Color.blue)"#),
        ("resizable().border(Color.blue,width:2.5)", #"Image("src.jpg").resizable().border(Color.blue,width:2.5)"#),
        ("resizable().clipped()", #"Image("src.jpg").resizable().clipped()"#),
        ("resizable().clipped(antialiased:false)", #"Image("src.jpg").resizable().clipped()"#),
        ("resizable().clipped(antialiased:true)", #"Image("src.jpg").resizable().clipped(antialiased:true)"#),
        (
            "resizable().framedAspectRatio(2,contentMode:.fill)",
            #"Color.clear.aspectRatio(2,contentMode:.fit).overlay{Image("src.jpg").resizable().aspectRatio(contentMode:.fill)}.clipped()"#
        ),
        (#"Image("a\"b.png")"#, #"Image("a\"b.png")"#),
        ("\n\tresizable()\n", #"Image("src.jpg").resizable()"#),
    ]

    @Test("parses and prints canonically", arguments: forms)
    func form(_ input: String, _ expected: String) throws {
        #expect(try canonical(input) == expected)
    }

    @Test("canonical text parses back to the same tree", arguments: forms)
    func roundTrip(_ input: String, _ expected: String) throws {
        #expect(try parse(expected) == parse(input))
    }

    @Test("the design's example chain")
    func designExample() throws {
        let chain =
            "resizable().aspectRatio(contentMode:.fill).frame(minWidth:0,maxWidth:.infinity,minHeight:0,maxHeight:.infinity).aspectRatio(2,contentMode:.fit).clipped()"
        let expected = ViewNode.clipped(
            .aspectRatio(
                .flexFrame(
                    .aspectRatio(.image(ImageView(ref: .primary, resizing: Resizing())), ratio: nil, contentMode: .fill),
                    FlexFrame(width: FlexAxis(min: 0, max: .infinity), height: FlexAxis(min: 0, max: .infinity))),
                ratio: 2, contentMode: .fit),
            antialiased: false)
        #expect(try parse(chain) == expected)
    }

    @Test("framedAspectRatio equals its written-out expansion")
    func framedAspectRatioExpansion() throws {
        let helper = try parse("resizable().framedAspectRatio(2,contentMode:.fill)")
        let written = try parse(
            #"Color.clear.aspectRatio(2,contentMode:.fit).overlay(alignment:.center){Image("src.jpg").resizable().aspectRatio(contentMode:.fill)}.clipped()"#
        )
        #expect(helper == written)
    }
}

@Suite("chain parser: errors say where and what")
struct ChainParserErrorTests {
    /// Chain text → (offset, a fragment of the message).
    static let errors: [(String, Int, String)] = [
        ("resizable(", 10, "expected `)` to close the arguments of resizable"),
        ("resizable().frame(width:300", 27, "expected `,` or `)` to close the arguments of frame; found end of chain"),
        ("resizable()frame()", 11, "expected `.` and a modifier"),
        ("resizable() ; frame()", 12, "found `;`"),
        ("resizable().frme(width:300)", 12, "unknown modifier `frme` (did you mean `frame`?); supported: resizable"),
        ("resizable().frame(width:300,minWidth:10)", 12, "either width/height or min/ideal/max"),
        ("resizable().frame(height:300,width:200)", 29, "frame does not take `width:` here"),
        ("resizable().frame(depth:3)", 18, "frame does not take `depth:` here; expected `width:`, `height:`, `alignment:`"),
        ("resizable().frame(width:-1)", 24, "frame width must be a finite number ≥ 0; got -1"),
        ("resizable().frame(width:.infinity)", 24, "frame width must be a finite number ≥ 0; got .infinity"),
        ("resizable().frame(width:1e999)", 24, "frame width must be a finite number ≥ 0"),
        ("resizable().frame(width:\"300\")", 24, "frame width must be a number"),
        ("resizable().frame(width:300,alignment:.middle)", 38, "alignment must be one of .topLeading"),
        ("resizable().aspectRatio(2)", 12, "aspectRatio needs its `contentMode:` argument"),
        ("resizable().aspectRatio(0,contentMode:.fit)", 24, "the aspect ratio must be a finite number > 0; got 0"),
        ("resizable().aspectRatio(contentMode:.fil)", 36, "contentMode must be one of .fit, .fill; got `.fil`"),
        ("resizable().aspectRatio(CGSize(width:1),contentMode:.fit)", 24, "CGSize needs its `height:` argument"),
        ("frame(width:300).resizable()", 17, "resizable() is an Image modifier"),
        ("resizable().frame(width:3).interpolation(.none)", 27, "interpolation() is an Image modifier"),
        ("resizable().interpolation(.best)", 26, "interpolation must be one of .none, .low, .medium, .high; got `.best`"),
        ("resizable(resizingMode:.repeat)", 23, "resizingMode must be one of .stretch, .tile"),
        ("resizable(capInsets:EdgeInsets(top:-1))", 35, "the top inset must be a finite number ≥ 0"),
        ("resizable(capInsets:5)", 20, "capInsets must be EdgeInsets"),
        ("Image(\"a.png\"", 13, "expected `,` or `)`"),
        ("Image(42)", 6, "Image needs a source name in quotes"),
        ("Image()", 0, "Image needs a source name in quotes"),
        ("Color.purpleish", 0, "unknown colour `purpleish`"),
        ("Color(red:2,green:0,blue:0)", 10, "red must be between 0 and 1; got 2"),
        ("Color(hex:\"#12345\")", 10, "hex must be rrggbb or rrggbbaa"),
        ("Foo().frame()", 0, "a modifier or a leaf view"),
        ("resizable().overlay{resizable()}", 20, "a view to start the content"),
        ("resizable().overlay{Color.red", 29, "`}` to close the content of overlay"),
        ("resizable(){Color.red}", 0, "resizable takes no { content }"),
        ("resizable().clipped(antialiased:1)", 32, "antialiased must be true or false"),
        ("resizable().border(.blue,width:-1)", 31, "border width must be a finite number ≥ 0"),
        ("resizable().border(width:2)", 19, "border needs an unlabelled value before its `width:` argument"),
        ("resizable().opacity(1.5)", 20, "opacity must be between 0 and 1"),
        ("resizable().overlay(Image(\"x\").resizable())", 20, "write content with modifiers as a closure"),
        ("\"unterminated", 0, "a closing `\"`"),
        ("resizable().frame(width:1e)", 26, "exponent digits"),
        ("resizable().frame(width:300)é", 28, "found `é`"),
    ]

    @Test("reports offset and expectation", arguments: errors)
    func error(_ chain: String, _ offset: Int, _ fragment: String) {
        do {
            let view = try parse(chain)
            Issue.record("expected an error, parsed \(view)")
        } catch {
            #expect(error.parameter == "chain")
            #expect(error.description.contains("at offset \(offset):"), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test("limits: length, modifier count, nesting, images")
    func limits() {
        let limits = SpecLimits()
        let long = "resizable()" + String(repeating: " ", count: limits.maxChainLength)
        let many = "resizable()" + String(repeating: ".clipped()", count: limits.maxModifiers + 1)
        var nested = "Color.red"
        for _ in 0...limits.maxNesting { nested = "Color.red.overlay{\(nested)}" }
        let images = "resizable()" + String(repeating: #".overlay{Image("x.png")}"#, count: limits.maxImages)
        for chain in [long, many, nested, images] {
            #expect(throws: SpecError.self) { try parse(chain) }
            do { _ = try parse(chain) } catch {
                guard case .limitExceeded = error else { Issue.record("\(error)"); continue }
            }
        }
    }
}
