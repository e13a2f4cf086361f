import Layout
import Testing

private func plan(_ view: ViewNode, _ w: Double? = nil, _ h: Double? = nil, scale: Double = 1) throws -> RenderPlan {
    try LayoutEngine.plan(view, images: ImageCatalog(), proposal: ProposedSize(width: w, height: h), scale: scale)
}

private let gray = ViewNode.shape(.color(NamedColors.color(named: "gray")!))
private func fixed(_ w: Double, _ h: Double) -> ViewNode { .frame(gray, width: w, height: h, alignment: .center) }
private func flex(min: Double? = nil, max: Double? = nil) -> ViewNode {
    .flexFrame(gray, FlexFrame(width: FlexAxis(min: min, max: max)))
}
private func rects(_ p: RenderPlan) -> [Rect] { p.leaves.map(\.rect) }
private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

@Suite("stack distribution (views spec §1.3)")
struct StackDistributionTests {
    @Test("objc.io: maxWidth 100 and minWidth 100 in 150 give 75 and 100, overflowing")
    func objcio() throws {
        let p = try plan(
            .frame(.hStack(alignment: .center, spacing: 0, children: [flex(max: 100), flex(min: 100)]), width: 150, height: 10, alignment: .center))
        #expect(p.leaves.map(\.rect.width) == [75, 100])
        #expect(p.leaves[0].rect.x == -12.5)
    }

    @Test("the less flexible child is sized first even when it comes second")
    func lessFlexibleFirst() throws {
        let p = try plan(.hStack(alignment: .center, spacing: 0, children: [gray, flex(max: 50)]), 300, 10)
        #expect(rects(p) == [r(0, 0, 250, 10), r(250, 0, 50, 10)])
    }

    @Test("a higher layoutPriority group gets everything but the lower groups' minimums")
    func priorityGroups() throws {
        let p = try plan(.hStack(alignment: .center, spacing: 0, children: [flex(min: 40), .layoutPriority(gray, 1)]), 300, 10)
        #expect(p.leaves.map(\.rect.width) == [40, 260])
    }

    @Test("layoutPriority under a frame is reset to 0; under an effect it passes through")
    func priorityThroughModifiers() throws {
        let framed = ViewNode.flexFrame(.layoutPriority(gray, 1), FlexFrame(width: FlexAxis(min: 0)))
        #expect(try plan(.hStack(alignment: .center, spacing: 0, children: [gray, framed]), 300, 10).leaves.map(\.rect.width) == [150, 150])
        let shadowed = ViewNode.effect(.layoutPriority(flex(min: 0), 1), .shadow(Shadow(radius: 2)))
        #expect(
            try plan(.hStack(alignment: .center, spacing: 0, children: [flex(min: 20), shadowed]), 300, 10).leaves.map(\.rect.width) == [20, 280])
    }

    @Test("among infinitely flexible children the larger minimum goes first")
    func largerMinimumFirst() throws {
        // min 60 first: offered 100/2 = 50, takes 60; the other gets the remaining 40.
        let p = try plan(.hStack(alignment: .center, spacing: 0, children: [flex(min: 10), flex(min: 60)]), 100, 10)
        #expect(p.leaves.map(\.rect.width) == [40, 60])
    }

    @Test("an infinite major proposal makes the root infinite: an error")
    func infinite() {
        #expect(throws: LayoutError.self) { try plan(.hStack(alignment: .center, spacing: nil, children: [gray]), .infinity, 10) }
    }
}

@Suite("spacing (views spec §1.4)")
struct SpacingTests {
    @Test("plain views are 8 apart; a Spacer's neighbours 0; explicit spacing wins")
    func distances() throws {
        #expect(try plan(.hStack(alignment: .center, spacing: nil, children: [fixed(50, 50), fixed(50, 50)])).rootSize.width == 108)
        #expect(
            try plan(.hStack(alignment: .center, spacing: nil, children: [fixed(50, 50), .spacer(minLength: 0), fixed(50, 50)])).rootSize.width == 100
        )
        #expect(try plan(.vStack(alignment: .center, spacing: 3, children: [fixed(50, 50), fixed(50, 50)])).rootSize.height == 103)
    }

    @Test("nested stacks export their children's preferences: still 8 between plain views")
    func nested() throws {
        let inner = ViewNode.hStack(alignment: .center, spacing: 0, children: [fixed(10, 10), fixed(10, 10)])
        #expect(try plan(.vStack(alignment: .center, spacing: nil, children: [inner, fixed(10, 10)])).rootSize.height == 28)
    }

    @Test("padding resets the padded edges to plain: 8 after it")
    func paddingResets() throws {
        let padded = ViewNode.padding(fixed(10, 10), EdgeInsets(top: 0, leading: 0, bottom: 4, trailing: 0))
        #expect(try plan(.vStack(alignment: .center, spacing: nil, children: [padded, fixed(10, 10)])).rootSize.height == 32)
    }
}

@Suite("padding, shapes, ZStack (views spec §2, §4, §5)")
struct ViewLeafTests {
    @Test("padding shrinks the proposal, grows the size, never below 0")
    func padding() throws {
        let p = try plan(.padding(gray, EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)), 100, 50)
        #expect(p.rootSize == Size(width: 100, height: 50))
        #expect(rects(p) == [r(2, 1, 94, 46)])
        let negative = try plan(.padding(fixed(10, 10), EdgeInsets(top: -3, leading: -3, bottom: 0, trailing: 0)))
        #expect(negative.rootSize == Size(width: 7, height: 7))
        #expect(rects(negative) == [r(-3, -3, 10, 10)])
        #expect(throws: LayoutError.self) { try plan(.padding(fixed(10, 10), EdgeInsets(top: -20, leading: -20)), nil, nil) }
    }

    @Test("a Circle reports the square of the shorter side and is centred in a frame")
    func circle() throws {
        let c = ViewNode.shapeView(ShapeView(kind: .circle))
        #expect(try plan(c, 200, 100).rootSize == Size(width: 100, height: 100))
        let framed = try plan(.frame(c, width: 200, height: 100, alignment: .center))
        #expect(framed.leaves[0].rect == r(50, 0, 100, 100))
        #expect(framed.leaves[0].shape?.rect == r(50, 0, 100, 100))
        #expect(try plan(.shapeView(ShapeView(kind: .ellipse)), 200, 100).rootSize == Size(width: 200, height: 100))
    }

    @Test("rounded corners clamp to half the shorter side; strokeBorder insets them")
    func corners() throws {
        let rr = ShapeView(kind: .roundedRectangle(cornerSize: Size(width: 40, height: 40), style: .continuous), drawing: .strokeBorder(lineWidth: 8))
        let p = try plan(.shapeView(rr), 100, 60)
        guard case .shape(let op) = p.operations[0] else { Issue.record("no shape op"); return }
        #expect(op.path.outline == .roundedRectangle(cornerSize: Size(width: 30, height: 30), style: .continuous))
        #expect(
            op.strokePath
                == ResolvedShape(outline: .roundedRectangle(cornerSize: Size(width: 26, height: 26), style: .continuous), rect: r(4, 4, 92, 52)))
    }

    @Test("ZStack is sized by its top-priority children; the others get its size")
    func zstackPriority() throws {
        let p = try plan(.zStack(alignment: .center, children: [.layoutPriority(gray, -1), fixed(80, 40)]), 200, 100)
        #expect(p.rootSize == Size(width: 80, height: 40))
        #expect(rects(p) == [r(0, 0, 80, 40), r(0, 0, 80, 40)])
    }

    @Test("effects change drawing only: offset moves, opacity multiplies, shadows group")
    func effects() throws {
        let moved = ViewNode.effect(.effect(fixed(50, 50), .offset(x: 5, y: 6)), .opacity(0.5))
        let p = try plan(.hStack(alignment: .center, spacing: 0, children: [.effect(moved, .shadow(Shadow(radius: 3))), fixed(50, 50)]))
        #expect(p.rootSize == Size(width: 100, height: 50))
        #expect(p.leaves[0].rect == r(5, 6, 50, 50) && p.leaves[0].layoutRect == r(0, 0, 50, 50) && p.leaves[0].opacity == 0.5)
        guard case .group(let group) = p.operations[0] else { Issue.record("no group"); return }
        #expect(group.operations.count == 1 && p.fills.count == 2)
    }
}
