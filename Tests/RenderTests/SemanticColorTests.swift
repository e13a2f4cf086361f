import Testing

/// SwiftUI's semantic label colours in the light appearance: `.primary` is black, `.secondary`,
/// `.tertiary` and `.quaternary` are (60, 60, 67) at 60 %, 30 % and 18 %, as colours and as
/// foreground styles.
@Suite("render: semantic colours")
struct SemanticColorTests {
    @Test(
        "as a colour: the exact label colour and alpha",
        arguments: [
            ("primary", RGBA(0, 0, 0, 255)), ("secondary", RGBA(60, 60, 67, 153)), ("tertiary", RGBA(60, 60, 67, 77)),
            ("quaternary", RGBA(60, 60, 67, 46)),
        ])
    func color(_ name: String, _ expected: RGBA) throws {
        let folder = try SourceFolder()
        let (_, bitmap) = try folder.render("unused.png", "chain=Color.\(name).frame(width:4,height:4)&fmt=png")
        #expect(bitmap[2, 2].isClose(to: expected, tolerance: 1), "\(bitmap[2, 2])")
    }

    @Test("as a foreground style: text in .secondary is lighter than in .primary, on white")
    func foregroundStyle() throws {
        let folder = try SourceFolder()
        func darkest(_ style: String) throws -> Int {
            let chain = "chain=Text(\"HH\").font(.system(size:40)).foregroundStyle(.\(style)).background(.white)&fmt=png"
            let (_, bitmap) = try folder.render("unused.png", chain)
            var darkest = 255
            for y in 0..<bitmap.height { for x in 0..<bitmap.width { darkest = min(darkest, Int(bitmap[x, y].r)) } }
            return darkest
        }
        let (primary, secondary, quaternary) = (try darkest("primary"), try darkest("secondary"), try darkest("quaternary"))
        // Solid strokes: black; 60 % of (60, 60, 67) over white is 138; 18 % is 220.
        #expect(primary == 0 && abs(secondary - 138) <= 2 && abs(quaternary - 220) <= 2, "\(primary) \(secondary) \(quaternary)")
    }
}
