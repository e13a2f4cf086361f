import Layout
import Testing

@Suite("pixel grid (spec §10–11)")
struct PixelGridTests {
    @Test("ties round up, toward +∞", arguments: [(87.5, 88), (-37.5, -37), (-2.5, -2), (0.5, 1), (-0.5, 0), (0.49, 0), (2.51, 3)])
    func ties(_ points: Double, _ pixel: Int) {
        #expect(PixelGrid(scale: 1).pixel(points) == pixel)
    }

    @Test("floating-point noise does not break a tie")
    func noise() {
        // 0.1 + 0.2 + 0.2 = 0.5000000000000001 and 1.1 * 3 = 3.3000000000000003: still ties/whole at their grids.
        #expect(PixelGrid(scale: 1).pixel(0.1 + 0.2 + 0.2) == 1)
        #expect(PixelGrid(scale: 3).pixel(83.25) == 250)  // 249.75 → 250
        #expect(PixelGrid(scale: 3).pixel(1.0 / 6.0) == 1)  // exactly half a pixel at 3x → up
        #expect(PixelGrid(scale: 3).pixel(-1.0 / 6.0) == 0)
    }

    @Test("rect edges round independently, in root coordinates")
    func rect() {
        let grid = PixelGrid(scale: 1)
        // spec §10 consequence 1: 533.333 wide is 534 px at x = −116.667 but 533 px at x = 0.
        #expect(
            grid.pixelRect(Rect(x: -116.66666666666669, y: 0, width: 533.3333333333334, height: 400))
                == PixelRect(x: -117, y: 0, width: 534, height: 400))
        #expect(grid.pixelRect(Rect(x: 0, y: 0, width: 533.3333333333334, height: 400)) == PixelRect(x: 0, y: 0, width: 533, height: 400))
        #expect(grid.pixelRect(Rect(x: 0, y: 83.25, width: 333, height: 166.5)) == PixelRect(x: 0, y: 83, width: 333, height: 167))
        #expect(PixelGrid(scale: 2).pixelRect(Rect(x: 0.25, y: 0.75, width: 10, height: 10)) == PixelRect(x: 1, y: 2, width: 20, height: 20))
        #expect(PixelGrid(scale: 2).points(PixelRect(x: 1, y: 2, width: 20, height: 20)) == Rect(x: 0.5, y: 1, width: 10, height: 10))
    }

    @Test("canvas is the root size rounded up to the grid")
    func canvas() {
        #expect(PixelGrid(scale: 1).canvas(for: Size(width: 533.3333333333334, height: 400)) == PixelSize(width: 534, height: 400))
        #expect(PixelGrid(scale: 2).canvas(for: Size(width: 100.25, height: 50)) == PixelSize(width: 201, height: 100))
        #expect(PixelGrid(scale: 3).canvas(for: Size(width: 100.0 / 3.0, height: 1.1)) == PixelSize(width: 100, height: 4))
        #expect(PixelGrid(scale: 1).canvas(for: Size(width: 300.0000000000001, height: 0.2)) == PixelSize(width: 300, height: 1))
    }

    @Test("pixel rect intersection")
    func intersection() {
        let a = PixelRect(x: -10, y: 0, width: 50, height: 50)
        #expect(a.intersection(PixelRect(x: 0, y: 10, width: 100, height: 10)) == PixelRect(x: 0, y: 10, width: 40, height: 10))
        #expect(a.intersection(PixelRect(x: 40, y: 0, width: 5, height: 5)) == nil)
    }
}

@Suite("alignment (spec §6)")
struct AlignmentTests {
    static let expected: [(Alignment, Double, Double)] = [
        (.topLeading, 0, 0), (.top, 100, 0), (.topTrailing, 200, 0),
        (.leading, 0, 175), (.center, 100, 175), (.trailing, 200, 175),
        (.bottomLeading, 0, 350), (.bottom, 100, 350), (.bottomTrailing, 200, 350),
    ]

    @Test("child origin = container guide − child guide", arguments: expected)
    func origin(_ alignment: Alignment, _ x: Double, _ y: Double) {
        #expect(alignment.childOrigin(child: Size(width: 100, height: 50), in: Size(width: 300, height: 400)) == Point(x: x, y: y))
        // A larger child overflows by the mirrored amount.
        #expect(
            alignment.childOrigin(child: Size(width: 500, height: 500), in: Size(width: 300, height: 400))
                == Point(x: -x, y: -y * 100 / 350))
    }

    @Test("a zero guide stays zero for infinite sizes")
    func infinite() {
        #expect(Alignment.topLeading.childOrigin(child: Size(width: .infinity, height: .infinity), in: Size(width: 10, height: 10)) == .zero)
    }
}
