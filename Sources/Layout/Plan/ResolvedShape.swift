/// A shape's outline resolved for one rect, in root coordinates: what a renderer builds a path or
/// a clip from (views spec §5.2). Circles become an ellipse in the centred square; capsules and
/// rounded rectangles carry their clamped corner size.
public struct ResolvedShape: Sendable, Hashable {
    /// The outline inside `rect`.
    public enum Outline: Sendable, Hashable {
        case rectangle
        /// Corner radii per axis, already clamped to half the shorter side.
        case roundedRectangle(cornerSize: Size, style: RoundedCornerStyle)
        /// The ellipse inscribed in `rect` (a disc when `rect` is square).
        case ellipse
    }

    public var outline: Outline
    /// The outline's bounds: the view's rect, or the centred square for a `Circle`.
    public var rect: Rect

    public init(outline: Outline, rect: Rect) {
        self.outline = outline
        self.rect = rect
    }

    /// A plain rectangle (`clipped()`).
    public init(_ rect: Rect) {
        self.init(outline: .rectangle, rect: rect)
    }

    /// `kind.path(in: rect)`.
    public init(_ kind: ShapeKind, in rect: Rect) {
        let half = min(rect.width, rect.height) / 2
        switch kind {
        case .rectangle:
            self.init(outline: .rectangle, rect: rect)
        case let .roundedRectangle(corner, style):
            let clamped = Size(width: max(0, min(corner.width, half)), height: max(0, min(corner.height, half)))
            self.init(outline: .roundedRectangle(cornerSize: clamped, style: style), rect: rect)
        case .capsule(let style):
            self.init(outline: .roundedRectangle(cornerSize: Size(width: half, height: half), style: style), rect: rect)
        case .ellipse:
            self.init(outline: .ellipse, rect: rect)
        case .circle:
            let square = Rect(x: rect.x + rect.width / 2 - half, y: rect.y + rect.height / 2 - half, width: 2 * half, height: 2 * half)
            self.init(outline: .ellipse, rect: square)
        }
    }

    /// The outline inset by `d` on every side; corners shrink by `d`, never below 0
    /// (`InsettableShape.inset(by:)`, views spec §5.3).
    public func inset(by d: Double) -> ResolvedShape {
        let inner = Rect(
            x: rect.x + d, y: rect.y + d, width: max(0, rect.width - 2 * d), height: max(0, rect.height - 2 * d))
        switch outline {
        case .rectangle, .ellipse:
            return ResolvedShape(outline: outline, rect: inner)
        case let .roundedRectangle(corner, style):
            let size = Size(width: max(corner.width - d, 0), height: max(corner.height - d, 0))
            return ResolvedShape(outline: .roundedRectangle(cornerSize: size, style: style), rect: inner)
        }
    }
}
