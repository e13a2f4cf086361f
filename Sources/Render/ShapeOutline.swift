import Layout

/// A SwiftUI shape as the renderer draws it: which outline, before it is placed in a rect. It knows
/// how to inset itself, which `strokeBorder` needs (a rounded rectangle's corner shrinks with it).
enum ShapeOutline: Sendable, Hashable {
    /// `Rectangle`.
    case rectangle
    /// `RoundedRectangle(cornerSize:style:)`, corner size in pixels (clamped when drawn).
    case roundedRectangle(cornerWidth: Double, cornerHeight: Double, style: RoundedCornerStyle)
    /// `Capsule(style:)`.
    case capsule(style: RoundedCornerStyle)
    /// `Ellipse`.
    case ellipse
    /// `Circle`: the disc in the centred square.
    case circle

    /// `RoundedRectangle(cornerRadius:style:)`: equal corner width and height.
    static func roundedRectangle(cornerRadius: Double, style: RoundedCornerStyle = .continuous) -> ShapeOutline {
        .roundedRectangle(cornerWidth: cornerRadius, cornerHeight: cornerRadius, style: style)
    }

    /// The outline in `rect` (pixels).
    func path(in rect: Rect) -> ShapePath {
        switch self {
        case .rectangle: .rectangle(rect)
        case let .roundedRectangle(w, h, style): .roundedRectangle(rect, cornerWidth: w, cornerHeight: h, style: style)
        case .capsule(let style): .capsule(rect, style: style)
        case .ellipse: .ellipse(rect)
        case .circle: .circle(rect)
        }
    }

    /// SwiftUI's `InsettableShape.inset(by:)`: the outline drawn in `rect` inset by `amount`; a
    /// rounded rectangle's corner size shrinks by the same amount, never below zero
    /// (`FixedRoundedRect.insetBy`). Capsules, ellipses and circles follow the smaller rect.
    func path(in rect: Rect, insetBy amount: Double) -> ShapePath {
        let inner = rect.insetBy(amount)
        switch self {
        case let .roundedRectangle(w, h, style):
            // Clamp to the outer rect first, as SwiftUI clamps the corner before insetting.
            let limit = min(rect.width, rect.height) / 2
            return .roundedRectangle(
                inner, cornerWidth: max(min(w, limit) - amount, 0), cornerHeight: max(min(h, limit) - amount, 0), style: style)
        default:
            return path(in: inner)
        }
    }
}

/// How a shape's outline becomes ink (SwiftUI's `fill`, `stroke` and `strokeBorder`).
enum ShapeDrawing: Sendable, Hashable {
    /// `fill()`: the inside, non-zero winding.
    case fill
    /// `stroke(lineWidth:)`: the outline stroked centred, half the line outside the bounds (butt
    /// caps, miter joins, miter limit 10: `StrokeStyle`'s defaults).
    case stroke(lineWidth: Double)
    /// `strokeBorder(lineWidth:)`: the outline inset by half the line, then stroked, so the ink stays
    /// inside the bounds.
    case strokeBorder(lineWidth: Double)

    /// The path to trace and the stroke width (`nil` to fill) for `outline` drawn in `rect`.
    func trace(_ outline: ShapeOutline, in rect: Rect) -> (path: ShapePath, lineWidth: Double?) {
        switch self {
        case .fill: (outline.path(in: rect), nil)
        case .stroke(let width): (outline.path(in: rect), width)
        case .strokeBorder(let width): (outline.path(in: rect, insetBy: width / 2), width)
        }
    }
}
