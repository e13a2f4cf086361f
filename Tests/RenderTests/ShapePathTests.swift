import Layout
import Testing

@testable import Render

/// The geometry of shapes in pixel space (spec §5.2), before any rasterizing.
@Suite("render: shape paths")
struct ShapePathTests {
    static let rect = Rect(x: 10, y: 20, width: 100, height: 60)

    @Test(
        "every outline stays inside its rect (control points bound the curves)",
        arguments: [
            ShapeKind.rectangle, .roundedRectangle(cornerRadius: 12), .roundedRectangle(cornerRadius: 12, style: .circular),
            .roundedRectangle(cornerRadius: 500), .capsule(style: .continuous), .ellipse, .circle,
        ])
    func staysInside(_ outline: ShapeKind) throws {
        let bounds = try #require(outline.path(in: Self.rect).controlBounds)
        #expect(bounds.x >= Self.rect.x - 1e-9 && bounds.y >= Self.rect.y - 1e-9)
        #expect(bounds.maxX <= Self.rect.maxX + 1e-9 && bounds.maxY <= Self.rect.maxY + 1e-9)
    }

    @Test("a circle is drawn in the centred square")
    func circleCentredSquare() throws {
        let bounds = try #require(ShapePath.circle(Self.rect).controlBounds)
        #expect(bounds == Rect(x: 30, y: 20, width: 60, height: 60))
    }

    @Test("the continuous corner leaves the top edge 1.52866483·r before the corner")
    func continuousReach() {
        let path = ShapePath.roundedRectangle(Self.rect, cornerWidth: 10, cornerHeight: 10, style: .continuous)
        // move to the end of the top-left corner, then a line to the start of the top-right one.
        guard case .move(let start) = path.elements[0], case .line(let end) = path.elements[1] else {
            Issue.record("not a move and a line: \(path.elements.prefix(2))")
            return
        }
        #expect(abs(start.x - (10 + 15.2866483)) < 1e-9 && start.y == 20)
        #expect(abs(end.x - (110 - 15.2866483)) < 1e-9 && end.y == 20)
    }

    @Test("the blend toward circular: none while the corner fits, complete at half the side, reach = h/r")
    func blend() {
        #expect(RoundedCornerStyle.blend(halfSide: 30, corner: 10) == 0)
        #expect(RoundedCornerStyle.blend(halfSide: 30, corner: 30) == 1)
        let t = RoundedCornerStyle.blend(halfSide: 30, corner: 25)
        #expect(t > 0 && t < 1)
        #expect(abs((1 - t) * RoundedCornerStyle.continuousReach + t - 30.0 / 25) < 1e-12)
    }

    @Test("a capsule's continuous corners are exactly its circular ones")
    func capsuleEnds() {
        let continuous = ShapePath.capsule(Self.rect, style: .continuous)
        let circular = ShapePath.capsule(Self.rect, style: .circular)
        // The continuous path keeps the degenerate steps; its distinct points are the circular path's.
        func points(_ path: ShapePath) -> [Point] {
            var out: [Point] = []
            for element in path.elements {
                switch element {
                case .move(let p), .line(let p): out.append(p)
                case let .cubic(c1, c2, to): out += [c1, c2, to]
                case .close: break
                }
            }
            return out.reduce(into: []) { kept, p in
                if let last = kept.last, abs(last.x - p.x) < 1e-9, abs(last.y - p.y) < 1e-9 { return }
                kept.append(p)
            }
        }
        #expect(points(continuous).count == points(circular).count)
        for (a, b) in zip(points(continuous), points(circular)) {
            #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
        }
    }

    @Test("the corner size is clamped to half the shorter side; zero is a rectangle")
    func clamped() {
        let huge = ShapePath.roundedRectangle(Self.rect, cornerWidth: 500, cornerHeight: 500, style: .circular)
        let half = ShapePath.roundedRectangle(Self.rect, cornerWidth: 30, cornerHeight: 30, style: .circular)
        #expect(huge == half)
        #expect(ShapePath.roundedRectangle(Self.rect, cornerWidth: 0, cornerHeight: 0, style: .continuous) == .rectangle(Self.rect))
    }

    @Test("strokeBorder insets the outline by half the line and the corner by the same amount")
    func strokeBorderInset() {
        let outline = ShapeKind.roundedRectangle(cornerRadius: 12, style: .circular)
        let traced = ShapeDrawing.strokeBorder(lineWidth: 8).trace(outline, in: Self.rect)
        #expect(traced.lineWidth == 8)
        #expect(traced.path == .roundedRectangle(Rect(x: 14, y: 24, width: 92, height: 52), cornerWidth: 8, cornerHeight: 8, style: .circular))
        let stroke = ShapeDrawing.stroke(lineWidth: 8).trace(outline, in: Self.rect)
        #expect(stroke.path == outline.path(in: Self.rect))
    }
}
