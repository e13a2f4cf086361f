import Layout

/// How a rounded rectangle's corners are drawn (Layout's `RoundedCornerStyle`): `.circular` is
/// quarter-ellipse arcs of the corner size joined by straight edges; `.continuous` is Apple's
/// continuous-curvature ("squircle") corner, which leaves the straight edge earlier (1.52866483 × the
/// corner size before the corner) and eases into the curve; SwiftUI's default.
extension RoundedCornerStyle {
    /// Control-point distance of a cubic quarter circle of radius 1: 4/3·(√2 − 1).
    static let kappa = 0.552_284_749_830_793_4

    /// How far before the corner the continuous curve leaves the straight edge, in corner sizes.
    static let continuousReach = 1.528_664_83

    /// The continuous corner (the PaintCode reconstruction of the iOS 7 corner the spec adopts, §5.2)
    /// for the top-right corner, as (a, b) pairs: a = corner sizes back along the incoming edge,
    /// b = corner sizes along the outgoing edge. Four steps: line, curve (c1, c2, to), line, curve,
    /// line, curve — 12 points.
    static let continuousCorner: [(Double, Double)] = [
        (1.528_664_83, 0),
        (1.088_493_23, 0), (0.868_406_89, 0), (0.669_934_27, 0.065_496_00),
        (0.631_493_99, 0.074_911_00),
        (0.372_823_92, 0.169_058_99), (0.169_058_99, 0.372_823_92), (0.074_911_00, 0.631_493_99),
        (0.065_496_00, 0.669_934_27),
        (0, 0.868_406_89), (0, 1.088_493_23), (0, 1.528_664_83),
    ]

    /// The circular corner written in the same twelve points (degenerate first and last curves), so
    /// the two can be interpolated point by point.
    static let circularCorner: [(Double, Double)] = [
        (1, 0),
        (1, 0), (1, 0), (1, 0),
        (1, 0),
        (1 - kappa, 0), (0, 1 - kappa), (0, 1),
        (0, 1),
        (0, 1), (0, 1), (0, 1),
    ]

    /// How far a continuous corner blends toward circular when its full reach does not fit:
    /// t = clamp((1.52866483 − h/r) / 0.52866483, 0, 1), with h the half side the corner runs along.
    /// At r = h (a capsule end) t = 1, a true quarter circle; the reach (1 − t)·1.52866483 + t is h/r.
    static func blend(halfSide: Double, corner: Double) -> Double {
        guard corner > 0 else { return 0 }
        return min(max((continuousReach - halfSide / corner) / (continuousReach - 1), 0), 1)
    }
}

extension ShapePath {
    /// SwiftUI's `RoundedRectangle(cornerSize:style:)` in `rect`. The corner size is clamped to half
    /// the shorter side, per axis (`min(r, min(w, h)/2)`); a zero corner is a plain rectangle.
    /// Continuous corners blend toward circular when 1.52866483·r exceeds half the side (§5.2),
    /// computed per axis so an elliptical corner size blends on the tighter axis.
    static func roundedRectangle(_ rect: Rect, cornerWidth: Double, cornerHeight: Double, style: RoundedCornerStyle) -> ShapePath {
        guard rect.width > 0, rect.height > 0 else { return ShapePath() }
        let limit = min(rect.width, rect.height) / 2
        let rw = min(max(cornerWidth, 0), limit), rh = min(max(cornerHeight, 0), limit)
        guard rw > 0, rh > 0 else { return rectangle(rect) }
        let corner: [(Double, Double)]
        switch style {
        case .circular:
            corner = RoundedCornerStyle.circularCorner
        case .continuous:
            let t = max(
                RoundedCornerStyle.blend(halfSide: rect.width / 2, corner: rw),
                RoundedCornerStyle.blend(halfSide: rect.height / 2, corner: rh))
            corner = zip(RoundedCornerStyle.continuousCorner, RoundedCornerStyle.circularCorner).map { c, r in
                ((1 - t) * c.0 + t * r.0, (1 - t) * c.1 + t * r.1)
            }
        }
        // Corners clockwise (y down): each as its corner point K, U = one corner size back along the
        // incoming edge, V = one corner size along the outgoing edge; p(a, b) = K + a·U + b·V.
        let frames: [(k: Point, u: Point, v: Point)] = [
            (Point(x: rect.maxX, y: rect.y), Point(x: -rw, y: 0), Point(x: 0, y: rh)),
            (Point(x: rect.maxX, y: rect.maxY), Point(x: 0, y: -rh), Point(x: -rw, y: 0)),
            (Point(x: rect.x, y: rect.maxY), Point(x: rw, y: 0), Point(x: 0, y: -rh)),
            (Point(x: rect.x, y: rect.y), Point(x: 0, y: rh), Point(x: rw, y: 0)),
        ]
        func point(_ frame: (k: Point, u: Point, v: Point), _ ab: (Double, Double)) -> Point {
            Point(x: frame.k.x + ab.0 * frame.u.x + ab.1 * frame.v.x, y: frame.k.y + ab.0 * frame.u.y + ab.1 * frame.v.y)
        }
        var path = ShapePath()
        let start = point(frames[3], corner[11])
        path.move(start.x, start.y)
        for frame in frames {
            let p = corner.map { point(frame, $0) }
            if style == .circular {
                // Only the line and the real quarter arc; the degenerate curves add nothing.
                path.line(p[4].x, p[4].y)
                path.cubic(p[5], p[6], to: p[7])
                continue
            }
            path.line(p[0].x, p[0].y)
            path.cubic(p[1], p[2], to: p[3])
            path.line(p[4].x, p[4].y)
            path.cubic(p[5], p[6], to: p[7])
            path.line(p[8].x, p[8].y)
            path.cubic(p[9], p[10], to: p[11])
        }
        path.close()
        return path
    }
}
