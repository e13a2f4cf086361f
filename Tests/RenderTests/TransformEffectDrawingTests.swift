import Layout
import Render
import TransformSpec
import Testing

/// `rotationEffect`, `scaleEffect`, `mask`, `blendMode` and `zIndex` drawn: pixel colours at known
/// points of views whose layout they leave unchanged.
@Suite("render: rotation, scale, mask, blend mode and zIndex")
struct TransformEffectDrawingTests {
    static let red = "Color(red:1,green:0,blue:0)", blue = "Color(red:0,green:0,blue:1)", white = "Color(white:1)"

    static func render(_ chain: String) throws -> Bitmap {
        try SourceFolder().render(view: try TransformSpec.parseChain(chain, source: "unused.png"))
    }

    /// `content` over a 100×100 white square.
    static func onWhite(_ content: String) throws -> Bitmap {
        try render("ZStack{\(white).frame(width:100,height:100);\(content)}")
    }

    @Test("rotationEffect(.degrees(90)): an 80×20 bar stands upright about its centre; layout unchanged")
    func rotatedBar() throws {
        let bitmap = try Self.onWhite("\(Self.red).frame(width:80,height:20).rotationEffect(.degrees(90))")
        #expect(bitmap.width == 100 && bitmap.height == 100)
        for (x, y) in [(50, 12), (50, 50), (50, 87), (41, 30), (58, 70)] { #expect(bitmap[x, y] == .red, "(\(x), \(y)) \(bitmap[x, y])") }
        for (x, y) in [(15, 50), (85, 50), (50, 7), (50, 92), (38, 50)] { #expect(bitmap[x, y] == .white, "(\(x), \(y)) \(bitmap[x, y])") }
    }

    @Test("rotationEffect about .topLeading turns the bar around its corner")
    func rotatedAboutCorner() throws {
        // A 40×10 bar at (30, 45) turned 90° about (30, 45): it covers x 20…30, y 45…85.
        let bitmap = try Self.onWhite("\(Self.red).frame(width:40,height:10).rotationEffect(.degrees(90),anchor:.topLeading)")
        #expect(bitmap[25, 60] == .red && bitmap[25, 82] == .red)
        #expect(bitmap[35, 50] == .white && bitmap[25, 40] == .white && bitmap[15, 60] == .white && bitmap[50, 50] == .white)
    }

    @Test("scaleEffect(2) doubles a square about its centre; scaleEffect(x:y:anchor:) about the leading edge")
    func scaled() throws {
        let bitmap = try Self.onWhite("\(Self.blue).frame(width:20,height:20).scaleEffect(2)")
        for (x, y) in [(32, 32), (67, 67), (50, 50)] { #expect(bitmap[x, y] == .blue, "(\(x), \(y)) \(bitmap[x, y])") }
        for (x, y) in [(27, 50), (72, 50), (50, 27)] { #expect(bitmap[x, y] == .white, "(\(x), \(y)) \(bitmap[x, y])") }
        let wide = try Self.onWhite("\(Self.blue).frame(width:20,height:20).scaleEffect(x:2,y:1,anchor:.leading)")
        #expect(wide[42, 50] == .blue && wide[77, 50] == .blue)
        #expect(wide[37, 50] == .white && wide[82, 50] == .white && wide[60, 37] == .white)
    }

    @Test("mask { Circle() }: the square shows only inside the circle")
    func maskedByCircle() throws {
        let bitmap = try Self.onWhite("\(Self.red).frame(width:100,height:100).mask{Circle()}")
        #expect(bitmap[50, 50] == .red && bitmap[50, 3] == .red && bitmap[3, 50] == .red)
        for (x, y) in [(3, 3), (96, 3), (3, 96), (96, 96)] { #expect(bitmap[x, y] == .white, "(\(x), \(y)) \(bitmap[x, y])") }
        // The deprecated value form and an aligned smaller mask.
        let value = try Self.onWhite("\(Self.red).frame(width:100,height:100).mask(Circle())")
        #expect(value[50, 50] == .red && value[3, 3] == .white)
        let corner = try Self.onWhite("\(Self.red).frame(width:100,height:100).mask(alignment:.topLeading){Rectangle().frame(width:30,height:30)}")
        #expect(corner[10, 10] == .red && corner[40, 10] == .white && corner[10, 40] == .white)
    }

    @Test("blendMode(.multiply): cyan over yellow is green; outside the top view yellow stays")
    func multiply() throws {
        let bitmap = try Self.render(
            "ZStack{Color(red:1,green:1,blue:0).frame(width:100,height:100);Color(red:0,green:1,blue:1).frame(width:50,height:50).blendMode(.multiply)}"
        )
        #expect(bitmap[50, 50] == .green, "\(bitmap[50, 50])")
        #expect(bitmap[5, 5] == .yellow)
        let screen = try Self.render("ZStack{\(Self.red).frame(width:100,height:100);\(Self.blue).frame(width:50,height:50).blendMode(.screen)}")
        #expect(screen[50, 50] == RGBA(255, 0, 255), "\(screen[50, 50])")
    }

    @Test("zIndex: a higher zIndex is drawn in front whatever its position; layout keeps the order")
    func zIndex() throws {
        let front = try Self.render("ZStack{\(Self.red).frame(width:50,height:50).zIndex(1);\(Self.blue).frame(width:50,height:50)}")
        #expect(front[25, 25] == .red)
        let plain = try Self.render("ZStack{\(Self.red).frame(width:50,height:50);\(Self.blue).frame(width:50,height:50)}")
        #expect(plain[25, 25] == .blue)
        // In an HStack the negative offset moves the red square over the blue one, which zIndex keeps in front.
        let row = try Self.render(
            "HStack(spacing:0){\(Self.blue).frame(width:20,height:20).zIndex(2);\(Self.red).frame(width:20,height:20).offset(x:-10,y:0)}")
        #expect(row.width == 40 && row[15, 10] == .blue && row[25, 10] == .red)
    }
}
