import Layout
import Testing

/// Small helpers: a catalog with one primary image and a plan of a view under a proposal.
private func image(_ w: Int, _ h: Int, scale: Double = 1, orientation: ImageOrientation = .up) -> ImageCatalog {
    ImageCatalog([.primary: ImageMetrics(pixelWidth: w, pixelHeight: h, scale: scale, orientation: orientation)])
}

private let photo = image(4032, 3024)
private let resizable = ViewNode.image(ImageView(ref: .primary, resizing: Resizing()))
private let rigid = ViewNode.image(ImageView(ref: .primary))

private func plan(_ view: ViewNode, _ catalog: ImageCatalog = photo, _ w: Double? = nil, _ h: Double? = nil, scale: Double = 1) throws -> RenderPlan {
    try LayoutEngine.plan(view, images: catalog, proposal: ProposedSize(width: w, height: h), scale: scale)
}

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

@Suite("images (spec §2)")
struct ImageRuleTests {
    @Test(
        "non-resizable reports its point size whatever the proposal",
        arguments: [(nil, nil), (0, 0), (300, 400), (.infinity, .infinity)] as [(Double?, Double?)])
    func rigidSize(_ w: Double?, _ h: Double?) throws {
        #expect(try plan(.frame(rigid, width: nil, height: nil, alignment: .center), photo, w, h).rootSize == Size(width: 4032, height: 3024))
    }

    @Test("resizable takes the proposal, nil means the point size")
    func resizableSize() throws {
        #expect(try plan(resizable, photo, 300, nil).rootSize == Size(width: 300, height: 3024))
        #expect(try plan(resizable, photo, nil, 7).rootSize == Size(width: 4032, height: 7))
        #expect(try plan(resizable, photo, 0.5, 0.25).canvas == PixelSize(width: 1, height: 1))
    }

    @Test("cap insets are a minimum size and the image then overflows")
    func capsMinimum() throws {
        let caps = ViewNode.image(ImageView(ref: .primary, resizing: Resizing(capInsets: EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))))
        let p = try plan(.frame(caps, width: 30, height: 10, alignment: .center), image(30, 30))
        #expect(p.rootSize == Size(width: 30, height: 10))
        #expect(p.images[0].placement.rect == rect(-5, -5, 40, 20))
    }

    @Test("orientation swaps the point size; image scale divides it")
    func metrics() {
        #expect(ImageMetrics(pixelWidth: 4032, pixelHeight: 3024, orientation: .right).pointSize == Size(width: 3024, height: 4032))
        #expect(ImageMetrics(pixelWidth: 4032, pixelHeight: 3024, orientation: .downMirrored).pointSize == Size(width: 4032, height: 3024))
        #expect(ImageMetrics(pixelWidth: 68, pixelHeight: 34, scale: 2, orientation: .leftMirrored).pointSize == Size(width: 17, height: 34))
        #expect(ImageMetrics(pixelWidth: 68, pixelHeight: 34, scale: 0).pointSize == .zero)
    }

    @Test("EXIF tags map to orientations and back", arguments: 1...8)
    func exif(_ tag: Int) throws {
        let orientation = try #require(ImageOrientation(exifValue: tag))
        #expect(orientation.exifValue == tag)
        #expect(orientation.swapsAxes == (tag >= 5))
        #expect(ImageOrientation(exifValue: 0) == nil && ImageOrientation(exifValue: 9) == nil)
    }

    @Test(
        "scale from file names",
        arguments: [("dot@2x.png", 2.0), ("a/b/dot@3x.jpg", 3), ("dot.png", 1), ("me@home.png", 1), ("x@9x.png", 1), ("dot@2x", 2)])
    func fileScale(_ name: String, _ scale: Double) {
        #expect(ImageMetrics.scale(fromFileName: name) == scale)
    }
}

@Suite("aspectRatio (spec §3)")
struct AspectRatioRuleTests {
    @Test("a fully unspecified proposal passes through, even with a ratio")
    func unspecified() throws {
        #expect(try plan(.aspectRatio(resizable, ratio: 2, contentMode: .fit)).rootSize == Size(width: 4032, height: 3024))
    }

    @Test(
        "fit and fill scale the ratio base",
        arguments: [
            (ContentMode.fit, 2.0 as Double?, Size(width: 300, height: 150)), (.fill, 2, Size(width: 800, height: 400)),
            (.fit, nil, Size(width: 300, height: 225)), (.fill, nil, Size(width: 533.3333333333334, height: 400)),
        ])
    func scaling(_ mode: ContentMode, _ ratio: Double?, _ size: Size) throws {
        let root = try plan(.aspectRatio(resizable, ratio: ratio, contentMode: mode), photo, 300, 400).rootSize
        #expect(abs(root.width - size.width) < 1e-9 && abs(root.height - size.height) < 1e-9)
    }

    @Test("a square base becomes (1,1); an infinite axis drops out of fit")
    func squareAndInfinity() throws {
        let square = image(34, 34)
        #expect(try plan(.aspectRatio(resizable, ratio: nil, contentMode: .fit), square, 300, 400).rootSize == Size(width: 300, height: 300))
        #expect(try plan(.aspectRatio(resizable, ratio: 2, contentMode: .fit), square, .infinity, 100).rootSize == Size(width: 200, height: 100))
        #expect(throws: LayoutError.nonFiniteRootSize(Size(width: .infinity, height: .infinity))) {
            try plan(.aspectRatio(resizable, ratio: 2, contentMode: .fill), square, .infinity, 100)
        }
    }

    @Test("the ratio is not enforced on a child that ignores the offer")
    func notEnforced() throws {
        #expect(try plan(.aspectRatio(rigid, ratio: 1, contentMode: .fit), photo, 300, 400).rootSize == Size(width: 4032, height: 3024))
        let framed = ViewNode.aspectRatio(.frame(resizable, width: 100, height: 300, alignment: .center), ratio: 1, contentMode: .fit)
        #expect(try plan(framed, photo, 300, 400).rootSize == Size(width: 100, height: 300))
    }
}

@Suite("frames (spec §4–5)")
struct FrameRuleTests {
    @Test("fixed frame: both axes fixed ignore the child; one axis follows it")
    func fixed() throws {
        #expect(try plan(.frame(rigid, width: 10, height: 20, alignment: .center)).rootSize == Size(width: 10, height: 20))
        #expect(try plan(.frame(rigid, width: 10, height: nil, alignment: .center)).rootSize == Size(width: 10, height: 3024))
        let p = try plan(.frame(rigid, width: 300, height: 400, alignment: .bottomTrailing))
        #expect(p.images[0].placement.rect == rect(-3732, -2624, 4032, 3024))
        #expect(p.images[0].placement.visiblePixelRect == PixelRect(x: 0, y: 0, width: 300, height: 400))
    }

    @Test("flexible frame normalisation (dual-tested against SwiftUI)")
    func normalisation() {
        #expect(FlexAxis(min: -10) == FlexAxis(min: 0))
        #expect(FlexAxis(min: 50, ideal: 10).ideal == 50)
        #expect(FlexAxis(min: 10, ideal: 50, max: 20).max == 50)
        #expect(FlexAxis(max: -5).max == 0)
        let contradictory = FlexAxis(min: 200, max: 100)
        #expect(contradictory.min == 200 && contradictory.max == 100)
    }

    static func flex(_ w: FlexAxis, _ child: ViewNode = rigid) -> ViewNode {
        .flexFrame(child, FlexFrame(width: w, height: FlexAxis(), alignment: .center))
    }

    /// Each sizing branch of spec §5.2–5.3 along the width, for a rigid 100-pt child.
    @Test(
        "flexible frame sizing branches",
        arguments: [
            (FlexAxis(min: 0, max: .infinity), 300.0 as Double?, 300.0),  // decided: clamp(P)
            (FlexAxis(min: 0, max: 250), 300, 250),
            (FlexAxis(min: 200), 300, 200),  // min only: max(min(P, child), min)
            (FlexAxis(min: 50), 300, 100),
            (FlexAxis(max: 80), 300, 80),  // max only: min(max(P, child), max)
            (FlexAxis(max: 500), 300, 300),
            (FlexAxis(max: 500), nil, 100),  // nil proposal: the child's size
            (FlexAxis(ideal: 40), nil, 40),  // nil proposal and an ideal: decided
            (FlexAxis(min: 200, max: 150), 300, 100),  // contradictory: the child decides
            (FlexAxis(min: 120, max: 150), nil, 120),  // both bounds, nil proposal: clamp(child)
        ])
    func sizing(_ axis: FlexAxis, _ proposal: Double?, _ width: Double) throws {
        let p = try plan(Self.flex(axis), image(100, 100), proposal, 100)
        #expect(p.rootSize.width == width)
    }
}

@Suite("secondary layers, border and clipping (spec §7–8)")
struct DecorationRuleTests {
    let dot = ImageCatalog([
        .primary: ImageMetrics(pixelWidth: 4032, pixelHeight: 3024), .named("dot"): ImageMetrics(pixelWidth: 34, pixelHeight: 34),
    ])

    @Test("overlay and background are proposed the host size, aligned, painted in order, not clipped")
    func layers() throws {
        let host = ViewNode.frame(.shape(.color(.clear)), width: 300, height: 400, alignment: .center)
        let view = ViewNode.overlay(
            .background(host, content: .shape(.color(RGBAColor(bytes: 255, 0, 0))), alignment: .center),
            content: .image(ImageView(ref: .named("dot"))), alignment: .topTrailing)
        let p = try plan(view, dot)
        #expect(p.rootSize == Size(width: 300, height: 400))
        guard case .fill(let fill) = p.operations[0], case .image(let image) = p.operations[1] else {
            Issue.record("paint order \(p.operations)")
            return
        }
        #expect(fill.placement.pixelRect == PixelRect(x: 0, y: 0, width: 300, height: 400))
        #expect(image.placement.rect == rect(266, 0, 34, 34))
    }

    @Test("Color leaves take 10×10 when unspecified and Color.clear draws nothing")
    func colorLeaves() throws {
        #expect(try plan(.shape(.color(.clear))).rootSize == Size(width: 10, height: 10))
        #expect(try plan(.shape(.color(.clear))).operations.isEmpty)
        #expect(try plan(.shape(.color(RGBAColor(bytes: 1, 2, 3))), photo, 5, nil).rootSize == Size(width: 5, height: 10))
    }

    @Test("border is a band inside the bounds, in points")
    func border() throws {
        let view = ViewNode.border(.frame(rigid, width: 300, height: 400, alignment: .center), paint: .color(RGBAColor(bytes: 0, 0, 255)), width: 2)
        let b = try plan(view, photo, scale: 2).borders[0]
        #expect(b.placement.pixelRect == PixelRect(x: 0, y: 0, width: 600, height: 800))
        #expect(b.innerPixelRect == PixelRect(x: 4, y: 4, width: 592, height: 792))
        let thick = try plan(.border(.frame(rigid, width: 3, height: 3, alignment: .center), paint: .color(.clear), width: 2)).borders[0]
        #expect(thick.innerPixelRect == nil)
    }

    @Test("clipped cuts only its own subtree; nested clips intersect")
    func clipping() throws {
        let inner = ViewNode.clipped(.frame(rigid, width: 300, height: 400, alignment: .topLeading), antialiased: false)
        let outer = ViewNode.clipped(.frame(inner, width: 200, height: 500, alignment: .bottomTrailing), antialiased: false)
        let bordered = ViewNode.border(.frame(outer, width: 600, height: 600, alignment: .topLeading), paint: .color(.clear), width: 1)
        let p = try plan(bordered)
        let image = p.images[0].placement
        // inner frame at (−100, 100) in the 200×500 frame: inner clip (−100,100,300,400) ∩ outer clip (0,0,200,500).
        #expect(image.rect == rect(-100, 100, 4032, 3024))
        #expect(image.clipRect == rect(-100, 100, 300, 400))
        #expect(image.visiblePixelRect == PixelRect(x: 0, y: 100, width: 200, height: 400))
        #expect(p.borders[0].placement.clipRect == nil)
        #expect(p.borders[0].placement.visiblePixelRect == PixelRect(x: 0, y: 0, width: 600, height: 600))
    }

    @Test("an image entirely outside the canvas has no visible rect")
    func invisible() throws {
        let view = ViewNode.overlay(
            .frame(.shape(.color(.clear)), width: 10, height: 10, alignment: .center),
            content: .frame(.image(ImageView(ref: .named("dot"))), width: 10, height: 10, alignment: .center), alignment: .center)
        let shifted = ViewNode.frame(view, width: 10, height: 10, alignment: .center)
        #expect(try plan(shifted, dot).images[0].placement.visiblePixelRect == PixelRect(x: 0, y: 0, width: 10, height: 10))
        let clippedAway = ViewNode.clipped(.frame(.shape(.color(.clear)), width: 0.2, height: 10, alignment: .center), antialiased: false)
        #expect(
            try plan(.overlay(.frame(clippedAway, width: 10, height: 10, alignment: .center), content: .shape(.color(.clear)), alignment: .center))
                .operations.isEmpty)
    }
}

@Suite("tiles and 9-slices (spec §9)")
struct TilingRuleTests {
    static let tile = ViewNode.image(ImageView(ref: .primary, resizing: Resizing(mode: .tile)))

    @Test("tiles repeat at the point size from the rect's top-left")
    func grid() throws {
        let p = try plan(.frame(Self.tile, width: 100, height: 50, alignment: .center), image(34, 34), scale: 2)
        guard case .tile(let grid) = p.images[0].content else { Issue.record("not tiled"); return }
        #expect(grid.origin == .zero && grid.tileSize == Size(width: 34, height: 34))
        #expect(grid.columns.count == 3 && grid.columns.lastLength == 32)
        #expect(grid.rows.count == 2 && grid.rows.lastLength == 16)
    }

    @Test("a tile image the size of its rect, or with a span ≤ 1 pt, is stretched")
    func notTiled() throws {
        #expect(try plan(.frame(Self.tile, width: 34, height: 34, alignment: .center), image(34, 34)).images[0].content == .stretch)
        #expect(try plan(.frame(Self.tile, width: 100, height: 100, alignment: .center), image(1, 1)).images[0].content == .stretch)
    }

    @Test("9-slice lines: destination in points and pixels, source in pixels of a 2x image")
    func nineSlice() throws {
        let caps = ViewNode.image(ImageView(ref: .primary, resizing: Resizing(capInsets: EdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5))))
        let p = try plan(.frame(caps, width: 50, height: 30, alignment: .center), image(30, 30, scale: 2), scale: 3)
        guard case .nineSlice(let slice) = p.images[0].content else { Issue.record("no 9-slice"); return }
        #expect(slice.mode == .stretch && slice.tiles == nil)
        #expect(slice.destinationColumns == [0, 5, 45, 50] && slice.destinationRowsPx == [0, 15, 75, 90])
        #expect(slice.sourceColumnsPx == [0, 10, 20, 30])
    }
}

@Suite("layout errors")
struct LayoutErrorTests {
    @Test("unknown image, empty or infinite root, bad scale, out-of-range content")
    func errors() {
        #expect(throws: LayoutError.unknownImage(.named("x"))) { try plan(.image(ImageView(ref: .named("x")))) }
        #expect(throws: LayoutError.emptyRootSize(Size(width: 0, height: 10))) { try plan(.frame(rigid, width: 0, height: 10, alignment: .center)) }
        #expect(throws: LayoutError.invalidScale(0)) { try plan(rigid, scale: 0) }
        #expect(throws: LayoutError.self) { try plan(rigid, scale: .nan) }
        #expect(throws: LayoutError.self) { try plan(.frame(rigid, width: 1e300, height: 1, alignment: .center)) }
        // A zero-width ideal makes `.fill` offer (NaN, ∞): the red leaf inside a 1×1 root is infinitely tall.
        let zeroWide = ViewNode.frame(.shape(.color(RGBAColor(bytes: 255, 0, 0))), width: 0, height: nil, alignment: .center)
        let infiniteChild = ViewNode.frame(.aspectRatio(zeroWide, ratio: nil, contentMode: .fill), width: 1, height: 1, alignment: .center)
        #expect(throws: LayoutError.self) { try plan(infiniteChild) }
        #expect(throws: LayoutError.self) { try plan(resizable, photo, .nan, 5) }
    }

    @Test("errors explain themselves")
    func messages() {
        #expect(LayoutError.nonFiniteRootSize(Size(width: 300, height: .infinity)).description.hasPrefix("non-finite root size 300×∞"))
        #expect(LayoutError.unknownImage(.named("wm.png")).description.contains("Image(\"wm.png\")"))
    }
}
