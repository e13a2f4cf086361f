import Layout
import Render
import TransformSpec
import Testing

/// `stroke(style:)` and `strokeBorder(style:)`: widths, dashes and joins drawn by cairo.
@Suite("render: StrokeStyle")
struct StrokeStyleDrawingTests {
    static func render(_ chain: String) throws -> Bitmap {
        try SourceFolder().render(view: try TransformSpec.parseChain(chain, source: "unused.png"))
    }

    static let red = "Color(red:1,green:0,blue:0)"

    @Test("a dashed stroke alternates ink and gaps along an edge; a solid one does not")
    func dashed() throws {
        let dashed = try Self.render(
            "ZStack{Color(white:1);Rectangle().stroke(\(Self.red),style:StrokeStyle(lineWidth:4,dash:[10,10])).padding(10)}.frame(width:120,height:40)"
        )
        let solid = try Self.render(
            "ZStack{Color(white:1);Rectangle().stroke(\(Self.red),style:StrokeStyle(lineWidth:4)).padding(10)}.frame(width:120,height:40)")
        let row = (12..<108).map { dashed[$0, 10] }
        let reds = row.filter { $0 == .red }.count, whites = row.filter { $0 == .white }.count
        #expect(reds > 30 && whites > 30, "\(reds) red, \(whites) white")
        #expect((12..<108).allSatisfy { solid[$0, 10] == .red })
        // The line is 4 wide, centred on the edge: rows 8…11.
        #expect(solid[60, 8] == .red && solid[60, 11] == .red && solid[60, 6] == .white && solid[60, 13] == .white)
    }

    @Test("strokeBorder(style:) keeps its width inside the bounds; a round join rounds the outer corner")
    func border() throws {
        let bitmap = try Self.render(
            "ZStack{Color(white:1);Rectangle().strokeBorder(\(Self.red),style:StrokeStyle(lineWidth:10))}.frame(width:50,height:50)")
        #expect(bitmap[2, 25] == .red && bitmap[8, 25] == .red && bitmap[12, 25] == .white && bitmap[25, 25] == .white)
        let round = try Self.render(
            "ZStack{Color(white:1);Rectangle().stroke(\(Self.red),style:StrokeStyle(lineWidth:20,lineJoin:.round)).padding(20)}.frame(width:100,height:100)"
        )
        let miter = try Self.render(
            "ZStack{Color(white:1);Rectangle().stroke(\(Self.red),style:StrokeStyle(lineWidth:20)).padding(20)}.frame(width:100,height:100)")
        #expect(miter[11, 11] == .red && round[11, 11] == .white)
        #expect(round[20, 20] == .red && round[30, 10] == .red)
    }
}
