import Layout

extension ShapeKind {
    /// `RoundedRectangle(cornerRadius:style:)`: equal corner width and height, in points.
    static func roundedRectangle(cornerRadius: Double, style: RoundedCornerStyle = .continuous) -> ShapeKind {
        .roundedRectangle(cornerSize: Size(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// The outline in `rect` (pixels); corner sizes are points, drawn at `scale` pixels per point.
    func path(in rect: Rect, scale: Double = 1) -> ShapePath {
        switch self {
        case .rectangle: .rectangle(rect)
        case let .roundedRectangle(corner, style):
            .roundedRectangle(rect, cornerWidth: corner.width * scale, cornerHeight: corner.height * scale, style: style)
        case .capsule(let style): .capsule(rect, style: style)
        case .ellipse: .ellipse(rect)
        case .circle: .circle(rect)
        }
    }

    /// SwiftUI's `InsettableShape.inset(by:)`: the outline drawn in `rect` inset by `amount` pixels; a
    /// rounded rectangle's corner size shrinks by the same amount, never below zero
    /// (`FixedRoundedRect.insetBy`). Capsules, ellipses and circles follow the smaller rect.
    func path(in rect: Rect, insetBy amount: Double, scale: Double = 1) -> ShapePath {
        let inner = rect.insetBy(amount)
        switch self {
        case let .roundedRectangle(corner, style):
            // Clamp to the outer rect first, as SwiftUI clamps the corner before insetting.
            let limit = min(rect.width, rect.height) / 2
            return .roundedRectangle(
                inner, cornerWidth: max(min(corner.width * scale, limit) - amount, 0),
                cornerHeight: max(min(corner.height * scale, limit) - amount, 0), style: style)
        default:
            return path(in: inner, scale: scale)
        }
    }
}

extension ShapeDrawing {
    /// The path to trace and the stroke width in pixels (`nil` to fill) for `kind` drawn in `rect`
    /// (pixels) at `scale`: `stroke` is centred on the outline (butt caps, miter joins, miter limit
    /// 10: `StrokeStyle`'s defaults), `strokeBorder` strokes the outline inset by half the line.
    func trace(_ kind: ShapeKind, in rect: Rect, scale: Double = 1) -> (path: ShapePath, lineWidth: Double?) {
        switch self {
        case .fill: (kind.path(in: rect, scale: scale), nil)
        case .stroke(let width): (kind.path(in: rect, scale: scale), width * scale)
        case .strokeBorder(let width): (kind.path(in: rect, insetBy: width * scale / 2, scale: scale), width * scale)
        }
    }
}
