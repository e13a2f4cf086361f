import Layout
import Testing

/// Shape leaves drawn by the renderer (views spec §5): fills and strokes of every kind, antialiased
/// edges, exact colours.
@Suite("render: shape leaves")
struct ShapeDrawingTests {
    static let kinds: [ShapeKind] = [
        .rectangle, .roundedRectangle(cornerSize: Size(width: 12, height: 12), style: .continuous),
        .roundedRectangle(cornerSize: Size(width: 12, height: 12), style: .circular), .circle, .ellipse, .capsule(style: .continuous),
    ]

    /// `kind` drawn in a 60×40 frame padded by 10: the shape's rect is (10, 10, 60, 40) on an 80×60 canvas.
    static func render(_ kind: ShapeKind, _ color: RGBAColor, _ drawing: ShapeDrawing = .fill) throws -> Bitmap {
        try SourceFolder().render(view: ViewNode.shape(kind, color, drawing).framed(60, 40).padded(10))
    }

    @Test("filled: colour exact inside, corners empty (except a rectangle's), edges partially covered in the exact colour", arguments: kinds)
    func filled(_ kind: ShapeKind) throws {
        let bitmap = try Self.render(kind, .testRed)
        #expect(bitmap.width == 80 && bitmap.height == 60)
        #expect(bitmap[40, 30] == .red)
        #expect(bitmap[5, 5].a == 0 && bitmap[75, 55].a == 0)
        var partial = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].a > 0 {
                #expect(bitmap[x, y].r == 255 && bitmap[x, y].g == 0 && bitmap[x, y].b == 0, "(\(x), \(y)) \(bitmap[x, y])")
                if bitmap[x, y].a < 255 { partial += 1 }
            }
        }
        if kind == .rectangle {
            #expect(bitmap[10, 10] == .red && bitmap[69, 49] == .red && bitmap[9, 10].a == 0 && partial == 0)
        } else {
            #expect(bitmap[10, 10].a == 0 && bitmap[69, 49].a == 0)
            #expect(partial > 8, "an antialiased outline has partially covered pixels")
        }
    }

    @Test("a circle's edge coverage matches the exact disc within a few levels")
    func circleCoverage() throws {
        let bitmap = try Self.render(.circle, .testBlue)
        // The disc of radius 20 centred at (40, 30).
        var worst = 0
        for y in 5..<55 {
            for x in 15..<65 {
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 16 - 40, dy = Double(y) + (Double(sy) + 0.5) / 16 - 30
                        if dx * dx + dy * dy <= 400 { inside += 1 }
                    }
                }
                worst = max(worst, abs(Int(bitmap[x, y].a) - inside * 255 / 256))
            }
        }
        #expect(worst <= 10)
        #expect(bitmap[40, 30] == .blue && bitmap[19, 30].a == 0 && bitmap[61, 30].a == 0)
    }

    @Test("stroke: centred on the outline, half outside; antialiased where the line ends inside a pixel", arguments: kinds)
    func stroked(_ kind: ShapeKind) throws {
        // The top middle of every kind is on its outline at y = 10; a 4 px line covers y 8…12.
        let bitmap = try Self.render(kind, .testBlue, .stroke(lineWidth: 4))
        #expect(bitmap[40, 30].a == 0, "the inside is not filled")
        #expect(bitmap[40, 8] == .blue && bitmap[40, 11] == .blue)
        #expect(bitmap[40, 7].a == 0 && bitmap[40, 12].a == 0)
        // 3 px covers y 8.5…11.5: rows 8 and 11 half covered (a curved outline bends away within the pixel).
        let thin = try Self.render(kind, .testBlue, .stroke(lineWidth: 3))
        #expect(thin[40, 9] == .blue)
        for y in [8, 11] {
            #expect(abs(Int(thin[40, y].a) - 128) <= (kind == .rectangle ? 1 : 12), "row \(y): \(thin[40, y])")
            #expect(thin[40, y].b == 255 && thin[40, y].r == 0)
        }
    }

    @Test("strokeBorder: the ink stays inside the bounds", arguments: kinds)
    func strokedBorder(_ kind: ShapeKind) throws {
        let bitmap = try Self.render(kind, .testGreen, .strokeBorder(lineWidth: 4))
        #expect(bitmap[40, 10] == .green && bitmap[40, 13] == .green)
        #expect(bitmap[40, 9].a == 0 && bitmap[40, 14].a == 0 && bitmap[40, 30].a == 0)
    }

    @Test("a gradient-filled shape: the gradient's colours inside the shape's coverage")
    func gradientShape() throws {
        let gradient = LinearGradient(colors: [.testRed, .testBlue], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1))
        let view = ViewNode.shapeView(ShapeView(kind: .circle, paint: .linearGradient(gradient))).framed(40, 40)
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap[0, 0].a == 0 && bitmap[39, 39].a == 0)
        #expect(bitmap[20, 1].r > 240 && bitmap[20, 1].b < 15 && bitmap[20, 1].a > 0)
        #expect(bitmap[20, 38].b > 240 && bitmap[20, 38].r < 15 && bitmap[20, 38].a > 0)
        #expect(bitmap[20, 20].a == 255 && abs(Int(bitmap[20, 20].r) - 121) <= 3)
    }
}
