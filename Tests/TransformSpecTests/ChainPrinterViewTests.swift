import Layout
@testable import TransformSpec
import Testing

/// The canonical Swift spelling of the view-tree cases (the cache key; `ViewTreeRoundTripTests` parses it back).
@Suite("chain printer: view trees")
struct ChainPrinterViewTests {
    private let red = Paint.color(NamedColors.color(named: "red")!)

    @Test("every view-tree case prints in one unambiguous Swift form")
    func printsViews() {
        let printer = ChainPrinter(source: "s.jpg")
        let circle = ViewNode.shapeView(ShapeView(kind: .circle, paint: red))
        let rr = ViewNode.shapeView(
            ShapeView(
                kind: .roundedRectangle(cornerSize: Size(width: 12, height: 12), style: .circular), drawing: .strokeBorder(lineWidth: 2)))
        let cases: [(ViewNode, String)] = [
            (
                .hStack(alignment: .top, spacing: 8, children: [circle, .spacer(minLength: nil)]),
                "HStack(alignment:.top,spacing:8){Circle().fill(Color.red);Spacer()}"
            ),
            (
                .vStack(alignment: .center, spacing: nil, children: [rr, .text(TextView("Hi", font: .textStyle(.title)))]),
                #"VStack{RoundedRectangle(cornerRadius:12,style:.circular).strokeBorder(lineWidth:2);Text("Hi").font(.title)}"#
            ),
            (.zStack(alignment: .bottomTrailing, children: []), "ZStack(alignment:.bottomTrailing){}"),
            (.padding(circle, EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)), "Circle().fill(Color.red).padding(16)"),
            (
                .padding(circle, EdgeInsets(top: 1, leading: 0, bottom: 0, trailing: 0)),
                "Circle().fill(Color.red).padding(EdgeInsets(top:1,leading:0,bottom:0,trailing:0))"
            ),
            (
                .alignmentGuide(circle, AlignmentGuide(key: .vertical(.top), value: .fraction(0.5))),
                "Circle().fill(Color.red).alignmentGuide(.top){d in d.height*0.5}"
            ),
            (
                .alignmentGuide(circle, AlignmentGuide(key: .horizontal(.center), value: .constant(-3))),
                "Circle().fill(Color.red).alignmentGuide(HorizontalAlignment.center){_ in -3}"
            ),
            (.effect(.effect(circle, .offset(x: 2, y: 0)), .shadow(Shadow(radius: 5))), "Circle().fill(Color.red).offset(x:2,y:0).shadow(radius:5)"),
            (.effect(circle, .clipShape(.capsule(style: .continuous))), "Circle().fill(Color.red).clipShape(Capsule())"),
            (.effect(circle, .color(.hueRotation(degrees: 90))), "Circle().fill(Color.red).hueRotation(.degrees(90))"),
            (.id(.backgroundStyle(.ignoresSafeArea(circle), red), "a"), #"Circle().fill(Color.red).ignoresSafeArea().background(Color.red).id("a")"#),
            (
                .fixedSize(.layoutPriority(circle, 1), horizontal: true, vertical: false),
                "Circle().fill(Color.red).layoutPriority(1).fixedSize(horizontal:true,vertical:false)"
            ),
        ]
        for (node, text) in cases {
            #expect(printer.print(node) == text)
        }
    }
}
