import Layout
import LayoutVectorSupport
@testable import TransformSpec
import Testing

/// parse(print(x)) == x for view trees, and print(parse(s)) is the canonical form the cache key uses.
@Suite("view trees: printed form round-trips")
struct ViewTreeRoundTripTests {
    static let printer = ChainPrinter(source: "src.jpg")

    static func roundTrips(_ node: ViewNode) throws -> Bool {
        let text = printer.print(node)
        let parsed = try TransformSpec.parseChain(text, source: "src.jpg", limits: .unbounded)
        return parsed == node && printer.print(parsed) == text
    }

    static let red = Paint.color(NamedColors.color(named: "red")!)
    static let circle = ViewNode.shapeView(ShapeView(kind: .circle, paint: red))

    /// Hand-written trees covering every view-tree case and the non-default spellings.
    static let handWritten: [ViewNode] = [
        .hStack(
            alignment: .firstTextBaseline, spacing: -4,
            children: [circle, .spacer(minLength: 0), .text(TextView("a \"b\"\n", font: .system(size: 13.5)))]),
        .vStack(
            alignment: .trailing, spacing: nil, children: [.zStack(alignment: .bottomLeading, children: []), .image(ImageView(ref: .named("x.png")))]),
        .shapeView(
            ShapeView(kind: .roundedRectangle(cornerSize: Size(width: 3, height: 5), style: .circular), paint: red, drawing: .stroke(lineWidth: 2.5))),
        .shapeView(ShapeView(kind: .capsule(style: .circular), drawing: .strokeBorder(lineWidth: 1))),
        .shapeView(
            ShapeView(
                kind: .ellipse,
                paint: .linearGradient(
                    LinearGradient(
                        colors: [RGBAColor(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.4), RGBAColor(bytes: 1, 2, 3)],
                        startPoint: UnitPoint(x: 0.25, y: 0), endPoint: UnitPoint(x: 1, y: 1))))),
        .shapeView(ShapeView(kind: .rectangle)),
        .padding(.text(TextView("t", font: .textStyle(.caption2))), EdgeInsets(top: -1, leading: 2, bottom: 0, trailing: 16)),
        .padding(circle, EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)),
        .alignmentGuide(circle, AlignmentGuide(key: .vertical(.center), value: .fraction(1 / 3))),
        .alignmentGuide(circle, AlignmentGuide(key: .horizontal(.trailing), value: .constant(-0.5))),
        .alignmentGuide(circle, AlignmentGuide(key: .vertical(.lastTextBaseline), value: .fraction(-2))),
        .effect(
            .effect(.effect(circle, .offset(x: -3, y: 0)), .opacity(0.25)),
            .shadow(Shadow(color: RGBAColor(bytes: 0, 0, 0, 128), radius: 0, x: 1, y: -1))),
        .effect(.shape(red), .shadow(Shadow(radius: 2))),
        .effect(.shape(red), .clipShape(.roundedRectangle(cornerSize: Size(width: 8, height: 8), style: .continuous))),
        .effect(.image(ImageView(ref: .primary, resizing: Resizing())), .color(.blur(radius: 3, opaque: true))),
        .effect(circle, .color(.brightness(-0.5))), .effect(circle, .color(.contrast(2))), .effect(circle, .color(.saturation(0))),
        .effect(circle, .color(.grayscale(1))), .effect(circle, .color(.colorInvert)), .effect(circle, .color(.hueRotation(degrees: -45.5))),
        .effect(circle, .color(.colorMultiply(RGBAColor(red: 0.5, green: 0.5, blue: 0.5)))),
        .fixedSize(.layoutPriority(circle, -1), horizontal: false, vertical: true),
        .fixedSize(circle, horizontal: true, vertical: true),
        .text(TextView("red", color: RGBAColor(red: 1, green: 0, blue: 0, opacity: 0.5))),
        .text(TextView("hex", color: RGBAColor(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0x56 / 255.0))),
        .text(TextView("b", weight: .bold)), .text(TextView("h", font: .textStyle(.headline), weight: .heavy)),
        .text(TextView("u", weight: .ultraLight, italic: true)), .text(TextView("i", italic: true)),
        .text(TextView("s", font: .system(size: 20, weight: .black), weight: .light)),
        .text(TextView("all", font: .system(size: 9, weight: .medium), color: NamedColors.color(named: "blue")!, weight: .regular, italic: true)),
        .id(.backgroundStyle(.ignoresSafeArea(.spacer(minLength: nil)), red), "row \"1\""),
        .overlay(
            .hStack(alignment: .center, spacing: 0, children: [circle]),
            content: .vStack(alignment: .leading, spacing: 2, children: [circle, circle]), alignment: .top),
        .background(
            .frame(circle, width: 10, height: nil, alignment: .leading), content: .zStack(alignment: .center, children: [circle]), alignment: .center),
        .clipped(
            .border(.flexFrame(circle, FlexFrame(width: FlexAxis(min: 0, max: .infinity), height: FlexAxis())), paint: red, width: 2),
            antialiased: true),
    ]

    @Test("hand-written trees", arguments: handWritten)
    func handWrittenTree(_ node: ViewNode) throws {
        #expect(try Self.roundTrips(node), "\(Self.printer.print(node))")
    }

    @Test("every vector tree", arguments: ViewVector.all.compactMap { try? ViewTreeBuilder.view($0.tree) })
    func vectorTree(_ node: ViewNode) throws {
        #expect(try Self.roundTrips(node), "\(Self.printer.print(node))")
    }

    @Test("2000 generated trees")
    func generated() throws {
        var generator = TreeGenerator(seed: 0x5eed)
        for _ in 0..<2000 {
            let node = generator.tree(depth: 4)
            #expect(try Self.roundTrips(node), "\(Self.printer.print(node))")
        }
    }

    /// Spellings of one tree (whitespace, line breaks, defaults written out, sugar like
    /// `cornerRadius`) give one canonical form, which is the cache key's input.
    static let sameTree: [[String]] = [
        [
            "HStack{Color.red;Color.blue}", "HStack {\n  Color.red\n  Color.blue\n}",
            "HStack(alignment: .center, spacing: nil) { Color.red; Color.blue; }",
            "HStack(alignment: VerticalAlignment.center) {\r\n Color.red ;\n\n Color.blue }",
        ],
        ["Circle()", "Circle().fill()"], ["Circle().fill(Color.black)", "Circle().fill(.black)"],
        ["RoundedRectangle(cornerRadius: 4).strokeBorder(lineWidth: 1)", "RoundedRectangle(cornerRadius:4,style:.continuous).strokeBorder()"],
        [
            "RoundedRectangle(cornerRadius:4,style:.continuous).strokeBorder(Color.black)",
            "RoundedRectangle(cornerSize: CGSize(width: 4, height: 4)).strokeBorder(.black, lineWidth: 1)",
        ],
        ["VStack { Circle(); Text(\"a\") }.foregroundStyle(.red)", "VStack { Circle().fill(Color.red); Text(\"a\").foregroundStyle(.red) }"],
        [
            "Color.red.padding()", "Color.red.padding(16)", "Color.red.padding(.all)", "Color.red.padding(.all, 16)",
            "Color.red.padding([.horizontal, .vertical])", "Color.red.padding(EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))",
        ],
        [
            "Color.red.padding(.horizontal, 10)", "Color.red.padding([.leading, .trailing], 10)",
            "Color.red.padding(EdgeInsets(leading: 10, trailing: 10))",
        ],
        [
            "Color.red.frame(width: 10).cornerRadius(4)",
            "Color.red.frame(width: 10).clipShape(RoundedRectangle(cornerRadius: 4, style: .continuous))",
        ],
        ["Color.red.shadow(radius: 3)", "Color.red.shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: 3, x: 0, y: 0)"],
        [
            "Color.red.frame(width: 1).alignmentGuide(.top) { d in d.height / 2 }",
            "Color.red.frame(width: 1).alignmentGuide(.top) { d in 0.5 * d.height }",
            "Color.red.frame(width: 1).alignmentGuide(VerticalAlignment.top){d in d.height*0.5}",
        ],
        ["Text(\"Hi\").font(.system(size: 20))", "Text(\"Hi\").font(Font.system(size: 20))", "Text(\"Hi\").font(.title).font(.system(size: 20))"],
        [
            "Text(\"Hi\").foregroundStyle(Color.red)", "Text(\"Hi\").foregroundStyle(.red)", "Text(\"Hi\").foregroundColor(.red)",
            "Text(\"Hi\").foregroundColor(.blue).foregroundStyle(.red)",
        ],
        ["Text(\"Hi\")", "Text(\"Hi\").fontWeight(nil)"],
        ["Text(\"Hi\").bold(false).italic(false)", "Text(\"Hi\").fontWeight(.regular).italic(false)"],
        [
            "Text(\"Hi\").font(.title).bold()", "Text(\"Hi\").bold().font(.title)", "Text(\"Hi\").font(.title.bold())",
            "Text(\"Hi\").font(.system(.title, weight: .bold))", "Text(\"Hi\").font(Font.title.weight(.bold))",
        ],
        ["VStack { Text(\"a\"); Text(\"b\").font(.body) }.font(.title)", "VStack { Text(\"a\").font(.title); Text(\"b\").font(.body) }"],
        ["Text(\"a\").bold() + Text(\"b\")", "(Text(\"a\").bold() + (Text(\"b\")))", "Text(\"a\").fontWeight(.bold) + Text(\"b\")"],
        [
            "(Text(\"a\") + Text(\"b\").foregroundStyle(.red)).foregroundStyle(.blue).lineLimit(2)",
            "(Text(\"a\").foregroundStyle(.blue) + Text(\"b\").foregroundStyle(.red)).lineLimit(2)",
        ],
        ["Text(\"a\").lineLimit(2).lineLimit(5)", "Text(\"a\").lineLimit(2)"],
        ["Text(\"a\").lineLimit(3, reservesSpace: true)", "Text(\"a\").lineLimit(3,reservesSpace:true)"],
        ["Text(\"Hi\").bold()", "Text(\"Hi\").fontWeight(.bold)", "Text(\"Hi\").bold(true)", "Text(\"Hi\").fontWeight(Font.Weight.bold)"],
        [
            "Text(\"Hi\").italic().fontWeight(.heavy)", "Text(\"Hi\").fontWeight(.heavy).italic()",
            "Text(\"Hi\").bold().italic(true).fontWeight(.heavy)",
        ],
        ["Text(\"Hi\").font(.system(size: 20, weight: .bold))", "Text(\"Hi\").font(Font.system(size: 20, weight: Font.Weight.bold))"],
        ["Text(\"Hi\").font(.system(size: 20))", "Text(\"Hi\").font(.system(size: 20, weight: .regular))"],
        ["Color.red.hueRotation(.degrees(180))", "Color.red.hueRotation(Angle(degrees: 180))", "Color.red.hueRotation(Angle.degrees(180))"],
        ["Color.red.fixedSize()", "Color.red.fixedSize(horizontal: true, vertical: true)"],
        ["Spacer()", "Spacer(minLength: nil)"],
        ["Color.red.blur(radius: 2)", "Color.red.blur(radius: 2, opaque: false)"],
    ]

    @Test("equivalent spellings share one canonical form", arguments: sameTree)
    func canonical(_ spellings: [String]) throws {
        let forms = try spellings.map { try TransformSpec.parse(source: "src.jpg", query: "chain=" + Self.percentEncoded($0)).canonicalForm }
        #expect(Set(forms).count == 1, "\(forms)")
        let reparsed = try TransformSpec.parse(source: "src.jpg", query: "chain=" + Self.percentEncoded(String(forms[0].dropFirst("chain=".count))))
        #expect(reparsed.canonicalForm == forms[0])
    }

    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "().,:{}[]\"-_".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            }
        }
        return out
    }
}
