import Layout

/// An outline in pixel space, as moves, straight lines and cubic Béziers: what a SwiftUI shape's
/// `path(in:)` returns, already multiplied by the render scale (sub-pixel coordinates allowed). It
/// is pure geometry; `ShapeRasterizer` turns it into pixels.
struct ShapePath: Sendable, Hashable {
    /// One drawing step, in the order a path is traced.
    enum Element: Sendable, Hashable {
        /// Starts a new sub-path at the point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A cubic Bézier from the current point through control points `c1`, `c2` to `to`.
        case cubic(c1: Point, c2: Point, to: Point)
        /// Closes the current sub-path with a line back to its start.
        case close
    }

    /// The steps, in order.
    private(set) var elements: [Element] = []

    /// An empty path (draws nothing).
    init() {}

    /// Starts a new sub-path at (`x`, `y`).
    mutating func move(_ x: Double, _ y: Double) { elements.append(.move(Point(x: x, y: y))) }

    /// A straight line to (`x`, `y`).
    mutating func line(_ x: Double, _ y: Double) { elements.append(.line(Point(x: x, y: y))) }

    /// A cubic Bézier to `to` with control points `c1` and `c2`.
    mutating func cubic(_ c1: Point, _ c2: Point, to: Point) { elements.append(.cubic(c1: c1, c2: c2, to: to)) }

    /// Closes the current sub-path.
    mutating func close() { elements.append(.close) }

    /// The same path moved by (`dx`, `dy`) pixels.
    func offsetBy(dx: Double, dy: Double) -> ShapePath {
        func moved(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var path = ShapePath()
        path.elements = elements.map { element in
            switch element {
            case .move(let p): .move(moved(p))
            case .line(let p): .line(moved(p))
            case let .cubic(c1, c2, to): .cubic(c1: moved(c1), c2: moved(c2), to: moved(to))
            case .close: .close
            }
        }
        return path
    }

    /// The smallest rect holding every point and control point (control points bound a Bézier, so
    /// the ink of a fill lies inside); `nil` for an empty path.
    var controlBounds: Rect? {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case let .cubic(c1, c2, to): points += [c1, c2, to]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension ShapePath {
    /// SwiftUI's `Rectangle`: the bounds, traced clockwise from the top-left.
    static func rectangle(_ rect: Rect) -> ShapePath {
        var path = ShapePath()
        guard rect.width > 0, rect.height > 0 else { return path }
        path.move(rect.x, rect.y)
        path.line(rect.maxX, rect.y)
        path.line(rect.maxX, rect.maxY)
        path.line(rect.x, rect.maxY)
        path.close()
        return path
    }

    /// SwiftUI's `Ellipse`: the ellipse inscribed in `rect`, as four cubic quarter arcs.
    static func ellipse(_ rect: Rect) -> ShapePath {
        var path = ShapePath()
        guard rect.width > 0, rect.height > 0 else { return path }
        let (rx, ry) = (rect.width / 2, rect.height / 2)
        let (cx, cy) = (rect.x + rx, rect.y + ry)
        // κ places the control points so each quarter deviates from the true arc by < 0.03 %.
        let (kx, ky) = (RoundedCornerStyle.kappa * rx, RoundedCornerStyle.kappa * ry)
        path.move(cx + rx, cy)
        path.cubic(Point(x: cx + rx, y: cy + ky), Point(x: cx + kx, y: cy + ry), to: Point(x: cx, y: cy + ry))
        path.cubic(Point(x: cx - kx, y: cy + ry), Point(x: cx - rx, y: cy + ky), to: Point(x: cx - rx, y: cy))
        path.cubic(Point(x: cx - rx, y: cy - ky), Point(x: cx - kx, y: cy - ry), to: Point(x: cx, y: cy - ry))
        path.cubic(Point(x: cx + kx, y: cy - ry), Point(x: cx + rx, y: cy - ky), to: Point(x: cx + rx, y: cy))
        path.close()
        return path
    }

    /// SwiftUI's `Circle`: the disc inscribed in the square of side `min(w, h)` centred in `rect`.
    static func circle(_ rect: Rect) -> ShapePath {
        ellipse(rect.centredSquare)
    }

    /// SwiftUI's `Capsule(style:)`: a rounded rectangle with corner `min(w, h)/2`, whose ends are
    /// semicircles in either style (the continuous corner blends fully to circular at that size).
    static func capsule(_ rect: Rect, style: RoundedCornerStyle = .continuous) -> ShapePath {
        let r = min(rect.width, rect.height) / 2
        return roundedRectangle(rect, cornerWidth: r, cornerHeight: r, style: style)
    }
}

extension Rect {
    /// The square of side `min(width, height)` centred in this rect (where `Circle` draws).
    var centredSquare: Rect {
        let side = min(width, height)
        return Rect(x: x + (width - side) / 2, y: y + (height - side) / 2, width: side, height: side)
    }

    /// This rect shrunk by `amount` on every side (never below zero size, kept centred).
    func insetBy(_ amount: Double) -> Rect {
        let w = max(width - 2 * amount, 0), h = max(height - 2 * amount, 0)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}
