/// A width and height in points (or pixels where a name says so). Components may be `+infinity`:
/// SwiftUI views can answer an infinite proposal with an infinite size.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when both components are finite numbers.
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

/// A position in points; the origin is the root view's top-left corner and y points down.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
}

/// An axis-aligned rectangle in points: the top-left `origin` and a `size`.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }

    /// True when every coordinate is a finite number.
    public var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.isFinite }
}

/// Insets from each edge, in points: `resizable(capInsets:)` uses them to mark the 9-slice caps.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = EdgeInsets()

    /// Sum of the leading and trailing insets.
    public var horizontal: Double { leading + trailing }
    /// Sum of the top and bottom insets.
    public var vertical: Double { top + bottom }
    public var isZero: Bool { self == .zero }
}
