/// SwiftUI's `RoundedCornerStyle`: quarter-circle corners or the continuous-curvature "squircle".
public enum RoundedCornerStyle: String, CaseIterable, Sendable, Hashable {
    case circular, continuous
}

/// The five basic SwiftUI shapes (views spec §5.2).
public enum ShapeKind: Sendable, Hashable {
    case rectangle
    /// `RoundedRectangle(cornerSize:style:)`; `cornerRadius: r` is `cornerSize (r, r)`. The default
    /// style, `.continuous`, is resolved by whoever builds the node.
    case roundedRectangle(cornerSize: Size, style: RoundedCornerStyle)
    /// The disc inscribed in the centred square of side `min(w, h)`; sizes itself as that square.
    case circle
    case ellipse
    /// `RoundedRectangle` with `r = min(w, h) / 2`.
    case capsule(style: RoundedCornerStyle)
}

/// How a shape leaf puts its paint on its path (views spec §5.3).
public enum ShapeDrawing: Sendable, Hashable {
    /// `fill(_:)`: non-zero winding, antialiased.
    case fill
    /// `stroke(_:lineWidth:)`: centred on the outline, half the line outside the bounds.
    case stroke(lineWidth: Double)
    /// `strokeBorder(_:lineWidth:)`: the outline inset by half the line, so the ink stays inside.
    case strokeBorder(lineWidth: Double)
}

/// A shape used as a view: `Circle().fill(Color.red)`, `RoundedRectangle(cornerRadius: 8).stroke()`.
/// A shape given no paint (`Circle()`, `.stroke(lineWidth: 2)`) draws in the foreground style: a
/// `foregroundStyle` around it, else black (views spec §5.3).
public struct ShapeView: Sendable, Hashable {
    public var kind: ShapeKind
    public var paint: Paint
    public var drawing: ShapeDrawing
    /// True while `paint` is the default foreground (black) that an enclosing `foregroundStyle` replaces.
    public var usesForegroundStyle: Bool
    /// The rest of a stroke's `StrokeStyle` (its width is the drawing's): caps, joins, dashes.
    public var lineStyle = StrokeLineStyle()

    public static let defaultForeground = Paint.color(RGBAColor(red: 0, green: 0, blue: 0))

    /// A shape with `paint`, or in the foreground style when `paint` is `nil`.
    public init(kind: ShapeKind, paint: Paint? = nil, drawing: ShapeDrawing = .fill) {
        self.kind = kind
        self.paint = paint ?? Self.defaultForeground
        self.drawing = drawing
        usesForegroundStyle = paint == nil
    }

    /// This shape in `color` if it draws in the foreground style.
    public func inheritingForeground(_ color: RGBAColor?) -> ShapeView {
        guard usesForegroundStyle, let color else { return self }
        var shape = ShapeView(kind: kind, paint: .color(color), drawing: drawing)
        shape.lineStyle = lineStyle
        return shape
    }
}

/// `StrokeStyle` apart from its `lineWidth`: SwiftUI's defaults are butt caps, miter joins, miter
/// limit 10 and no dashes. Lengths in points.
public struct StrokeLineStyle: Sendable, Hashable {
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating; empty draws a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the line starts.
    public var dashPhase: Double

    public init(lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// `CGLineCap`.
    public enum LineCap: String, CaseIterable, Sendable, Hashable { case butt, round, square }
    /// `CGLineJoin`.
    public enum LineJoin: String, CaseIterable, Sendable, Hashable { case miter, round, bevel }
}
