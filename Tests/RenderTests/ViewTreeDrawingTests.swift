import Layout
import Render
import Testing

/// Whole view trees drawn where the layout engine places them.
@Suite("render: view trees")
struct ViewTreeDrawingTests {
    static let colours: [(RGBAColor, RGBA)] = [(.testRed, .red), (.testGreen, .green), (.testBlue, .blue)]

    static let stacks: [ViewNode] = [
        .hStack(alignment: .center, spacing: nil, children: colours.map { ViewNode.shape(.rectangle, $0.0).framed(30, 20) }),
        .vStack(alignment: .leading, spacing: 4, children: colours.enumerated().map { i, c in ViewNode.color(c.0).framed(20 + 10 * Double(i), 15) }),
        .zStack(
            alignment: .topLeading,
            children: colours.enumerated().map { i, c in
                ViewNode.shape(.rectangle, c.0).framed(60 - 20 * Double(i), 60 - 20 * Double(i))
            }),
    ]

    @Test("stacks of coloured rectangles: each colour inside its leaf's pixel rect", arguments: stacks)
    func stack(_ view: ViewNode) throws {
        let plan = try LayoutEngine.plan(view, images: ImageCatalog())
        let bitmap = try SourceFolder().render(view: view)
        #expect(bitmap.width == plan.canvas.width && bitmap.height == plan.canvas.height)
        let drawn = plan.leaves.filter(\.isDrawn)
        #expect(drawn.count == 3)
        for (leaf, colour) in zip(drawn, Self.colours.map(\.1)) {
            let r = leaf.pixelRect
            // The last leaf of a ZStack is on top; the earlier ones show where no later leaf covers.
            let corner = (r.maxX - 1, r.maxY - 1)
            #expect(bitmap[corner.0, corner.1] == colour, "\(leaf.kind) at \(r)")
        }
    }

    @Test("SignInView (ZStack of a LinearGradient under a padded VStack): gradient red at the top, blue at the bottom")
    func signIn() throws {
        let gradient = LinearGradient(colors: [.testRed, .testBlue], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1))
        // Stand-ins for the title, the text field and the button (views spec §9.2).
        let content = ViewNode.vStack(
            alignment: .center, spacing: nil,
            children: [
                ViewNode.color(.testWhite).framed(112, 34),
                ViewNode.hStack(
                    alignment: .center, spacing: nil,
                    children: [
                        ViewNode.shape(.roundedRectangle(cornerSize: Size(width: 6, height: 6), style: .continuous), .testWhite).framed(nil, 34),
                        ViewNode.color(.testGreen).framed(31, 34),
                    ]
                ).padded(16),
            ])
        let view = ViewNode.zStack(alignment: .center, children: [.shape(.linearGradient(gradient)), content])
        let bitmap = try SourceFolder().render(view: view, proposal: ProposedSize(width: 390, height: 844))
        #expect(bitmap.width == 390 && bitmap.height == 844)
        #expect(bitmap[5, 0].isClose(to: .red, tolerance: 1) && bitmap[385, 843].isClose(to: .blue, tolerance: 1))
        #expect(bitmap[5, 422].isClose(to: RGBA(128, 0, 127), tolerance: 2), "\(bitmap[5, 422])")
        let plan = try LayoutEngine.plan(view, images: ImageCatalog(), proposal: ProposedSize(width: 390, height: 844))
        let leaves = plan.leaves.filter(\.isDrawn)
        #expect(leaves.count == 4)
        for (leaf, colour) in zip(leaves.dropFirst(), [RGBA.white, .white, .green]) {
            let r = leaf.pixelRect
            #expect(bitmap[r.x + r.width / 2, r.y + r.height / 2] == colour, "\(leaf.kind) at \(r)")
        }
    }
}
