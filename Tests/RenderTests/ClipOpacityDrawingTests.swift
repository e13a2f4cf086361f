import Foundation
import Layout
import Testing

/// Clip shapes and opacity on drawn views (views spec §7.2, §7.4).
@Suite("render: clip shapes and opacity")
struct ClipOpacityDrawingTests {
    @Test("a rounded clipShape/cornerRadius on a resizable image: corners transparent, edges and centre the image's colour")
    func roundedClip() throws {
        let folder = try SourceFolder()
        try folder.png("green.png", width: 50, height: 40) { _, _ in .green }
        let view = ViewNode.resizableImage().framed(100, 80)
            .with(.clipShape(.roundedRectangle(cornerSize: Size(width: 20, height: 20), style: .continuous)))
        let bitmap = try folder.render(view: view, source: "green.png")
        #expect(bitmap.width == 100 && bitmap.height == 80)
        for (x, y) in [(0, 0), (99, 0), (0, 79), (99, 79), (2, 2)] { #expect(bitmap[x, y].a == 0, "(\(x), \(y))") }
        #expect(bitmap[50, 40] == .green && bitmap[0, 40] == .green && bitmap[50, 0] == .green)
    }

    @Test("clipShape(Circle()) on a 96×96 image: transparent outside the disc, opaque and unchanged inside")
    func circleClip() throws {
        let folder = try SourceFolder()
        try folder.png("quad.png", width: 96, height: 96, quadrant(96, 96))
        let bitmap = try folder.render(view: ViewNode.resizableImage().framed(96, 96).with(.clipShape(.circle)), source: "quad.png")
        for y in 0..<96 {
            for x in 0..<96 {
                let distance = hypot(Double(x) + 0.5 - 48, Double(y) + 0.5 - 48)
                if distance > 48.75 { #expect(bitmap[x, y].a == 0, "(\(x), \(y))") }
                if distance < 47.25 { #expect(bitmap[x, y] == quadrant(96, 96)(x, y), "(\(x), \(y))") }
            }
        }
    }

    @Test(
        "opacity 0.5 on a red square over white is (255, 128, 128)",
        arguments: [
            ViewNode.shape(.rectangle, .testRed), ViewNode.color(.testRed),
        ])
    func halfOpacity(_ square: ViewNode) throws {
        let view = ViewNode.zStack(
            alignment: .center,
            children: [
                ViewNode.color(.testWhite).framed(60, 60), square.framed(40, 40).with(.opacity(0.5)),
            ])
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap[30, 30].isClose(to: RGBA(255, 128, 128), tolerance: 2), "\(bitmap[30, 30])")
        #expect(bitmap[5, 5] == .white)
    }

    @Test("opacity multiplies down: overlapping children of a 0.5-opacity ZStack show through each other")
    func opacityMultipliesDown() throws {
        let view = ViewNode.zStack(
            alignment: .center,
            children: [
                ViewNode.color(.testWhite).framed(80, 80),
                ViewNode.zStack(
                    alignment: .center,
                    children: [
                        ViewNode.shape(.rectangle, .testRed).framed(60, 60), ViewNode.color(.testBlue).framed(30, 30),
                    ]
                ).with(.opacity(0.5)),
            ])
        let bitmap = try SourceFolder().render(view: view)
        // Red at ½ over white, then blue at ½ over that: (127.5, 63.75, 191.25). A flattened group
        // would show blue at ½ over white, (128, 128, 255), hiding the red.
        #expect(bitmap[40, 40].isClose(to: RGBA(128, 64, 191), tolerance: 3), "\(bitmap[40, 40])")
        #expect(bitmap[15, 15].isClose(to: RGBA(255, 128, 128), tolerance: 2), "\(bitmap[15, 15])")
    }

    @Test("a rounded clip around a shadowed view cuts the shadow too")
    func clipCutsShadow() throws {
        let view = ViewNode.zStack(
            alignment: .center,
            children: [
                ViewNode.shape(.rectangle, .testBlue).framed(40, 40).with(.shadow(Shadow(color: .testRed, radius: 20)))
            ]
        ).framed(100, 100).with(.clipShape(.circle))
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap[50, 50] == .blue)
        // The shadow reaches 56 px past the square: inside the disc it shows, outside it is cut.
        #expect(bitmap[50, 2].a > 5 && bitmap[50, 2].r == 255, "the shadow shows inside the clip: \(bitmap[50, 2])")
        for (x, y) in [(10, 10), (89, 10), (10, 89), (89, 89)] { #expect(bitmap[x, y].a == 0, "(\(x), \(y))") }
    }
}
