/// The nine SwiftUI alignments, each a pair of guide fractions (leading/top 0, center ½, trailing/bottom 1).
public enum Alignment: String, CaseIterable, Sendable, Hashable {
    case topLeading, top, topTrailing
    case leading, center, trailing
    case bottomLeading, bottom, bottomTrailing

    /// Horizontal guide as a fraction of a view's width.
    public var horizontalFraction: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: 0
        case .top, .center, .bottom: 0.5
        case .topTrailing, .trailing, .bottomTrailing: 1
        }
    }

    /// Vertical guide as a fraction of a view's height.
    public var verticalFraction: Double {
        switch self {
        case .topLeading, .top, .topTrailing: 0
        case .leading, .center, .trailing: 0.5
        case .bottomLeading, .bottom, .bottomTrailing: 1
        }
    }

    /// Where a child of `child` size goes inside a container of `container` size:
    /// container guide − child guide, per axis (spec §6). May be negative when the child overflows.
    public func childOrigin(child: Size, in container: Size) -> Point {
        Point(
            x: Self.guide(horizontalFraction, container.width) - Self.guide(horizontalFraction, child.width),
            y: Self.guide(verticalFraction, container.height) - Self.guide(verticalFraction, child.height)
        )
    }

    /// `fraction × length`, except that a zero guide stays zero for an infinite length (0 × ∞ is NaN).
    private static func guide(_ fraction: Double, _ length: Double) -> Double {
        fraction == 0 ? 0 : fraction * length
    }
}

/// SwiftUI's `ContentMode`: `.fit` leaves space on one axis, `.fill` overflows on one axis.
public enum ContentMode: String, CaseIterable, Sendable, Hashable {
    case fit, fill
}
