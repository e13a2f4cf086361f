import CheckedConversion

/// A 2-D affine map in root coordinates, as `CGAffineTransform` (y down): a point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty). `rotationEffect` and `scaleEffect` draw their subtree through one.
public struct AffineTransform: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// A rotation by `degrees` about `center`; positive angles turn clockwise on screen, as in SwiftUI.
    public static func rotation(degrees: Double, about center: Point) -> AffineTransform {
        let radians = degrees * .pi / 180
        // Exact quarter turns keep exact pixels (sin(π) is not 0 in floating point).
        let quarter = degrees / 90
        let (cosine, sine): (Double, Double) =
            quarter == quarter.rounded()
            ? [(1.0, 0.0), (0, 1), (-1, 0), (0, -1)][((Int(exactly: quarter) ?? 0) % 4 + 4) % 4]
            : Self.cosineAndSine(radians)
        return about(center, a: cosine, b: sine, c: -sine, d: cosine)
    }

    /// cos and sin of `radians` in pure Swift (Layout imports no C maths): reduced to an eighth of a
    /// turn, then Taylor series to 1e-17.
    static func cosineAndSine(_ radians: Double) -> (Double, Double) {
        let quarter = (radians / (.pi / 2)).rounded()
        let r = radians - quarter * (.pi / 2)
        let r2 = r * r
        var sine = 0.0, cosine = 0.0, term = r, cosTerm = 1.0
        for k in 1...12 {
            sine += term
            cosine += cosTerm
            term *= -r2 / Double((2 * k) * (2 * k + 1))
            cosTerm *= -r2 / Double((2 * k - 1) * (2 * k))
        }
        switch ((Int(exactly: quarter.truncatingRemainder(dividingBy: 4)) ?? 0) + 4) % 4 {
        case 0: return (cosine, sine)
        case 1: return (-sine, cosine)
        case 2: return (-cosine, -sine)
        default: return (sine, -cosine)
        }
    }

    /// A scale by `x` and `y` about `center`.
    public static func scale(x: Double, y: Double, about center: Point) -> AffineTransform {
        about(center, a: x, b: 0, c: 0, d: y)
    }

    /// The linear part `(a b c d)` applied around `center`: translate it to the origin, map, translate back.
    private static func about(_ center: Point, a: Double, b: Double, c: Double, d: Double) -> AffineTransform {
        AffineTransform(
            a: a, b: b, c: c, d: d, tx: center.x - (a * center.x + c * center.y), ty: center.y - (b * center.x + d * center.y))
    }

    /// The image of `point`.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The smallest rect holding the image of `rect`'s four corners.
    public func bounds(of rect: Rect) -> Rect {
        let corners = [
            apply(Point(x: rect.x, y: rect.y)), apply(Point(x: rect.maxX, y: rect.y)),
            apply(Point(x: rect.x, y: rect.maxY)), apply(Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// The same map between coordinates multiplied by `factor` (points to pixels).
    public func scaled(by factor: Double) -> AffineTransform {
        AffineTransform(a: a, b: b, c: c, d: d, tx: tx * factor, ty: ty * factor)
    }

    /// False when the map flattens everything onto a line or a point (a scale of 0): nothing is drawn.
    public var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant.isFinite && abs(determinant) > 1e-12
    }
}

/// SwiftUI's `BlendMode`: how a view's pixels combine with what is drawn beneath it.
public enum BlendMode: String, CaseIterable, Sendable, Hashable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusLighter
}

extension Rect {
    /// The point at `unit` fractions of this rect (`.center` is its middle).
    public func point(at unit: UnitPoint) -> Point {
        Point(x: x + unit.x * width, y: y + unit.y * height)
    }
}
