import Layout
import Testing
import TransformSpec

/// Radial, elliptical and angular gradients drawn: colours at known points of the view.
@Suite("render: radial, elliptical and angular gradients")
struct RadialAngularGradientTests {
    static func render(_ chain: String) throws -> Bitmap {
        try SourceFolder().render(view: try TransformSpec.parseChain(chain, source: "unused.png"))
    }

    static func near(_ p: RGBA, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, within tolerance: Int = 3) -> Bool {
        zip([Int(p.r), Int(p.g), Int(p.b), Int(p.a)], [r, g, b, a]).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("radial: the first colour at the centre, halfway at the middle radius, the last held past the end")
    func radial() throws {
        // Black to white over 0…40 pt around the centre of 100×100: pixel (50+20, 50) is 20.5 pt out.
        let b = try Self.render(
            "RadialGradient(colors: [.black, .white], center: .center, startRadius: 0, endRadius: 40).frame(width: 100, height: 100)")
        #expect(b.width == 100 && b.height == 100)
        #expect(Self.near(b[50, 50], 2, 2, 2, within: 4))
        #expect(Self.near(b[70, 50], 131, 131, 131, within: 2), "\(b[70, 50])")
        #expect(b[2, 2] == RGBA(255, 255, 255) && b[97, 50] == RGBA(255, 255, 255))
    }

    @Test("radii are points: at scale 2 the same gradient spans twice the pixels")
    func radialScale() throws {
        let spec = try TransformSpec.parse(
            source: "unused.png",
            query:
                "chain=RadialGradient(colors:[.black,.white],center:.center,startRadius:0,endRadius:40).frame(width:100,height:100)&scale=2&fmt=png")
        let b = try Bitmap(encoded: try SourceFolder().renderer.render(spec).bytes)
        #expect(b.width == 200)
        #expect(Self.near(b[140, 100], 130, 130, 130, within: 2), "\(b[140, 100])")
    }

    @Test("elliptical: stretched to the rect, the last colour reached at the middle of each edge")
    func elliptical() throws {
        let b = try Self.render("EllipticalGradient(colors: [.black, .white]).frame(width: 200, height: 50)")
        #expect(Self.near(b[100, 25], 3, 3, 3, within: 4))
        // Halfway out along each axis: x at 50 of 100, y at 12.5 of 25.
        #expect(Self.near(b[150, 25], 128, 128, 128, within: 3), "\(b[150, 25])")
        #expect(Self.near(b[100, 12], 133, 133, 133, within: 6), "\(b[100, 12])")
        #expect(b[199, 25].r >= 252 && b[100, 0].r >= 250)
    }

    @Test("angular: 0° points to the trailing edge, angles grow clockwise, a full turn by default")
    func angular() throws {
        let b = try Self.render("AngularGradient(colors: [.black, .white], center: .center).frame(width: 100, height: 100)")
        // Just below the trailing axis (a few degrees clockwise): near black; a quarter turn (down): a quarter grey;
        // half a turn (leading): mid grey; three quarters (up): three-quarter grey.
        #expect(b[95, 51].r < 10, "\(b[95, 51])")
        #expect(Self.near(b[50, 95], 64, 64, 64, within: 4), "\(b[50, 95])")
        #expect(Self.near(b[5, 50], 128, 128, 128, within: 4), "\(b[5, 50])")
        #expect(Self.near(b[50, 5], 191, 191, 191, within: 4), "\(b[50, 5])")
    }

    @Test("angular with less than a turn: the gap takes the last colour, then the first, halfway across")
    func angularGap() throws {
        let b = try Self.render(
            "AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(90)).frame(width: 100, height: 100)")
        #expect(Self.near(b[85, 85], 128, 91, 152, within: 3), "\(b[85, 85])")  // 45°: halfway
        #expect(b[10, 60] == RGBA(0, 122, 255), "\(b[10, 60])")  // just past 180°: last colour
        #expect(b[60, 10] == RGBA(255, 59, 48), "\(b[60, 10])")  // past 225°: first colour
    }

    @Test("as a shape's fill: cut to the shape; Color.….gradient is lighter at the top than at the bottom")
    func fills() throws {
        let circle = try Self.render(
            "Circle().fill(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10)).frame(width: 40, height: 40)")
        #expect(circle[1, 1].a == 0 && circle[20, 20].a == 255 && circle[37, 20] == RGBA(0, 122, 255))
        let standard = try Self.render("Color.blue.gradient.frame(width: 10, height: 100)")
        #expect(Self.near(standard[5, 0], 32, 139, 255, within: 1) && Self.near(standard[5, 99], 0, 122, 255, within: 1))
    }
}
